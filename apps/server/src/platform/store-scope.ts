import { eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../http/app-error.js';

/** The caller's current store (every authenticated session has one). */
export function currentStore(req: FastifyRequest): number {
  const store = req.auth?.storeId;
  if (store === null || store === undefined) throw forbidden('auth.noStore');
  return store;
}

/**
 * `store_id = <current store>` for store-owned rows, or nothing when a role grants all stores
 * (and for the super admin). Add it to every read and write of a store-owned table.
 */
export function storeScope(req: FastifyRequest, storeColumn: AnyColumn): SQL | undefined {
  if (req.auth?.allStores) return undefined;
  return eq(storeColumn, currentStore(req));
}

/** A row read through `storeScope`: missing and another store's look the same (404). */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}
