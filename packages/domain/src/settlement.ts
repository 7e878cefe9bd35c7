/**
 * Early settlement quote on a date (issue §8).
 *
 * principal  all unpaid principal
 * interest   'actuarial': unpaid interest of instalments already due, plus the current period's
 *            interest pro rata to the days elapsed in it, days counted by the settings' day-count
 *            convention (rounded; never more than that period's interest); no interest for later periods.
 *            'rule-of-78': all unpaid interest less the rule-of-78 rebate of the finance charge for
 *            the periods still to run (never more than their unpaid interest).
 * + lock period fee when the date is within the early settle lock period (months from the loan date),
 *   bounded by MLO s.21 (`lockPeriodFeeCeiling`, s21.ts): the agreed fee, or the largest fee that
 *   keeps the borrower's whole cash-flow history within the loan's own rate (never above 48%),
 *   whichever is less; no fee without the borrower's history to show it lawful
 * + overdue interest and handling fees accrued to the date.
 * principal + interest never exceeds the remaining scheduled total.
 */
import { Decimal, type DecimalInput, ZERO, dec, maxDec, minDec, sum } from './decimal.js';
import { addMonthsClamped, compareDates, dayCountDays } from './dates.js';
import { DomainError } from './errors.js';
import { type RepaymentState, remainingScheduled, unpaidInstalment, unpaidInterest, unpaidPrincipal } from './repayment-state.js';
import { accrueOverdue } from './overdue.js';
import { type RoundingSettings, roundMoney } from './rounding.js';
import { ruleOf78Rebate } from './rule-of-78.js';
import { type CapRebate, type S21Context, lockPeriodFeeCeiling, s21CapRebate, settlementCapBound, settlementFlows } from './s21.js';
import { mloEffectiveRate } from './mlo.js';
import { type SettingsInput, resolveSettings } from './settings.js';

export type SettlementMethod = 'actuarial' | 'rule-of-78';

export interface SettlementOptions {
  method?: SettlementMethod | undefined;
  /** early settle lock period in months from the loan date */
  lockPeriodMonths?: number | undefined;
  lockPeriodFee?: DecimalInput | undefined;
  /** the loan's real flows so far and its rate: what bounds the lock-period fee (s.21) and gives the rate of settling */
  s21?: S21Context | undefined;
  /** the rate the settled flows may never exceed (`settlementCapBound`; 48% unless told) */
  capBound?: DecimalInput | undefined;
}

export interface SettlementQuote {
  date: string;
  method: SettlementMethod;
  principal: Decimal;
  interest: Decimal;
  /** rule-of-78 rebate given (0 for actuarial) */
  rebate: Decimal;
  /** the lock-period fee charged: min(agreed, ceiling) within the lock period, else 0 */
  lockPeriodFee: Decimal;
  /** the lock-period fee the agreement names (0 outside the lock period) */
  agreedLockPeriodFee: Decimal;
  /** the largest lock-period fee s.21 allows on this date (null outside the lock period or without a fee agreed) */
  lockPeriodFeeCeiling: Decimal | null;
  /**
   * the rate a year (fraction) of the borrower's whole cash flows if they settle with this quote:
   * received at payout, every standing receipt, and principal + interest + fee less the
   * temporary amount on the date (default charges not counted); null without the history
   */
  settlementRate: Decimal | null;
  /**
   * the rebate to keep the settled flows within the cap (48%, s.24; `s21CapRebate`): off the
   * lock-period fee first, then the interest, then the principal (the three above are s.21's
   * figures before it); 0 without the history
   */
  capRebate: Decimal;
  /** what the cap rebate comes off */
  capRebateParts: Omit<CapRebate, 'total'>;
  overdueInterest: Decimal;
  handlingFee: Decimal;
  /** principal + interest + lock period fee − cap rebate + overdue interest + handling fee */
  total: Decimal;
  /** the temporary amount held, which may be applied against the total */
  tempAmount: Decimal;
  /** total less the temporary amount, not below 0 */
  payable: Decimal;
  /** Σ unpaid scheduled principal + interest, for comparison */
  remainingScheduled: Decimal;
}

