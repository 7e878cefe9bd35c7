import {
  AUTOPAY_POST_PERMISSION,
  AUTOPAY_REJECTED_PATH,
  AUTOPAY_RESULTS_PATH,
  AUTOPAY_RUNS_PATH,
  AUTOPAY_VIEW_PERMISSION,
  autopayRejectedListSchema,
  autopayResultImportSchema,
  autopayResultSummarySchema,
  autopayRunFileSchema,
  autopayRunListSchema,
  autopayRunRequestSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { createRun, importResults, listRejected, listRuns } from './service.js';

/** Autopay (direct debit): instruction files, the bank's results, the rejected debits (docs/autopay.md). */
export function autopayModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: AUTOPAY_RUNS_PATH,
    permission: AUTOPAY_VIEW_PERMISSION,
    summary: 'The autopay instruction files made, newest first, with how many were paid and rejected',
    tags: ['repayments'],
    response: autopayRunListSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listRuns(tx, ctx));
    },
  });

  route(app, {
    method: 'POST',
    url: AUTOPAY_RUNS_PATH,
    permission: AUTOPAY_POST_PERMISSION,
    summary: "Make the autopay instruction file (CSV) for a store's instalments due on a date; each loan is sent once a due date",
    tags: ['repayments'],
    body: autopayRunRequestSchema,
    response: autopayRunFileSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const file = await withTx(ctx, (tx) => createRun(tx, ctx, req.body));
      succeed(req, 'success.created');
      return file;
    },
  });

  route(app, {
    method: 'POST',
    url: AUTOPAY_RESULTS_PATH,
    permission: AUTOPAY_POST_PERMISSION,
    summary: "Import the bank's autopay result file: each debit made posts a receipt once, each rejection goes to the rejected list",
    tags: ['repayments'],
    // Not one audit row: each receipt posted writes the counter's own, and the import one of its own.
    audit: false,
    body: autopayResultImportSchema,
    response: autopayResultSummarySchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const summary = await withTx(ctx, (tx) => importResults(tx, ctx, req.body.content));
      succeed(req, 'success.saved');
      return summary;
    },
  });

  route(app, {
    method: 'GET',
    url: AUTOPAY_REJECTED_PATH,
    permission: AUTOPAY_VIEW_PERMISSION,
    summary: 'Debits the bank rejected, with its reason, for the collector',
    tags: ['repayments'],
    response: autopayRejectedListSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listRejected(tx, ctx));
    },
  });
}
