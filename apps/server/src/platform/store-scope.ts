import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { forbidden, notFound } from './errors.js';
import type { ScopeSource } from './context.js';

/**
 * Store scope (architecture §5). Store-owned tables carry `store_id` and PostgreSQL row-level
 * security (policy `store_scope`, migration helper `harbour_store_owned(table)`): a row is
 * visible and writable only when the transaction's `harbour.store_id` is its store or
 * `harbour.all_stores` is on. `withTx` sets both from the caller, so a module cannot forget the
 * scope — a query outside such a transaction sees no store-owned row at all.
 */

/** Whether the caller reaches every store (an all-stores role, the super admin, a system job). */
export function reachesAllStores(source: ScopeSource): boolean {
  return source.auth ? source.auth.allStores : source.system !== undefined;
}

/** The caller's current store (every session has one; a job names the store it writes for). */
export function currentStore(source: ScopeSource): number {
  const store = source.auth ? source.auth.storeId : source.storeId;
  if (store === null || store === undefined) throw forbidden('auth.noStore');
  return store;
}

/**
 * `store_id = <current store>` for store-owned rows, or nothing when the caller reaches all
 * stores. Row-level security already limits the rows; this condition lets PostgreSQL use the
 * `store_id` index, and keeps the intent visible in the query.
 */
export function storeScope(source: ScopeSource, storeColumn: AnyColumn): SQL | undefined {
  if (reachesAllStores(source)) return undefined;
  return eq(storeColumn, currentStore(source));
}

/**
 * Gives the transaction the caller's store scope, which the row-level security policies read:
 * `harbour.visible_stores`, the store ids as an array literal (every store for an all-stores
 * caller, read in the same statement; its current store otherwise; none without one), read once
 * per statement by the inlined `harbour_visible_stores()` (migration 0049), and the
 * `harbour.all_stores` / `harbour.store_id` pair the modules' own queries read.
 */
export async function applyStoreScope(tx: Tx, source: ScopeSource): Promise<void> {
  const all = reachesAllStores(source);
  const store = (source.auth ? source.auth.storeId : source.storeId) ?? null;
  const visible = all
    ? sql`(select coalesce(array_agg(id order by id), '{}'::integer[])::text from stores)`
    : sql`${store === null ? '{}' : `{${store}}`}::text`;
  await tx.execute(
    sql`select set_config('harbour.all_stores', ${all ? 'on' : 'off'}, true), set_config('harbour.store_id', ${store === null ? '' : String(store)}, true),
      set_config('harbour.visible_stores', ${visible}, true)`,
  );
}

/**
 * The same scope (and the business date of a batch) as one jsonb parameter, for a statement that
 * sets it itself before its reads (`harbour_apply_scope`, migration 0063): a receipt's first
 * statement, so the scope costs no round trip of its own.
 */
export function scopeParameter(source: ScopeSource & { businessDate?: string | undefined }): { allStores: boolean; storeId: number | null; businessDate?: string } {
  const store = (source.auth ? source.auth.storeId : source.storeId) ?? null;
  if (source.businessDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(source.businessDate)) throw new Error(`not a business date: ${source.businessDate}`);
  return { allStores: reachesAllStores(source), storeId: store, ...(source.businessDate ? { businessDate: source.businessDate } : {}) };
}

/** A row read through the store scope: missing and another store's look the same (404). */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}
