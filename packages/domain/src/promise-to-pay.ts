/**
 * A borrower's promise to pay, logged on the collector's desk (docs/collection.md).
 *
 * The reading taken: a promise made on `madeOn` to pay `amount` by `dueOn` is KEPT when the loan's
 * receipts dated from `madeOn` to `dueOn`, both days included, add up to at least `amount` — one
 * receipt or several; money received before the promise was made does not count, nor money received
 * after its date. It is BROKEN when `asOf` is past `dueOn` and those receipts fall short, and PENDING
 * while `asOf` is on or before `dueOn` and they fall short ("due today" when `asOf` is `dueOn`).
 * Voided receipts are left out by the caller. This is the one place the reading lives.
 */
import { type Decimal, type DecimalInput, ZERO, dec } from './decimal.js';
import { compareDates } from './dates.js';

export type PromiseState = 'kept' | 'broken' | 'pending';

export interface PromiseToPay {
  /** the day the promise was made (the contact's Hong Kong date), 'YYYY-MM-DD' */
  madeOn: string;
  /** the day it is to be paid by, 'YYYY-MM-DD', never before `madeOn` */
  dueOn: string;
  amount: DecimalInput;
}

export interface ReceiptForPromise {
  /** receipt date, 'YYYY-MM-DD' */
  date: string;
  amount: DecimalInput;
}

export interface PromiseOutcome {
  state: PromiseState;
  /** receipts counted towards the promise (within its window) */
  paid: Decimal;
  /** the day the counted receipts first covered the amount, when kept */
  keptOn: string | null;
}

/** Judges a promise to pay against the loan's (non-voided) receipts as of `asOf`. */
export function promiseOutcome(promise: PromiseToPay, receipts: readonly ReceiptForPromise[], asOf: string): PromiseOutcome {
  if (compareDates(promise.dueOn, promise.madeOn) < 0) throw new RangeError('A promise cannot fall due before it is made');
  const amount = dec(promise.amount);
  const counted = receipts
    .filter((r) => compareDates(r.date, promise.madeOn) >= 0 && compareDates(r.date, promise.dueOn) <= 0)
    .sort((a, b) => compareDates(a.date, b.date));
  let paid: Decimal = ZERO;
  let keptOn: string | null = null;
  for (const r of counted) {
    paid = paid.plus(dec(r.amount));
    if (keptOn === null && paid.greaterThanOrEqualTo(amount)) keptOn = r.date;
  }
  if (keptOn !== null) return { state: 'kept', paid, keptOn };
  return { state: compareDates(asOf, promise.dueOn) > 0 ? 'broken' : 'pending', paid, keptOn: null };
}
