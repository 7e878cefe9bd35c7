import {
  allocationSchema,
  applyTemporaryBodySchema,
  dueStateQuerySchema,
  dueStateSchema,
  receiptPreviewSchema,
  refundTemporaryBodySchema,
  repaymentItemSchema,
  repaymentResource,
} from '@harbour/contracts';
import { settlementBodySchema, settlementQuoteAnswerSchema, settlementQuoteQuerySchema, settlementResultSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { dueState, previewReceipt } from './receipts.js';
import { repaymentService } from './service.js';
import { applyTemporary, refundTemporary } from './temporary.js';
import { postSettlement, settlementQuoteOf } from './settlement.js';

/** Repayments: receipts at the counter (process), their list and their correction. */
export function repaymentsModule(app: FastifyInstance) {
  registerResource(app, repaymentResource, repaymentService);
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
    method: 'POST',
    url: '/repayments/applyTemporary',
    permission: 'repayment.process',
    summary: "Applies the loan's held temporary amount to what is due (a receipt row of type temporary; no money moves)",
    tags: ['repayments'],
    body: applyTemporaryBodySchema,
    response: repaymentItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => applyTemporary(tx, ctx, req.body));
      succeed(req, 'repayments.success.temporaryApplied');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/repayments/refundTemporary',
    permission: 'repayment.void',
    summary: "Pays part or all of the loan's held temporary amount back to the customer (a manager's)",
    tags: ['repayments'],
    body: refundTemporaryBodySchema,
    response: repaymentItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => refundTemporary(tx, ctx, req.body));
      succeed(req, 'repayments.success.temporaryRefunded');
      return item;
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
  route(app, {
    method: 'POST',
    url: '/repayments/settle',
    permission: 'repayment.settlement',
    summary: 'Post an early settlement: one receipt that clears the loan, its journal entry, and the loan completed',
    tags: ['repayments'],
    body: settlementBodySchema,
    response: settlementResultSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const done = await withTx(ctx, (tx) => postSettlement(tx, ctx, req.body));
      succeed(req, 'settlement.success.posted');
      return done;
    },
  });
}
