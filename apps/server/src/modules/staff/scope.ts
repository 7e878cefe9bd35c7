import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { staff, staffStores } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { ScopeSource } from '../../platform/context.js';
import { reachesAllStores } from '../../platform/store-scope.js';

/**
 * Store scope of staff records: a caller whose roles do not grant all stores sees and manages
 * only staff who may log into the caller's current store. Others answer 404 (architecture §5).
 * A job reaches every store.
 */
export function staffInScope(source: ScopeSource, db: DbOrTx): SQL | undefined {
  if (reachesAllStores(source)) return undefined;
  const store = (source.auth ? source.auth.storeId : source.storeId) ?? null;
  if (store === null) return sql`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(staffStores)
      .where(and(eq(staffStores.staffId, staff.id), eq(staffStores.storeId, store))),
  );
}

/** Stores the caller may hand out: all of them with an all-stores role, else the caller's own. */
export async function assignableStoreIds(db: DbOrTx, auth: AuthContext, wanted: readonly number[]): Promise<Set<number>> {
  if (auth.allStores || wanted.length === 0) return new Set(wanted);
  const rows = await db
    .select({ storeId: staffStores.storeId })
    .from(staffStores)
    .where(and(eq(staffStores.staffId, auth.staffId), inArray(staffStores.storeId, [...wanted])));
  return new Set(rows.map((r) => r.storeId));
}
