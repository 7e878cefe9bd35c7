import {
  API_BASE,
  COLLECTION_ACTIONS,
  type CollectionActionName,
  loanAction,
  COLLECTION_AGENTS_PATH,
  COLLECTION_LOANS_EXPORT_PATH,
  COLLECTION_OVERDUE_PATH,
  COLLECTION_STEPS_EXPORT_PATH,
  COLLECTION_STEPS_PATH,
  type CollectionListQuery,
  type CollectionStepsQuery,
  agentPaymentInputSchema,
  agentPaymentItemSchema,
  agentPaymentVoidSchema,
  collectionAgentsSchema,
  collectionListQuerySchema,
  collectionStepsPageSchema,
  collectionStepsQuerySchema,
  overdueLoansQuerySchema,
  overdueLoansSchema,
  collectionPageSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { listCollectionAgents, payAgent, voidAgentPayment } from './agents.js';
import { collectionLoansWorkbook, collectionStepsWorkbook } from './collection-xlsx.js';
import { STEPS_EXPORT_MAX, exportCollectionSteps, listCollectionSteps } from './steps.js';
import { cancelWriteOff, listCollectionLoans, listOverdueLoans, loanOfRecovery, recallFromOca, recordRecovery, recoveryRetry, transferToOca, voidRecovery, writeOffLoan } from './service.js';
import { registerLoanAction } from '../loan-core/workflow.js';
import { collectorDeskRoutes } from './desk-routes.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Collection (spec §2 OCA write-off): the loan's workflow actions (`COLLECTION_ACTIONS`, served by
 * `registerLoanAction`) and the collection-level lists, exports and agent payments, each handler
 * turning the request into a context and calling one service function in one transaction.
 */
export function collectionModule(app: FastifyInstance) {
  // Answers the file itself, not an envelope; errors still answer the error envelope.
  app.route<{ Querystring: CollectionListQuery }>({
    method: 'GET',
    url: `${API_BASE}${COLLECTION_LOANS_EXPORT_PATH}`,
    config: { permission: 'oca.list' },
    schema: { summary: 'The OCA / write-off list of the same filters and sort as an xlsx workbook', tags: ['collection'], querystring: collectionListQuerySchema },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const query = collectionListQuerySchema.parse(req.query);
      const page = await withReadTx(ctx, (tx) => listCollectionLoans(tx, ctx, query, STEPS_EXPORT_MAX));
      const file = await collectionLoansWorkbook(req.lang, page.items);
      return reply.type(XLSX).header('content-disposition', 'attachment; filename="oca-list.xlsx"').send(file);
    },
  });
  route(app, {
    method: 'GET',
    url: COLLECTION_STEPS_PATH,
    permission: 'oca.processList',
    summary: 'Every collection step (transfer, recall, recovery and its void, write-off and its cancellation, agent payment and its void), filtered and paged',
    tags: ['collection'],
    querystring: collectionStepsQuerySchema,
    response: collectionStepsPageSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listCollectionSteps(tx, ctx, req.query));
    },
  });
  app.route<{ Querystring: CollectionStepsQuery }>({
    method: 'GET',
    url: `${API_BASE}${COLLECTION_STEPS_EXPORT_PATH}`,
    config: { permission: 'oca.processList' },
    schema: { summary: 'The OCA process list of the same filters and sort as an xlsx workbook', tags: ['collection'], querystring: collectionStepsQuerySchema },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const query = collectionStepsQuerySchema.parse(req.query);
      const steps = await withReadTx(ctx, (tx) => exportCollectionSteps(tx, ctx, query));
      const file = await collectionStepsWorkbook(req.lang, steps);
      return reply.type(XLSX).header('content-disposition', 'attachment; filename="oca-process-list.xlsx"').send(file);
    },
  });
  route(app, {
    method: 'GET',
    url: COLLECTION_AGENTS_PATH,
    permission: 'oca.list',
    summary: "OCA agents with their default charge percent and, in the caller's stores, the charges owed to them",
    tags: ['collection'],
    response: collectionAgentsSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listCollectionAgents(tx, ctx));
    },
  });
  route(app, {
    method: 'GET',
    url: COLLECTION_OVERDUE_PATH,
    permission: 'oca.transfer',
    summary: 'Repaying loans with an overdue amount (by loan number or customer name), to transfer to an OCA agent',
    tags: ['collection'],
    querystring: overdueLoansQuerySchema,
    response: overdueLoansSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listOverdueLoans(tx, ctx, req.query.search));
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/agentPayments',
    permission: 'oca.agentPayment',
    summary: 'Pay an OCA agent part or all of the charges it is owed in the current store (never more)',
    tags: ['collection'],
    body: agentPaymentInputSchema,
    response: agentPaymentItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => payAgent(tx, ctx, req.body));
      succeed(req, 'collection.success.agentPaid');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/agentPayments/void',
    permission: 'oca.agentPayment',
    summary: 'Void a payment to an OCA agent entered in error (its entry reversed)',
    tags: ['collection'],
    body: agentPaymentVoidSchema,
    response: agentPaymentItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => voidAgentPayment(tx, ctx, req.body));
      succeed(req, 'collection.success.agentPaymentVoided');
      return item;
    },
  });
  route(app, {
    method: 'GET',
    url: '/collection/loans',
    permission: 'oca.list',
    summary: 'Loans with an OCA agent or written off: agent, OCA date, charge percent, written-off and recovered amounts',
    tags: ['collection'],
    querystring: collectionListQuerySchema,
    response: collectionPageSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listCollectionLoans(tx, ctx, req.query));
    },
  });
  collectorDeskRoutes(app);
  // The loan's workflow actions: each declaration with its service function.
  const action = <N extends CollectionActionName>(name: N) => loanAction(COLLECTION_ACTIONS, name);
  registerLoanAction(app, action('transfer'), { handler: transferToOca });
  registerLoanAction(app, action('recall'), { handler: recallFromOca });
  registerLoanAction(app, action('writeOff'), { handler: writeOffLoan, fourEyes: 'collection.writeOff' });
  registerLoanAction(app, action('cancelWriteOff'), { handler: cancelWriteOff, fourEyes: 'collection.cancelWriteOff' });
  registerLoanAction(app, action('recover'), { retry: recoveryRetry, handler: recordRecovery });
  registerLoanAction(app, action('voidRecovery'), { locate: loanOfRecovery, handler: voidRecovery });
}