export function settlementQuote(
  state: RepaymentState,
  date: string,
  options: SettlementOptions = {},
  settingsInput: SettingsInput = {},
  holidays: Iterable<string> = [],
): SettlementQuote {
  const settings = resolveSettings(settingsInput);
  const rounding: RoundingSettings = { decimalPlaces: settings.decimalPlaces, rounding: settings.rounding };
  const method = options.method ?? 'actuarial';
  if (compareDates(date, state.loanDate) < 0) {
    throw new DomainError('DATE_BEFORE_INTEREST_START', { date, interestStartDate: state.loanDate });
  }
  if (state.lastRepaymentDate && compareDates(date, state.lastRepaymentDate) < 0) {
    throw new DomainError('DATE_BEFORE_LAST_REPAYMENT', { date, lastRepaymentDate: state.lastRepaymentDate });
  }
  const overdue = accrueOverdue(state, date, settings, holidays);
  const insts = overdue.state.instalments;
  const principal = sum(insts.map(unpaidPrincipal));
  const isDue = (dueDate: string): boolean => compareDates(dueDate, date) <= 0;

  let interest: Decimal;
  let rebate = ZERO;
  if (method === 'actuarial') {
    interest = sum(insts.filter((i) => isDue(i.dueDate)).map(unpaidInterest));
    const idx = insts.findIndex((i) => !isDue(i.dueDate));
    const current = idx >= 0 ? insts[idx] : undefined;
    if (current) {
      const start = idx === 0 ? state.loanDate : insts[idx - 1]!.dueDate;
      const periodDays = Math.max(1, dayCountDays(start, current.dueDate, settings.dayCount));
      const elapsed = Math.min(Math.max(0, dayCountDays(start, date, settings.dayCount)), periodDays);
      const accrued = roundMoney(current.interest.times(elapsed).div(periodDays), rounding);
      interest = interest.plus(minDec(maxDec(accrued.minus(current.paidInterest), ZERO), unpaidInterest(current)));
    }
  } else {
    const n = insts.length;
    const future = insts.filter((i) => !isDue(i.dueDate));
    const computed = ruleOf78Rebate(state.totalInterest, n, n - future.length, rounding);
    rebate = minDec(computed, sum(future.map(unpaidInterest)));
    interest = sum(insts.map(unpaidInterest)).minus(rebate);
  }

  const inLock =
    options.lockPeriodMonths !== undefined &&
    options.lockPeriodMonths > 0 &&
    compareDates(date, addMonthsClamped(state.loanDate, options.lockPeriodMonths)) < 0;
  const agreedLockPeriodFee = inLock && options.lockPeriodFee ? dec(options.lockPeriodFee) : ZERO;
  const tempAmount = state.tempAmount;
  // what the settlement pays as the rate counts it: the money held already counted when received
  const settledWithoutFee = principal.plus(interest).minus(tempAmount);
  const s21 = options.s21;
  const ceiling = agreedLockPeriodFee.gt(0) ? (s21 ? lockPeriodFeeCeiling(s21, date, settledWithoutFee) : ZERO) : null;
  const lockPeriodFee = ceiling === null ? ZERO : minDec(agreedLockPeriodFee, ceiling);
  // after the fee is bounded: the rebate that keeps the whole flows within the cap (s.24)
  const rebated = s21
    ? s21CapRebate(s21.history, date, options.capBound ?? settlementCapBound(), { principal, interest, lockPeriodFee, tempAmount })
    : { total: ZERO, lockPeriodFee: ZERO, interest: ZERO, principal: ZERO };
  const { total: capRebate, ...capRebateParts } = rebated;
  const settled = settledWithoutFee.plus(lockPeriodFee).minus(capRebate);
  const settlementRate = s21 ? mloEffectiveRate(settlementFlows(s21.history, date, settled)) : null;
  const total = principal.plus(interest).plus(lockPeriodFee).minus(capRebate).plus(overdue.overdueInterest).plus(overdue.fee);
  return {
    date,
    method,
    principal,
    interest,
    rebate,
    lockPeriodFee,
    agreedLockPeriodFee,
    lockPeriodFeeCeiling: ceiling,
    settlementRate,
    capRebate,
    capRebateParts,
    overdueInterest: overdue.overdueInterest,
    handlingFee: overdue.fee,
    total,
    tempAmount,
    payable: maxDec(total.minus(tempAmount), ZERO),
    remainingScheduled: remainingScheduled(state),
  };
}

/**
 * What a settlement receipt records as received for each part: the quote's s.21 figures less what
 * the cap rebate came off (the instalment lines still clear in full), and all it gave up — the
 * interest not run (`interestWaived`, from its lines) and the cap rebate.
 */
export function settlementReceiptParts(
  quote: SettlementQuote,
  interestWaived: DecimalInput,
): { principal: Decimal; interest: Decimal; lockPeriodFee: Decimal; givenUp: Decimal } {
  return {
    principal: quote.principal.minus(quote.capRebateParts.principal),
    interest: quote.interest.minus(quote.capRebateParts.interest),
    lockPeriodFee: quote.lockPeriodFee.minus(quote.capRebateParts.lockPeriodFee),
    givenUp: dec(interestWaived).plus(quote.capRebate),
  };
}

/** True when nothing is left to pay on the state's instalments. */
export function isFullyRepaid(state: RepaymentState): boolean {
  return state.instalments.every((i) => unpaidInstalment(i).lte(0));
}
