/**
 * Each promise to pay's judgement kept on its contact row (`promise_state`, `promise_decided_on`,
 * `promise_received`), so that a report's one SQL query can read what the domain's `promiseOutcome`
 * decided without saying the rule again (docs/collection.md). It is written where the judgement
 * can change: when a receipt posts on the loan or one is voided or refunded (in that transaction),
 * when a promise is logged, and by the daily job for promises whose date has passed (and for rows
 * never judged, as after the migration that added the columns).
 */
import { type PromiseOutcome, addDays, moneyText, promiseOutcome } from '@harbour/domain';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { collectionContacts, loanRepaymentCorrections, loanRepayments } from '../../db/schema/index.js';

type ContactRow = typeof collectionContacts.$inferSelect;
export type Receipt = { date: string; amount: string };

/** The standing receipts (not voided or refunded) of each loan: what its promises are judged against. */
export async function standingReceipts(tx: DbOrTx, loanIds: readonly number[]): Promise<Map<number, Receipt[]>> {
  const out = new Map<number, Receipt[]>(loanIds.map((id) => [id, []]));
  if (loanIds.length === 0) return out;
  const rows = await tx
    .select({ loanId: loanRepayments.loanId, date: loanRepayments.repayDate, amount: loanRepayments.received })
    .from(loanRepayments)
    .leftJoin(loanRepaymentCorrections, eq(loanRepaymentCorrections.repaymentId, loanRepayments.id))
    .where(and(inArray(loanRepayments.loanId, [...new Set(loanIds)]), isNull(loanRepaymentCorrections.id)));
  for (const r of rows) out.get(r.loanId)!.push({ date: r.date, amount: r.amount });
  return out;
}

/** A promise on a contact row judged as of `today` (the row must hold one). */
export function judged(row: Pick<ContactRow, 'madeOn' | 'promiseDate' | 'promiseAmount'>, receipts: readonly Receipt[], today: string): PromiseOutcome {
  return promiseOutcome({ madeOn: row.madeOn, dueOn: row.promiseDate!, amount: row.promiseAmount! }, receipts, today);
}

/** What is stored: the domain's `pending` is an open promise. */
export type StoredPromiseState = 'kept' | 'broken' | 'open';

export type PromiseRow = Pick<typeof collectionContacts.$inferSelect, 'id' | 'loanId' | 'madeOn' | 'promiseDate' | 'promiseAmount' | 'promiseState' | 'promiseDecidedOn' | 'promiseReceived'>;

/** The stored judgement of one promise as of `today`. */
export function storedOutcome(row: Pick<PromiseRow, 'madeOn' | 'promiseDate' | 'promiseAmount'>, receipts: readonly Receipt[], today: string) {
  const o = judged(row, receipts, today);
  const state: StoredPromiseState = o.state === 'pending' ? 'open' : o.state;
  // broken is decided on the first day after the promise's date with the amount still short
  const decidedOn = o.state === 'kept' ? o.keptOn : o.state === 'broken' ? addDays(row.promiseDate!, 1) : null;
  return { promiseState: state, promiseDecidedOn: decidedOn, promiseReceived: moneyText(o.paid) };
}

/** Judges the given promise rows again and writes those whose judgement changed; answers how many changed. */
async function rejudge(tx: DbOrTx, rows: readonly PromiseRow[], today: string): Promise<number> {
  if (rows.length === 0) return 0;
  const receipts = await standingReceipts(tx, rows.map((r) => r.loanId));
  const changed = changedOutcomes(rows, (loanId) => receipts.get(loanId)!, today);
  // one after another: the statements share the transaction's connection
  for (const { id, ...next } of changed) await tx.update(collectionContacts).set(next).where(eq(collectionContacts.id, id));
  return changed.length;
}

/** The promise rows whose judgement as of `today` differs from the stored one, with the new judgement. */
export function changedOutcomes(rows: readonly PromiseRow[], receiptsOf: (loanId: number) => readonly Receipt[], today: string) {
  return rows.flatMap((row) => {
    const next = storedOutcome(row, receiptsOf(row.loanId), today);
    if (next.promiseState === row.promiseState && next.promiseDecidedOn === row.promiseDecidedOn && next.promiseReceived === row.promiseReceived) return [];
    return [{ id: row.id, ...next }];
  });
}

const promiseColumns = {
  id: collectionContacts.id,
  loanId: collectionContacts.loanId,
  madeOn: collectionContacts.madeOn,
  promiseDate: collectionContacts.promiseDate,
  promiseAmount: collectionContacts.promiseAmount,
  promiseState: collectionContacts.promiseState,
  promiseDecidedOn: collectionContacts.promiseDecidedOn,
  promiseReceived: collectionContacts.promiseReceived,
};

/** Every promise on the loan judged again as of `today` (after a receipt, a void or a refund on it). */
export async function judgeLoanPromises(tx: DbOrTx, loanId: number, today: string): Promise<number> {
  const rows = await tx
    .select(promiseColumns)
    .from(collectionContacts)
    .where(and(eq(collectionContacts.loanId, loanId), eq(collectionContacts.outcome, 'promised')));
  return rejudge(tx, rows, today);
}

/** The daily job's part: open promises whose date is before `asOf`, and promises never judged. */
export async function judgeDuePromises(tx: DbOrTx, asOf: string, batch = 500): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await tx
      .select(promiseColumns)
      .from(collectionContacts)
      .where(
        and(
          eq(collectionContacts.outcome, 'promised'),
          sql`${collectionContacts.id} > ${after}`,
          or(isNull(collectionContacts.promiseState), and(inArray(collectionContacts.promiseState, ['open']), lt(collectionContacts.promiseDate, asOf))),
        ),
      )
      .orderBy(collectionContacts.id)
      .limit(batch);
    if (rows.length === 0) break;
    changed += await rejudge(tx, rows, asOf);
    after = rows[rows.length - 1]!.id;
    if (rows.length < batch) break;
  }
  return changed;
}
