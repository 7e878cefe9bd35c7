import type { StatusMachine } from '@harbour/domain';
import { and, eq, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { propertyOf } from '../db/property-of.js';
import { audit } from './audit.js';
import type { ServiceContext } from './context.js';
import { found, storeScope } from './store-scope.js';

type Row = Record<string, unknown>;

export interface StatusChange<S extends string, A extends string> {
  table: PgTable;
  id: AnyColumn;
  /** The column holding the status. */
  status: AnyColumn;
  /** `store_id` of a store-owned table. */
  storeColumn?: AnyColumn;
  machine: StatusMachine<S, A>;
  /** The audit module (the resource's name). */
  module: string;
}

/**
 * A status action of a declared resource: reads the row (locked, through the store scope: another
 * store's id is a 404), asks the domain's status table where `action` leads (an action the table
 * does not allow is a DomainError, answered 422), writes the new status and its audit row.
 * Runs inside the caller's `withTx`, so the service can do the action's other work in the same
 * transaction.
 */
export async function changeStatus<S extends string, A extends string>(
  tx: Tx,
  ctx: ServiceContext,
  spec: StatusChange<S, A>,
  rowId: number,
  action: A,
  /**
   * the action's other columns (who, when, why) and what its audit row says of them; `audit:
   * false` when the status follows from an event whose own audit row records it (a receipt that
   * completes a loan), as a request writes one audit row
   */
  extra: { set?: Row; audit?: Row | false } = {},
): Promise<{ before: Row; after: Row; from: S; to: S }> {
  const where = and(eq(spec.id, rowId), spec.storeColumn ? storeScope(ctx, spec.storeColumn) : undefined);
  const before = found(((await tx.select().from(spec.table).where(where).for('update')) as Row[])[0]);
  const statusProp = propertyOf(spec.table, spec.status);
  const from = before[statusProp] as S;
  const to = spec.machine.transition(from, action);
  const [after] = (await tx
    .update(spec.table)
    .set({ ...extra.set, [statusProp]: to, updatedAt: new Date() } as never)
    .where(where)
    .returning()) as Row[];
  const recordStores = spec.storeColumn ? [before[propertyOf(spec.table, spec.storeColumn)] as number] : null;
  if (extra.audit !== false) {
    await audit(tx, { action: 'edit', module: spec.module, reference: rowId, before: { status: from }, after: { status: to, action, ...extra.audit }, recordStores });
  }
  return { before, after: after!, from, to };
}
