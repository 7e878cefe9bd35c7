import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { toContext, type ServiceContext } from './context.js';
import { applyStoreScope } from './store-scope.js';
import { applyBusinessDate } from './business-date.js';

/** Which unit of work a transaction belongs to, so `audit(tx, …)` knows the staff, store and address. */
const owners = new WeakMap<object, ServiceContext>();

export const contextOfTx = (tx: Tx): ServiceContext | undefined => owners.get(tx);

/**
 * Runs `fn` in one transaction on behalf of a request or a service context. Every change goes
 * through here with its audit row, so the change and its audit entry commit or roll back
 * together. The transaction carries the caller's store scope, so the row-level security of
 * store-owned tables applies to everything it reads and writes.
 */
export function withTx<T>(source: FastifyRequest | ServiceContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const ctx = toContext(source);
  return ctx.db.transaction(async (tx) => {
    owners.set(tx, ctx);
    await applyStoreScope(tx, ctx);
    await applyBusinessDate(tx, ctx.businessDate);
    return fn(tx);
  });
}

/**
 * A read-only transaction with the caller's store scope: reads of store-owned tables go through
 * here (or `withTx`), since outside such a transaction row-level security shows no rows.
 * `snapshot`: every statement reads one snapshot (repeatable read), for reads of several
 * statements that must agree (a report's page and its totals, a file's rows and its totals).
 */
export function withReadTx<T>(source: FastifyRequest | ServiceContext, fn: (tx: Tx) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<T> {
  const ctx = toContext(source);
  return ctx.db.transaction(
    async (tx) => {
      owners.set(tx, ctx);
      await applyStoreScope(tx, ctx);
      await applyBusinessDate(tx, ctx.businessDate);
      return fn(tx);
    },
    opts.snapshot ? { accessMode: 'read only', isolationLevel: 'repeatable read' } : { accessMode: 'read only' },
  );
}
