/**
 * A repaying loan's real cash flows as the Ordinance's rate reads them (`LoanCashFlows`, mlo.ts):
 * what the borrower received at payout, and what each receipt moved between borrower and lender
 * on its date. Default charges — overdue interest and the overdue handling fee — are not counted
 * in the rate (mlo.ts), so a receipt counts what it received, less money paid back to the
 * borrower, less the default charges it paid (from the money received or from money held).
 * Money put into the temporary amount is counted the day it is received (the borrower has paid
 * it); applying it later moves nothing.
 */
import { type DecimalInput, ZERO, dec, maxDec } from './decimal.js';
import { compareDates } from './dates.js';
import { type LoanCashFlows } from './mlo.js';
import { type RepaymentState, unpaidInstalment } from './repayment-state.js';

/** A receipt's parts the rate reads. */
export interface ReceiptParts {
  received: DecimalInput;
  overdueInterest: DecimalInput;
  handlingFee: DecimalInput;
  /** money paid back to the borrower (a temporary amount refunded) */
  paidOut?: DecimalInput | undefined;
}

/** What a receipt counts in the rate: received − paid back − overdue interest − handling fee. */
export function countedInRate(r: ReceiptParts): string {
  return dec(r.received)
    .minus(r.paidOut === undefined ? ZERO : dec(r.paidOut))
    .minus(dec(r.overdueInterest))
    .minus(dec(r.handlingFee))
    .toFixed(2);
}

/**
 * The whole loan's flows after a step that leaves a schedule to pay: the history so far, then
 * every instalment's unpaid principal and interest on its due date (an instalment already due is
 * counted on `from`, the step's date — it cannot be paid earlier than that); the money held for the
 * borrower counts as handed back on `from`.
 */
export function withRemainingSchedule(history: LoanCashFlows, state: RepaymentState, from: string): LoanCashFlows {
  const remaining: { date: string; amount: string }[] = [];
  // money held (the temporary amount) was counted the day it was received, but it stays the
  // borrower's until an instalment falls due: it is counted as handed back on `from`, and each
  // instalment as paid on its own due date, so paying early into the temporary amount never
  // reads as a higher rate
  if (state.tempAmount.gt(0)) remaining.push({ date: from, amount: state.tempAmount.neg().toFixed(2) });
  for (const i of state.instalments) {
    const owed = maxDec(unpaidInstalment(i), ZERO);
    if (owed.gt(0)) remaining.push({ date: compareDates(i.dueDate, from) < 0 ? from : i.dueDate, amount: owed.toFixed(2) });
  }
  return { ...history, payments: [...history.payments, ...remaining] };
}

