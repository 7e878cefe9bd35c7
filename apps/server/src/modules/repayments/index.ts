import { REPAYMENT_ACTIONS, allocationSchema, dueStateQuerySchema, dueStateSchema, loanAction, receiptPreviewSchema, repaymentResource } from '@harbour/contracts';
import { REPAYMENT_LOAN_FINDER_PATH, loanListItemSchema, pageOf, repaymentLoanFinderQuerySchema } from '@harbour/contracts';
import { settlementQuoteAnswerSchema, settlementQuoteQuerySchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx } from '../../platform/tx.js';
import { dueState, postReceipt, previewReceipt, receiptRetry } from './receipts.js';
import { lockForReceipt, lockForSettlement, lockForWaiver } from './context.js';
import { guardLoanSearch, listLoans } from '../loan-core/read.js';
import { repaymentService } from './service.js';
import { registerCorrectionsUnderFourEyes } from './four-eyes.js';
import { applyTemporary, applyTemporaryRetry, refundTemporary, refundTemporaryRetry } from './temporary.js';
import { postSettlement, settlementQuoteOf, settlementRetry } from './settlement.js';
import { loanOfWaiver, postWaiver, voidWaiver, waiverRetry } from './waivers.js';
import { registerLoanAction } from '../loan-core/workflow.js';
import {
  API_BASE,
  DAILY_JOB_PATH,
  DAILY_JOB_PERMISSION,
  REPAYMENT_TIPS_EXPORT_PATH,
  REPAYMENT_TIPS_PATH,
  REPAYMENT_TIPS_PERMISSION,
  type RepaymentTipsQuery,
  dailyJobBodySchema,
  dailyJobResultSchema,
  repaymentTipsPageSchema,
  repaymentTipsQuerySchema,
} from '@harbour/contracts';
import { conflict } from '../../platform/errors.js';
import { scheduleDaily } from '../../jobs/schedule.js';
import { DAILY_JOB, hongKongTime, jobContextFor, runDailyServicing } from './daily.js';
import { exportTips, listTips } from './tips.js';
import { tipsWorkbook } from './tips-xlsx.js';
import {
  REPAYMENT_OPERATION_PATH,
  REPAYMENT_OPERATION_PERMISSION,
  REPAYMENT_PROCESS_LIST_EXPORT_PATH,
  REPAYMENT_PROCESS_LIST_PATH,
  REPAYMENT_PROCESS_LIST_PERMISSION,
  type ProcessListQuery,
  operationQuerySchema,
  operationSchema,
  processListPageSchema,
  processListQuerySchema,
} from '@harbour/contracts';
import { listProcess, processListWorkbook } from './process-list.js';
import { repaymentOperation } from './operation.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Repayments: receipts at the counter (process), their list and their correction (`repaymentResource`),
 * the loan's workflow actions (`REPAYMENT_ACTIONS`: temporary amounts, early settlement), and the
 * servicing lists, exports and the daily job.
 */
