/**
 * The collector's desk (docs/collection.md): a loan's log of contacts, written once. Logging a
 * contact or cancelling a wrong one appends a row and writes ONE audit row; the loan is looked up
 * under the caller's store scope, so another store's loan answers 404. A promise is judged by the
 * domain's `promiseOutcome` against the loan's standing receipts.
 */
import type { contactCancelSchema, contactCreateSchema } from '@harbour/contracts';
import { type PromiseState, dec, moneyText, promiseOutcome } from '@harbour/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collectionContacts, loanRepaymentCorrections, loanRepayments, loans } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { businessRule } from '../../platform/errors.js';
import { found, storeScope } from '../../platform/store-scope.js';

type Create = z.output<typeof contactCreateSchema>;
type Cancel = z.output<typeof contactCancelSchema>;
type ContactRow = typeof collectionContacts.$inferSelect;

export interface ContactEntry {
  id: number;
  loanId: number;
  staffId: number | null;
  at: string;
  channel: string;
  outcome: string;
  note: string | null;
  promiseAmount: string | null;
  promiseDate: string | null;
  /** judged as of today; null when the entry holds no promise or is cancelled */
  promiseState: PromiseState | null;
  cancelled: boolean;
}

/** The loan under the caller's store scope (404 otherwise). */
async function scopedLoan(tx: DbOrTx, ctx: ServiceContext, loanId: number) {
  return found((await tx.select({ id: loans.id, storeId: loans.storeId, loanNo: loans.loanNo }).from(loans).where(and(eq(loans.id, loanId), storeScope(ctx, loans.storeId))))[0]);
}

/** The loan's standing receipts (not voided or refunded): what a promise is judged against. */
async function standingReceipts(tx: DbOrTx, loanId: number) {
  const rows = await tx
    .select({ date: loanRepayments.repayDate, amount: loanRepayments.received })
    .from(loanRepayments)
    .leftJoin(loanRepaymentCorrections, eq(loanRepaymentCorrections.repaymentId, loanRepayments.id))
    .where(and(eq(loanRepayments.loanId, loanId), isNull(loanRepaymentCorrections.id)));
  return rows;
}

/** A contact logged by the caller on a loan of their store. */
export async function logContact(tx: Tx, ctx: ServiceContext, input: Create): Promise<ContactEntry> {
  const loan = await scopedLoan(tx, ctx, input.loanId);
  const today = await businessToday(tx);
  if (input.promiseDate !== undefined && input.promiseDate < today) throw businessRule('collection.errors.promiseInPast', { today });
  const [row] = await tx
    .insert(collectionContacts)
    .values({
      storeId: loan.storeId,
      loanId: loan.id,
      staffId: ctx.auth?.staffId ?? null,
      madeOn: today,
      channel: input.channel,
      outcome: input.outcome,
      note: input.note ?? null,
      promiseAmount: input.promiseAmount === undefined ? null : moneyText(dec(input.promiseAmount)),
      promiseDate: input.promiseDate ?? null,
      createdBy: ctx.auth?.staffId ?? null,
    })
    .returning();
  await audit(tx, { action: 'add', module: 'collection', reference: loan.loanNo, after: { contactId: row!.id, channel: row!.channel, outcome: row!.outcome, promiseAmount: row!.promiseAmount, promiseDate: row!.promiseDate }, recordStores: [loan.storeId] });
  return (await entriesOf(tx, [row!], new Set(), today))[0]!;
}

/** A wrong entry cancelled by a new one naming it (at most once; a cancel is not itself cancelled). */
export async function cancelContact(tx: Tx, ctx: ServiceContext, contactId: number, input: Cancel): Promise<void> {
  const entry = found((await tx.select().from(collectionContacts).where(and(eq(collectionContacts.id, contactId), storeScope(ctx, collectionContacts.storeId))))[0]);
  if (entry.outcome === 'cancel') throw businessRule('collection.errors.contactNotCancellable');
  const [already] = await tx.select({ id: collectionContacts.id }).from(collectionContacts).where(eq(collectionContacts.cancelsId, entry.id));
  if (already) throw businessRule('collection.errors.contactAlreadyCancelled');
  const [row] = await tx
    .insert(collectionContacts)
    .values({ storeId: entry.storeId, loanId: entry.loanId, staffId: ctx.auth?.staffId ?? null, madeOn: await businessToday(tx), channel: entry.channel, outcome: 'cancel', note: input.reason, cancelsId: entry.id, createdBy: ctx.auth?.staffId ?? null })
    .returning({ id: collectionContacts.id });
  await audit(tx, { action: 'delete', module: 'collection', reference: entry.id, before: { contactId: entry.id, outcome: entry.outcome, promiseAmount: entry.promiseAmount, promiseDate: entry.promiseDate }, after: { cancelledBy: row!.id, reason: input.reason }, recordStores: [entry.storeId] });
}

async function entriesOf(tx: DbOrTx, rows: readonly ContactRow[], cancelled: ReadonlySet<number>, today: string): Promise<ContactEntry[]> {
  const receiptsByLoan = new Map<number, Awaited<ReturnType<typeof standingReceipts>>>();
  const out: ContactEntry[] = [];
  for (const r of rows) {
    let state: PromiseState | null = null;
    const isCancelled = cancelled.has(r.id);
    if (r.promiseAmount !== null && r.promiseDate !== null && !isCancelled) {
      if (!receiptsByLoan.has(r.loanId)) receiptsByLoan.set(r.loanId, await standingReceipts(tx, r.loanId));
      state = promiseOutcome({ madeOn: r.madeOn, dueOn: r.promiseDate, amount: r.promiseAmount }, receiptsByLoan.get(r.loanId)!, today).state;
    }
    out.push({ id: r.id, loanId: r.loanId, staffId: r.staffId, at: r.at.toISOString(), channel: r.channel, outcome: r.outcome, note: r.note, promiseAmount: r.promiseAmount, promiseDate: r.promiseDate, promiseState: state, cancelled: isCancelled });
  }
  return out;
}

/** A loan's contacts, oldest first, each promise judged as of today (404 for another store's loan). */
export async function loanContacts(tx: DbOrTx, ctx: ServiceContext, loanId: number): Promise<ContactEntry[]> {
  const loan = await scopedLoan(tx, ctx, loanId);
  const rows = await tx.select().from(collectionContacts).where(eq(collectionContacts.loanId, loan.id)).orderBy(asc(collectionContacts.at), asc(collectionContacts.id));
  const cancelled = new Set(rows.flatMap((r) => (r.cancelsId === null ? [] : [r.cancelsId])));
  return entriesOf(tx, rows.filter((r) => r.outcome !== 'cancel'), cancelled, await businessToday(tx));
}
