import {
  collectionFiltersSchema,
  collectionLoanSchema,
  collectionPageSchema,
  ocaRecallSchema,
  ocaTransferSchema,
  recoveryInputSchema,
  recoveryItemSchema,
  recoveryVoidSchema,
  writeOffCancelSchema,
  writeOffSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { cancelWriteOff, listCollectionLoans, recallFromOca, recordRecovery, transferToOca, voidRecovery, writeOffLoan } from './service.js';

/**
 * Collection (spec §2 OCA write-off): collection-level routes — the loan resource is not touched.
 * Each handler turns the request into a context and calls one service function in one transaction.
 */
export function collectionModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/collection/loans',
    permission: 'oca.list',
    summary: 'Loans with an OCA agent or written off: agent, OCA date, charge percent, written-off and recovered amounts',
    tags: ['collection'],
    querystring: collectionFiltersSchema,
    response: collectionPageSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => listCollectionLoans(tx, ctx, req.query));
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/transfers',
    permission: 'oca.transfer',
    summary: 'Transfer a repaying loan with an overdue amount to an OCA agent (status oca)',
    tags: ['collection'],
    body: ocaTransferSchema,
    response: collectionLoanSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => transferToOca(tx, ctx, req.body));
      succeed(req, 'collection.success.transferred');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/recalls',
    permission: 'oca.transfer',
    summary: 'Recall a loan from its OCA agent (status repaying)',
    tags: ['collection'],
    body: ocaRecallSchema,
    response: collectionLoanSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => recallFromOca(tx, ctx, req.body));
      succeed(req, 'collection.success.recalled');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/recoveries',
    permission: 'oca.recovery',
    summary: "Record money recovered: a receipt plus the agent's charge on an OCA loan, recovery income on a written-off loan",
    tags: ['collection'],
    body: recoveryInputSchema,
    response: recoveryItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => recordRecovery(tx, ctx, req.body));
      succeed(req, 'collection.success.recovered');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/recoveries/void',
    permission: 'oca.recovery',
    summary: 'Delete a write-off recovery record entered in error (its entry reversed)',
    tags: ['collection'],
    body: recoveryVoidSchema,
    response: recoveryItemSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => voidRecovery(tx, ctx, req.body));
      succeed(req, 'collection.success.recoveryVoided');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/writeOffs',
    permission: 'oca.writeOff',
    summary: 'Write off a repaying or OCA loan: its unpaid principal to bad debt (status bad)',
    tags: ['collection'],
    body: writeOffSchema,
    response: collectionLoanSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => writeOffLoan(tx, ctx, req.body));
      succeed(req, 'collection.success.writtenOff');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: '/collection/writeOffs/cancel',
    permission: 'oca.writeOff',
    summary: 'Cancel a write-off once no recovery record stands (its entry reversed; status repaying)',
    tags: ['collection'],
    body: writeOffCancelSchema,
    response: collectionLoanSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const item = await withTx(ctx, (tx) => cancelWriteOff(tx, ctx, req.body));
      succeed(req, 'collection.success.writeOffCancelled');
      return item;
    },
  });
}