export function repaymentsModule(app: FastifyInstance) {
  registerResource(app, repaymentResource, repaymentService);
  registerCorrectionsUnderFourEyes();
  route(app, {
    method: 'GET',
    url: '/repayments/due',
    permission: 'repayment.process',
    summary: "A repaying loan on a date: its instalments, overdue interest and fees, and temporary amount",
    tags: ['repayments'],
    querystring: dueStateQuerySchema,
    response: dueStateSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => dueState(tx, ctx, req.query.loanId, req.query.date));
    },
  });
  // The counter finds its loan without the loan list's key: paid-out loans only (no application's data).
  route(app, {
    method: 'GET',
    url: REPAYMENT_LOAN_FINDER_PATH,
    permission: ['repayment.process', 'repayment.statement', 'repayment.settlement', 'repayment.operation'],
    summary: 'Paid-out loans by loan number, name, ID number or phone, for the repayment counter, statements and settlements',
    tags: ['repayments'],
    querystring: repaymentLoanFinderQuerySchema,
    response: pageOf(loanListItemSchema),
    handler: async (req) => {
      const ctx = contextOf(req);
      await guardLoanSearch(ctx, `GET ${REPAYMENT_LOAN_FINDER_PATH}`, req.query.q);
      return withReadTx(ctx, (tx) => listLoans(tx, ctx, { ...req.query, payoutStatus: 'paid', sort: 'applyDate:desc' }));
    },
  });
  route(app, {
    method: 'POST',
    url: '/repayments/preview',
    permission: 'repayment.process',
    summary: 'How a receipt would be allocated (nothing is written)',
    tags: ['repayments'],
    audit: false,
    body: receiptPreviewSchema,
    response: allocationSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => previewReceipt(tx, ctx, req.body));
    },
  });
  route(app, {
    method: 'GET',
    url: '/repayments/settlement',
    permission: 'repayment.settlement',
    summary: 'What settling a repaying loan early costs on a date (MLO s.21; nothing is written)',
    tags: ['repayments'],
    querystring: settlementQuoteQuerySchema,
    response: settlementQuoteAnswerSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => settlementQuoteOf(tx, ctx, req.query.loanId, req.query.date));
    },
  });

  // The loan's workflow actions: each declaration with its service function.
  const action = <N extends (typeof REPAYMENT_ACTIONS)[number]['name']>(name: N) => loanAction(REPAYMENT_ACTIONS, name);
  // the loan's lock reads everything the receipt needs in the same statement (./context.ts)
  registerLoanAction(app, action('receipt'), { lockWith: lockForReceipt, retry: receiptRetry, handler: (tx, ctx, loan, r) => postReceipt(tx, ctx, loan, r) });
  registerLoanAction(app, action('applyTemporary'), { lockWith: lockForReceipt, retry: applyTemporaryRetry, handler: applyTemporary });
  registerLoanAction(app, action('refundTemporary'), { lockWith: lockForReceipt, retry: refundTemporaryRetry, handler: refundTemporary, fourEyes: 'repayments.refundTemporary' });
  registerLoanAction(app, action('settle'), { lockWith: lockForSettlement, retry: settlementRetry, handler: postSettlement });
  registerLoanAction(app, action('waive'), { lockWith: lockForWaiver, retry: waiverRetry, handler: postWaiver, fourEyes: 'loans.waiver' });
  registerLoanAction(app, action('voidWaiver'), { locate: loanOfWaiver, handler: voidWaiver });

  route(app, {
    method: 'GET',
    url: REPAYMENT_TIPS_PATH,
    permission: REPAYMENT_TIPS_PERMISSION,
    summary: 'Loans due within the overdue reminder days and overdue loans, from the daily summaries (filters, sort, pages)',
    tags: ['repayments'],
    querystring: repaymentTipsQuerySchema,
    response: repaymentTipsPageSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listTips(tx, ctx, req.query));
    },
  });
  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Querystring: RepaymentTipsQuery }>({
    method: 'GET',
    url: `${API_BASE}${REPAYMENT_TIPS_EXPORT_PATH}`,
    config: { permission: REPAYMENT_TIPS_PERMISSION },
    schema: { summary: 'The tips list of the same filters and sort as an xlsx workbook', tags: ['repayments'], querystring: repaymentTipsQuerySchema },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const query = repaymentTipsQuerySchema.parse(req.query);
      const tips = await withReadTx(ctx, (tx) => exportTips(tx, ctx, query));
      const file = await tipsWorkbook(req.lang, tips);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="repayment-tips-${tips.today}.xlsx"`).send(file);
    },
  });
  route(app, {
    method: 'GET',
    url: REPAYMENT_PROCESS_LIST_PATH,
    permission: REPAYMENT_PROCESS_LIST_PERMISSION,
    summary: 'Paid-out loans being serviced (repaying by default) with what each owes, its last receipt and temporary amount (filters, sort, pages)',
    tags: ['repayments'],
    querystring: processListQuerySchema,
    response: processListPageSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      await guardLoanSearch(ctx, `GET ${REPAYMENT_PROCESS_LIST_PATH}`, req.query.q);
      return withReadTx(ctx, (tx) => listProcess(tx, ctx, req.query));
    },
  });
  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Querystring: ProcessListQuery }>({
    method: 'GET',
    url: `${API_BASE}${REPAYMENT_PROCESS_LIST_EXPORT_PATH}`,
    config: { permission: REPAYMENT_PROCESS_LIST_PERMISSION },
    schema: { summary: 'The process list of the same filters and sort as an xlsx workbook', tags: ['repayments'], querystring: processListQuerySchema },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const query = processListQuerySchema.parse(req.query);
      await guardLoanSearch(ctx, `GET ${REPAYMENT_PROCESS_LIST_EXPORT_PATH}`, query.q);
      const { file, today } = await withReadTx(ctx, (tx) => processListWorkbook(tx, ctx, req.lang, query));
      return reply.type(XLSX).header('content-disposition', `attachment; filename="repayment-process-list-${today}.xlsx"`).send(file);
    },
  });
  route(app, {
    method: 'GET',
    url: REPAYMENT_OPERATION_PATH,
    permission: REPAYMENT_OPERATION_PERMISSION,
    summary: "One paid-out loan's servicing view: figures of today, instalments with what each paid and was charged, receipts and temporary amount movements",
    tags: ['repayments'],
    querystring: operationQuerySchema,
    response: operationSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => repaymentOperation(tx, ctx, req.query.loanId));
    },
  });
  route(app, {
    method: 'POST',
    url: DAILY_JOB_PATH,
    permission: DAILY_JOB_PERMISSION,
    summary:
      'Run the daily servicing job now (every repaying loan’s due summary recomputed); once per business date: a date already run answers 200 with alreadyRan and changes nothing unless force is true; 409 while a run is under way',
    tags: ['repayments'],
    body: dailyJobBodySchema,
    response: dailyJobResultSchema,
    handler: async (req) => {
      const caller = contextOf(req);
      const run = await runDailyServicing(caller.db, {
        date: req.body.date,
        force: req.body.force === true,
        source: 'api',
        ctx: jobContextFor(caller),
        startedBy: caller.auth?.staffId ?? null,
        retention: true,
      });
      if (run.status === 'busy') throw conflict('servicing.daily.busy');
      // the answer's message says what happened: run now, re-run by force, or already run for the date
      if (run.status === 'already') succeed(req, 'servicing.daily.alreadyRan', { date: run.result.asOf, at: hongKongTime(new Date(run.result.ranAt)) });
      else if (run.result.forced) succeed(req, 'servicing.daily.forcedDone', { date: run.result.asOf, loans: run.result.loans, overdue: run.result.overdue });
      else succeed(req, 'servicing.daily.done');
      return run.result;
    },
  });
  if (app.config.scheduledJobs) {
    scheduleDaily(app, DAILY_JOB, { hour: 0, minute: 5 }, async () => {
      const run = await runDailyServicing(app.db, { source: 'schedule', retention: true });
      if (run.status === 'busy') return 'another instance is running it';
      if (run.status === 'already') return `already ran for ${run.result.asOf} (finished ${run.result.ranAt}); nothing done`;
      return `${run.result.loans} loans as of ${run.result.asOf} (${run.result.durationMs} ms), ${run.result.anonymised ?? 0} customers anonymised`;
    });
  }
}
