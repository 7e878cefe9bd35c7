import {
  API_BASE,
  JOURNAL_ENTRIES_PERMISSION,
  TRIAL_BALANCE_EXPORT_PATH,
  type TrialBalanceQuery,
  LEDGER_PATH,
  TRIAL_BALANCE_PERMISSION,
  journalEntriesPageSchema,
  journalEntriesQuerySchema,
  ledgerBalanceCheckSchema,
  ledgerAccountsSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { checkLedgerBalances, ledgerAccounts, listJournalEntries, readTrialBalance } from './service.js';
import { trialBalanceWorkbook } from './trial-balance-xlsx.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The ledger's read side (Reports → Trial balance). Entries are written only by the money events
 * through `postJournal` / `reverseJournal` of `platform/ledger.ts`, never by a route of their own.
 */
export function ledgerModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: `${LEDGER_PATH}/accounts`,
    permission: TRIAL_BALANCE_PERMISSION,
    summary: 'The chart of accounts: key, code, kind, normal side and name in the caller’s language',
    tags: ['ledger'],
    response: ledgerAccountsSchema,
    handler: async (req) => ledgerAccounts(contextOf(req)),
  });
  route(app, {
    method: 'GET',
    url: `${LEDGER_PATH}/trialBalance`,
    permission: TRIAL_BALANCE_PERMISSION,
    summary: 'Trial balance of a store (or every store the caller reaches) over a period of business dates',
    tags: ['ledger'],
    querystring: trialBalanceQuerySchema,
    response: trialBalanceSchema,
    handler: async (req) => readTrialBalance(contextOf(req), req.query),
  });
  route(app, {
    method: 'GET',
    url: `${LEDGER_PATH}/balanceCheck`,
    permission: TRIAL_BALANCE_PERMISSION,
    summary: 'The kept day balances compared with the journal: every store, date and account that differs',
    tags: ['ledger'],
    response: ledgerBalanceCheckSchema,
    handler: async (req) => checkLedgerBalances(contextOf(req)),
  });
  route(app, {
    method: 'GET',
    url: `${LEDGER_PATH}/entries`,
    permission: JOURNAL_ENTRIES_PERMISSION,
    summary: 'Journal entries with their lines, newest first; filters: store, dates, event, loan',
    tags: ['ledger'],
    querystring: journalEntriesQuerySchema,
    response: journalEntriesPageSchema,
    handler: async (req) => listJournalEntries(contextOf(req), req.query),
  });

  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Querystring: TrialBalanceQuery }>({
    method: 'GET',
    url: `${API_BASE}${TRIAL_BALANCE_EXPORT_PATH}`,
    config: { permission: TRIAL_BALANCE_PERMISSION },
    schema: { summary: 'The trial balance of the same query as an xlsx workbook', tags: ['ledger'], querystring: trialBalanceQuerySchema },
    handler: async (req, reply) => {
      const tb = await readTrialBalance(contextOf(req), req.query);
      const file = await trialBalanceWorkbook(req.lang, tb);
      const name = `trial-balance${tb.from ? `-${tb.from}` : ''}${tb.to ? `-${tb.to}` : ''}.xlsx`;
      return reply.type(XLSX).header('content-disposition', `attachment; filename="${name}"`).send(file);
    },
  });
}
