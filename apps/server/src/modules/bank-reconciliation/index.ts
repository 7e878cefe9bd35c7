import {
  BANK_LINES_PATH,
  BANK_STATEMENTS_PATH,
  RECONCILIATION_POST,
  RECONCILIATION_VIEW,
  assignLineSchema,
  bankAccountResource,
  bankAccountSchema,
  bankIdParamsSchema,
  bankLineResultSchema,
  bankStatementDetailSchema,
  bankStatementImportResultSchema,
  bankStatementImportSchema,
  bankStatementListQuerySchema,
  bankStatementPageSchema,
  csvPreviewResultSchema,
  csvPreviewSchema,
  ignoreLineSchema,
  postMatchedResultSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { translate } from '../../http/i18n.js';
import { registerResource } from '../../http/resource.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx } from '../../platform/tx.js';
import { accountsInUse, bankAccountService } from './accounts.js';
import { readCsv } from './parse.js';
import { assignLine, ignoreLine, parkLine, postMatched } from './reconcile.js';
import { bankAccountRow, getStatement, importStatement, listStatements } from './statements.js';

/** A statement of some ten thousand lines is several megabytes of XML. */
const STATEMENT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * Bank accounts (master data) and bank reconciliation (Repayment → bank reconciliation):
 * docs/bank-reconciliation.md, docs/api.md → Bank reconciliation.
 */
export function bankReconciliationModule(app: FastifyInstance) {
  registerResource(app, bankAccountResource, bankAccountService);
  route(app, {
    method: 'GET',
    url: `${BANK_STATEMENTS_PATH}/accounts`,
    permission: RECONCILIATION_VIEW,
    summary: 'The bank accounts in use of the caller’s store scope, to import a statement into (with their CSV mapping)',
    tags: ['bankReconciliation'],
    response: z.array(bankAccountSchema),
    handler: async (req) => accountsInUse(contextOf(req)),
  });
  route(app, {
    method: 'POST',
    url: `${BANK_STATEMENTS_PATH}/csvPreview`,
    permission: RECONCILIATION_VIEW,
    summary: 'A CSV statement read with a column mapping, nothing saved: the first 20 lines, every row that cannot be read',
    tags: ['bankReconciliation'],
    body: csvPreviewSchema,
    bodyLimit: STATEMENT_BODY_LIMIT,
    response: csvPreviewResultSchema,
    audit: false,
    handler: async (req) => {
      const ctx = contextOf(req);
      await withReadTx(ctx, (tx) => bankAccountRow(tx, ctx, req.body.bankAccountId));
      const read = readCsv(req.body.content, req.body.mapping);
      return {
        headers: read.headers,
        lines: read.lines.slice(0, 20),
        errors: read.errors.map((e) => ({ row: e.row, message: translate(ctx.lang, e.message, e.params) })),
        total: read.lines.length + read.errors.length,
      };
    },
  });
  route(app, {
    method: 'POST',
    url: `${BANK_STATEMENTS_PATH}/import`,
    permission: RECONCILIATION_POST,
    summary: 'Imports a camt.053 or CSV statement into a bank account: new lines (by bank transaction id) added and matched; the same file again changes nothing',
    tags: ['bankReconciliation'],
    body: bankStatementImportSchema,
    bodyLimit: STATEMENT_BODY_LIMIT,
    response: bankStatementImportResultSchema,
    handler: async (req) => {
      const result = await importStatement(contextOf(req), req.body);
      if (result.alreadyImported) succeed(req, 'reconciliation.alreadyImported');
      else succeed(req, 'reconciliation.imported', { added: result.added, duplicates: result.duplicates });
      return result;
    },
  });
  route(app, {
    method: 'GET',
    url: BANK_STATEMENTS_PATH,
    permission: RECONCILIATION_VIEW,
    summary: 'Imported statements of the caller’s store scope, newest first, with their totals',
    tags: ['bankReconciliation'],
    querystring: bankStatementListQuerySchema,
    response: bankStatementPageSchema,
    handler: async (req) => listStatements(contextOf(req), req.query),
  });
  route(app, {
    method: 'GET',
    url: `${BANK_STATEMENTS_PATH}/:id`,
    permission: RECONCILIATION_VIEW,
    summary: 'A statement with its lines, why each matched, its totals and the ledger’s balance of its bank account',
    tags: ['bankReconciliation'],
    params: bankIdParamsSchema,
    response: bankStatementDetailSchema,
    handler: async (req) => getStatement(contextOf(req), req.params.id),
  });
  route(app, {
    method: 'POST',
    url: `${BANK_STATEMENTS_PATH}/:id/postMatched`,
    permission: RECONCILIATION_POST,
    summary: 'Posts every matched line of the statement as a receipt (idempotent per bank transaction id); lines refused are listed with the reason',
    tags: ['bankReconciliation'],
    params: bankIdParamsSchema,
    response: postMatchedResultSchema,
    handler: async (req) => {
      const result = await postMatched(contextOf(req), req.params.id);
      succeed(req, 'reconciliation.posted', { posted: result.posted, skipped: result.skipped, failed: result.failed.length });
      return result;
    },
  });
  route(app, {
    method: 'POST',
    url: `${BANK_LINES_PATH}/:id/assign`,
    permission: RECONCILIATION_POST,
    summary: 'Posts a credit line as a receipt on the loan named: a suggestion confirmed or replaced, an unmatched line, or one out of suspense',
    tags: ['bankReconciliation'],
    params: bankIdParamsSchema,
    body: assignLineSchema,
    response: bankLineResultSchema,
    handler: async (req) => {
      succeed(req, 'success.saved');
      return assignLine(contextOf(req), req.params.id, req.body.loanId);
    },
  });
  route(app, {
    method: 'POST',
    url: `${BANK_LINES_PATH}/:id/suspense`,
    permission: RECONCILIATION_POST,
    summary: 'Parks an unidentified credit line in the suspense account (a balanced bank ↔ suspense entry)',
    tags: ['bankReconciliation'],
    params: bankIdParamsSchema,
    response: bankLineResultSchema,
    handler: async (req) => {
      succeed(req, 'success.saved');
      return parkLine(contextOf(req), req.params.id);
    },
  });
  route(app, {
    method: 'POST',
    url: `${BANK_LINES_PATH}/:id/ignore`,
    permission: RECONCILIATION_POST,
    summary: 'Ignores a credit line that is not a borrower’s payment, with the reason',
    tags: ['bankReconciliation'],
    params: bankIdParamsSchema,
    body: ignoreLineSchema,
    response: bankLineResultSchema,
    handler: async (req) => {
      succeed(req, 'success.saved');
      return ignoreLine(contextOf(req), req.params.id, req.body.reason);
    },
  });
}
