/**
 * The loan row: its type and its read by id in the caller's store scope. Loans, repayments,
 * collection and statements all start from it.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loans } from '../../db/schema/index.js';
import type { ServiceContext } from '../../platform/context.js';
import { found, storeScope } from '../../platform/store-scope.js';

export type LoanRow = typeof loans.$inferSelect;

/** The loan `id` in the caller's store scope (404 otherwise), optionally locked for an update. */
export async function loanRow(tx: DbOrTx, ctx: ServiceContext, id: number, opts: { lock?: boolean } = {}): Promise<LoanRow> {
  const q = tx.select().from(loans).where(and(eq(loans.id, id), storeScope(ctx, loans.storeId)));
  return found((opts.lock ? await q.for('update') : await q)[0]);
}
