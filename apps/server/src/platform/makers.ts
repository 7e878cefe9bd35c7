import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { loanMakers } from '../db/schema/index.js';
import type { ServiceContext } from './context.js';
import { businessRule } from './errors.js';

export type MakerRole = 'create' | 'edit' | 'return' | 'submit';

/**
 * Records that the acting staff member made the loan's terms (created, edited, sent back or
 * submitted it), in the transaction of that change. A job (no staff member) makes nothing.
 */
export async function recordLoanMaker(tx: Tx, ctx: ServiceContext, loan: { id: number; storeId: number }, role: MakerRole): Promise<void> {
  const staffId = ctx.auth?.staffId;
  if (staffId === undefined) return;
  await tx.insert(loanMakers).values({ storeId: loan.storeId, loanId: loan.id, staffId, role, createdBy: staffId });
}

/** Whether the staff member ever made the loan's terms (`loan_makers`, read in the caller's store scope). */
export async function isLoanMaker(tx: DbOrTx, loanId: number, staffId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: loanMakers.id })
    .from(loanMakers)
    .where(and(eq(loanMakers.loanId, loanId), eq(loanMakers.staffId, staffId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The one maker ≠ checker rule: a loan's decision (approve, reject, send back, undo) and a
 * four-eyes request about a loan are checked by someone who made none of the loan's terms —
 * whatever their grants, the super administrator included. `requestedBy`: the four-eyes request's
 * maker, who never checks their own request.
 */
export async function assertNotMaker(tx: DbOrTx, subject: { loanId: number | null; requestedBy?: number }, staffId: number, refusal: string): Promise<void> {
  if (subject.requestedBy === staffId) throw businessRule(refusal);
  if (subject.loanId !== null && (await isLoanMaker(tx, subject.loanId, staffId))) throw businessRule(refusal);
}
