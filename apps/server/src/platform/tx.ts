import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { toContext, type ServiceContext } from './context.js';
import { applyStoreScope } from './store-scope.js';
import { applyBusinessDate } from './business-date.js';

/** Which unit of work a transaction belongs to, so `audit(tx, …)` knows the staff, store and address. */
const owners = new WeakMap<object, ServiceContext>();

export const contextOfTx = (tx: Tx): ServiceContext | undefined => owners.get(tx);

/** Audit rows written in a transaction so far (`audit()` counts them): a workflow action checks it wrote one. */
const auditRows = new WeakMap<object, number>();
export const noteAuditRow = (tx: Tx): void => {
  auditRows.set(tx, (auditRows.get(tx) ?? 0) + 1);
};
export const auditRowsIn = (tx: Tx): number => auditRows.get(tx) ?? 0;

const ROLLED_BACK = Symbol('dry run rolled back');

/**
 * Runs `fn` in a savepoint of `tx` and rolls it back, whatever it did: a four-eyes request runs
 * the action as it would run now, so what would be refused now is refused now with the same
 * message, and nothing stays. Its audit rows are rolled back too and not counted for the request.
 */
export async function dryRun(tx: Tx, fn: (tx: Tx) => Promise<unknown>): Promise<void> {
  const ctx = owners.get(tx);
  if (!ctx) throw new Error('dryRun() needs a transaction opened with withTx(ctx, …)');
  const { onAudit: _counted, ...quiet } = ctx;
  try {
    await tx.transaction(async (sp) => {
      owners.set(sp, quiet);
      await fn(sp);
      throw ROLLED_BACK;
    });
  } catch (e) {
    if (e !== ROLLED_BACK) throw e;
  }
}

/**
 * Runs `fn` in a savepoint of `tx`, on behalf of the same caller: what `fn` throws rolls back what
 * it wrote (its audit rows included) and leaves the rest of the transaction standing — one line of
 * a bank's file refused while the others post.
 */
export function inSavepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
  const ctx = owners.get(tx);
  if (!ctx) throw new Error('inSavepoint() needs a transaction opened with withTx(ctx, …)');
  return tx.transaction(async (sp) => {
    owners.set(sp, ctx);
    return fn(sp);
  });
}

/**
 * Runs `fn` in one transaction on behalf of a request or a service context. Every change goes
 * through here with its audit row, so the change and its audit entry commit or roll back
 * together. The transaction carries the caller's store scope, so the row-level security of
 * store-owned tables applies to everything it reads and writes.
 */
export function withTx<T>(source: FastifyRequest | ServiceContext, fn: (tx: Tx) => Promise<T>, opts: { scopeInFirstStatement?: boolean } = {}): Promise<T> {
  const ctx = toContext(source);
  return ctx.db.transaction(async (tx) => {
    owners.set(tx, ctx);
    if (opts.scopeInFirstStatement) {
      pendingScopes.add(tx);
      try {
        return await fn(tx);
      } finally {
        pendingScopes.delete(tx);
      }
    }
    await applyStoreScope(tx, ctx);
    await applyBusinessDate(tx, ctx.businessDate);
    return fn(tx);
  });
}

/**
 * Transactions opened with `scopeInFirstStatement`: their store scope and business date are not
 * set yet, and their first statement must set them (`harbour_apply_scope`, migration 0063) — a
 * receipt's context read. Until then row-level security shows no store-owned row at all.
 */
const pendingScopes = new WeakSet<object>();

/**
 * Whether the caller's first statement sets the scope: true once (it is then taken), false when
 * the transaction already has it. The statement must run; `ensureScope` sets it otherwise.
 */
export function takePendingScope(tx: Tx): boolean {
  return pendingScopes.delete(tx);
}

/** Sets the scope of a transaction opened with `scopeInFirstStatement` whose first statement did not. */
export async function ensureScope(tx: Tx): Promise<void> {
  if (!takePendingScope(tx)) return;
  const ctx = owners.get(tx)!;
  await applyStoreScope(tx, ctx);
  await applyBusinessDate(tx, ctx.businessDate);
}

/**
 * A read-only transaction with the caller's store scope: reads of store-owned tables go through
 * here (or `withTx`), since outside such a transaction row-level security shows no rows.
 * `snapshot`: every statement reads one snapshot (repeatable read), for reads of several
 * statements that must agree (a report's page and its totals, a file's rows and its totals).
 * `on`: another database than the context's (the reports' standby, `platform/report-reads.ts`).
 */
export function withReadTx<T>(source: FastifyRequest | ServiceContext, fn: (tx: Tx) => Promise<T>, opts: { snapshot?: boolean; on?: Db } = {}): Promise<T> {
  const ctx = toContext(source);
  return (opts.on ?? ctx.db).transaction(
    async (tx) => {
      owners.set(tx, ctx);
      await applyStoreScope(tx, ctx);
      await applyBusinessDate(tx, ctx.businessDate);
      return fn(tx);
    },
    opts.snapshot ? { accessMode: 'read only', isolationLevel: 'repeatable read' } : { accessMode: 'read only' },
  );
}
