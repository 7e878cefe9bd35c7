import type { AuditAction } from '@harbour/contracts';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { contextOfTx, noteAuditRow } from './tx.js';

export interface AuditEntry {
  action: AuditAction;
  /** The area, e.g. `auth`, `stores`, `loans`. */
  module: string;
  /** What was acted on: an id, a number, a username. */
  reference?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Only when there is no logged-in caller (a failed login names the account tried). */
  staffId?: number | null;
  /**
   * The stores of the record acted on (a staff member's stores, a loan's store). Staff without
   * all stores see the row only when their current store is among them; left out, the row is
   * for all-stores staff only.
   */
  recordStores?: readonly number[] | null;
  /**
   * A row written beside the request's own one, not instead of it: a number lookup a save made
   * on the way (`platform/number-lookup.ts`). It does not count as the request's audit row.
   */
  alongside?: boolean;
}

/** Fields never written to the log even when a whole row is passed as before/after. */
const SECRET_KEYS = new Set(['passwordHash', 'password_hash', 'password', 'accessHash', 'refreshHash', 'access_hash', 'refresh_hash']);

function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (k, v: unknown) => (SECRET_KEYS.has(k) ? undefined : typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;
}

/**
 * Writes the audit row of a change inside the change's own transaction (opened by `withTx`), with
 * the caller's staff id, store, address and request id (from the transaction's service context).
 */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditValues(tx, entry));
  counted(tx, entry);
}

/**
 * The audit row of `entry` as `audit` writes it, for a statement that writes it with the change
 * (a receipt's `harbour_post_receipt`); call `counted` once that statement has run.
 */
export function auditValues(tx: Tx, entry: AuditEntry): typeof auditLog.$inferInsert {
  const ctx = contextOfTx(tx);
  if (!ctx) throw new Error('audit() needs a transaction opened with withTx(ctx, …)');
  const staffId = ctx.auth?.staffId ?? entry.staffId ?? null;
  return {
    staffId,
    storeId: ctx.auth?.storeId ?? null,
    recordStoreIds: entry.recordStores && entry.recordStores.length > 0 ? [...entry.recordStores] : null,
    action: entry.action,
    module: entry.module,
    reference: entry.reference === undefined || entry.reference === null ? null : String(entry.reference).slice(0, 128),
    before: scrub(entry.before),
    // an action approved under four eyes: its row names the requester beside the checker (the row's staff)
    after: scrub(ctx.fourEyes && entry.after !== null && typeof entry.after === 'object' ? { ...entry.after, fourEyes: ctx.fourEyes } : ctx.fourEyes ? { value: entry.after ?? null, fourEyes: ctx.fourEyes } : entry.after),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
    createdBy: staffId,
  };
}

/** Counts a written audit row as the request's own (unless it was `alongside`). */
export function counted(tx: Tx, entry: Pick<AuditEntry, 'alongside'>): void {
  const ctx = contextOfTx(tx);
  // a row alongside the request's own (a number lookup during a save) is not the request's one row
  if (entry.alongside) return;
  noteAuditRow(tx);
  ctx?.onAudit?.();
}
