/**
 * Waivers of overdue interest and fees (issue 26): the lender gives up, in part or in whole, what
 * the borrower owes of a charge for paying late. The components are the charges a loan accrues
 * after payout — overdue interest and the overdue penalty (the handling fee charged once per
 * overdue instalment); scheduled interest and principal are never waived here (an early
 * settlement's rebate is its own rule).
 *
 * The charges are first accrued to the waiver's date (as a receipt would), so "what is outstanding"
 * is today's figure; a component's waiver is at most that figure, and "in whole" is exactly it.
 * The amount is spread over the instalments earliest first (the order a receipt pays them), so the
 * state afterwards is what a receipt of the same amounts would leave — but nothing is received:
 * the waived amounts are kept apart from the paid ones (`overdueInterestWaived`, `feeWaived`).
 */
import { Decimal, type DecimalInput, ZERO, dec, minDec, sum } from './decimal.js';
import { compareDates } from './dates.js';
import { DomainError } from './errors.js';
import { accrueOverdue } from './overdue.js';
import { type InstalmentState, type RepaymentState, unpaidFee, unpaidOverdueInterest } from './repayment-state.js';
import { roundMoney } from './rounding.js';
import type { SettingsInput } from './settings.js';

/** The components a waiver may give up. */
export const WAIVER_COMPONENTS = ['overdueInterest', 'fee'] as const;
export type WaiverComponent = (typeof WAIVER_COMPONENTS)[number];

/** Per component: an amount (2 dp, > 0), 'whole' for all that is outstanding, or nothing. */
export type WaiverRequest = Partial<Record<WaiverComponent, DecimalInput | 'whole'>>;

export interface WaiverLine {
  tenor: number;
  /** overdue interest and fee charged by accruing them to the waiver's date */
  overdueInterestCharged: Decimal;
  feeCharged: Decimal;
  /** the date overdue interest is accrued to afterwards (null: never accrued) */
  accruedTo: string | null;
  overdueInterestWaived: Decimal;
  feeWaived: Decimal;
}

export interface WaiverOutcome {
  date: string;
  /** outstanding of each component on the date, before and after the waiver */
  before: Record<WaiverComponent, Decimal>;
  after: Record<WaiverComponent, Decimal>;
  waived: Record<WaiverComponent, Decimal>;
  /** lines only for instalments the waiver (or its accrual) changed */
  lines: WaiverLine[];
  state: RepaymentState;
}

/** What is outstanding of each waivable component once the charges are accrued to `asOf`. */
export function waivable(state: RepaymentState, asOf: string, settings: SettingsInput = {}, holidays: Iterable<string> = []): Record<WaiverComponent, Decimal> {
  const accrued = accrueOverdue(state, asOf, settings, holidays).state;
  return outstandingOf(accrued);
}

function outstandingOf(state: RepaymentState): Record<WaiverComponent, Decimal> {
  return { overdueInterest: sum(state.instalments.map(unpaidOverdueInterest)), fee: sum(state.instalments.map(unpaidFee)) };
}

/**
 * Applies a waiver on `asOf`. Refuses (`WAIVER_NOTHING_TO_WAIVE`) a request that waives nothing,
 * (`WAIVER_AMOUNT_INVALID`) an amount not positive or finer than a cent, and
 * (`WAIVER_ABOVE_OUTSTANDING`) an amount above what is outstanding of its component on the date.
 */
export function applyWaiver(
  state: RepaymentState,
  asOf: string,
  request: WaiverRequest,
  settings: SettingsInput = {},
  holidays: Iterable<string> = [],
): WaiverOutcome {
  if (state.lastRepaymentDate !== null && compareDates(asOf, state.lastRepaymentDate) < 0) {
    throw new DomainError('DATE_BEFORE_LAST_REPAYMENT', { date: asOf, lastRepaymentDate: state.lastRepaymentDate });
  }
  const accrued = accrueOverdue(state, asOf, settings, holidays).state;
  const before = outstandingOf(accrued);
  const waived: Record<WaiverComponent, Decimal> = { overdueInterest: ZERO, fee: ZERO };
  for (const component of WAIVER_COMPONENTS) {
    const asked = request[component];
    if (asked === undefined) continue;
    if (asked === 'whole') {
      waived[component] = before[component];
      continue;
    }
    const amount = dec(asked);
    if (!amount.gt(0) || !roundMoney(amount).eq(amount)) throw new DomainError('WAIVER_AMOUNT_INVALID', { component, amount: amount.toString() });
    if (amount.gt(before[component])) {
      throw new DomainError('WAIVER_ABOVE_OUTSTANDING', { component, amount: amount.toFixed(2), outstanding: before[component].toFixed(2) });
    }
    waived[component] = amount;
  }
  if (waived.overdueInterest.isZero() && waived.fee.isZero()) throw new DomainError('WAIVER_NOTHING_TO_WAIVE', {});

  let interestLeft = waived.overdueInterest;
  let feeLeft = waived.fee;
  const lines: WaiverLine[] = [];
  const instalments: InstalmentState[] = accrued.instalments.map((inst, k) => {
    const prior = state.instalments[k]!;
    const oi = minDec(interestLeft, unpaidOverdueInterest(inst));
    interestLeft = interestLeft.minus(oi);
    const fee = minDec(feeLeft, unpaidFee(inst));
    feeLeft = feeLeft.minus(fee);
    const line: WaiverLine = {
      tenor: inst.tenor,
      overdueInterestCharged: inst.overdueInterestCharged.minus(prior.overdueInterestCharged),
      feeCharged: inst.feeCharged.minus(prior.feeCharged),
      accruedTo: inst.overdueAccruedTo,
      overdueInterestWaived: oi,
      feeWaived: fee,
    };
    const changed =
      inst.overdueAccruedTo !== prior.overdueAccruedTo ||
      [line.overdueInterestCharged, line.feeCharged, oi, fee].some((v) => !v.isZero());
    if (changed) lines.push(line);
    return { ...inst, overdueInterestWaived: inst.overdueInterestWaived.plus(oi), feeWaived: inst.feeWaived.plus(fee) };
  });
  // a later receipt may not be dated before the waiver: its charges are accrued to this date
  const next: RepaymentState = { ...accrued, instalments, lastRepaymentDate: asOf };
  return { date: asOf, before, after: outstandingOf(next), waived, lines, state: next };
}
