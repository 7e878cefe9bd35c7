/**
 * Money Lenders Ordinance s.21 (early repayment) — THE one place of the reading taken.
 *
 * s.21: a borrower may repay early by paying the outstanding principal with interest to the date
 * of payment (the agreement's rebate terms apply within that limit); and the 48% cap (s.24)
 * applies to the real cash flows.
 *
 * Reading: the borrower's whole cash-flow history if they settle on date D — what they received
 * at payout (after everything kept back), every standing receipt on its own date, and the
 * settlement on D — may not cost more than the loan's own contractual rate (the rate of its last
 * accepted cash flows, the stored `mloRate`), and never more than 48% a year. The settlement's
 * own figure — the outstanding principal with the interest to the date as the agreement computes
 * it (actuarial, or the rule of 78) — is what s.21 itself names and is never raised above that
 * bound by a lock-period fee: the fee charged is min(agreed fee, the largest fee that keeps the
 * rate within the bound), not below 0. Settling on the payout day therefore carries no fee.
 *
 * The rate is `mloEffectiveRate`'s (actual days over 365, compounded); default charges (overdue
 * interest, the overdue handling fee) are not counted, as for the Ordinance's rate everywhere.
 *
 * The largest settlement S* is found in closed form: at the bound b the net present value
 *   −received + Σ pⱼ (1+b)^−(tⱼ/365) + S (1+b)^−(t_D/365)
 * is linear in S and falls as the rate rises, so the rate of the flows is within b exactly when
 * that value is ≤ 0, i.e. S ≤ received·(1+b)^(t_D/365) − Σ pⱼ (1+b)^((t_D−tⱼ)/365): the history's
 * value on the settlement day at the bound, floored to the cent (the floor is on the safe side).
 * Powers are of the daily factor (1+b)^(1/365) to whole days, 40 significant digits.
 * See docs/loan-mathematics.md §9.
 */
import { Decimal, type DecimalInput, ONE, ZERO, dec, maxDec, minDec, percentToFraction } from './decimal.js';
import { daysBetween } from './dates.js';
import { type LoanCashFlows, MLO_ILLEGAL_ABOVE } from './mlo.js';
import { type MaxAprExcessAction } from './settings.js';

/** What the s.21 bound of a settlement needs to know of the loan. */
export interface S21Context {
  /** the borrower's real flows so far: lent on, received at payout, every standing receipt counted in the rate */
  history: LoanCashFlows;
  /** the loan's contractual rate: the rate of its last accepted cash flows (a fraction a year) */
  loanRate: DecimalInput;
}

const DAYS_A_YEAR = new Decimal(365);

/** The rate a settlement may not take the loan's flows above: the loan's own rate, never above 48% (nor below 0). */
export function s21RateBound(loanRate: DecimalInput): Decimal {
  return minDec(maxDec(dec(loanRate), ZERO), MLO_ILLEGAL_ABOVE);
}

/** Days from the day the money is lent; a date before it counts as that day (it only reduces what was received). */
function dayOf(lentOn: string, date: string): number {
  return Math.max(0, daysBetween(lentOn, date));
}

/** (1 + b)^(days/365) for whole days: one fractional power, then whole powers of it (exact to 40 digits, and fast). */
function growthOf(bound: Decimal): (days: number) => Decimal {
  const daily = ONE.plus(bound).pow(ONE.div(DAYS_A_YEAR));
  return (days) => (days === 0 ? ONE : daily.pow(days));
}

/** The history's value on the settlement day at the bound: received grown, less every receipt grown. */
function valueOn(history: LoanCashFlows, growth: (days: number) => Decimal, days: number): Decimal {
  let value = dec(history.received).times(growth(days));
  for (const p of history.payments) value = value.minus(dec(p.amount).times(growth(days - dayOf(history.lentOn, p.date))));
  return value;
}

/** The history with a settlement of `amount` on `date` added: the flows the settled loan would have had. */
export function settlementFlows(history: LoanCashFlows, date: string, amount: DecimalInput): LoanCashFlows {
  const lentOn = history.lentOn;
  const on = (d: string): string => (dayOf(lentOn, d) === 0 ? lentOn : d);
  return {
    lentOn,
    received: history.received,
    payments: [...history.payments.map((p) => ({ date: on(p.date), amount: p.amount })), { date: on(date), amount }],
  };
}

/**
 * The largest amount (in cents) the borrower may pay on `date` to settle — counted as the rate
 * counts it (principal, interest and fee, less money already held for them) — such that the
 * whole history's rate stays within `bound`. Negative when the history alone already costs more.
 */
export function s21SettlementCeiling(history: LoanCashFlows, date: string, bound: DecimalInput): Decimal {
  const b = dec(bound);
  const days = dayOf(history.lentOn, date);
  for (const p of history.payments) {
    if (daysBetween(p.date, date) < 0) throw new RangeError(`a receipt on ${p.date} is after the settlement date ${date}`);
  }
  // the net present value at b, multiplied by the positive (1+b)^(t_D/365): S − value ≤ 0
  const value = valueOn(history, growthOf(b), days);
  return value.toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/**
 * The largest lock-period fee a settlement on `date` may carry on top of `settledWithoutFee` (what
 * the settlement pays without it, counted as the rate counts it): never below 0.
 */
export function lockPeriodFeeCeiling(s21: S21Context, date: string, settledWithoutFee: DecimalInput): Decimal {
  const ceiling = s21SettlementCeiling(s21.history, date, s21RateBound(s21.loanRate));
  return maxDec(ceiling.minus(dec(settledWithoutFee)), ZERO);
}

/**
 * The rate an early settlement may never take the borrower's whole flows above: 48% (s.24), or
 * the company's maximum APR when its excess action refuses ("prompt and block"), whichever is
 * lower. Under "prompt and confirm" or "nothing" the company maximum does not bound a settlement.
 */
export function settlementCapBound(company: { maxApr?: string | undefined; maxAprExcessAction?: MaxAprExcessAction | undefined } = {}): Decimal {
  if (company.maxAprExcessAction !== 'prompt-and-block' || company.maxApr === undefined || company.maxApr === '') return MLO_ILLEGAL_ABOVE;
  return minDec(maxDec(percentToFraction(company.maxApr), ZERO), MLO_ILLEGAL_ABOVE);
}

/** The rebate to keep a settlement within the cap, and what it comes off: charges first, then interest, then principal. */
export interface CapRebate {
  total: Decimal;
  lockPeriodFee: Decimal;
  interest: Decimal;
  principal: Decimal;
}

/**
 * The rebate of an early settlement on `date` that keeps the borrower's whole flows within `bound`
 * (`settlementCapBound`): what s.21's figure (principal + interest to the date + the lock-period
 * fee already bounded by `lockPeriodFeeCeiling`, less money held) pays above the largest lawful
 * settlement S* (`s21SettlementCeiling`), taken off the fee first, then the interest, then the
 * principal; never more than the three together. Zero when s.21's figure is within the bound.
 */
export function s21CapRebate(
  history: LoanCashFlows,
  date: string,
  bound: DecimalInput,
  settlement: { principal: DecimalInput; interest: DecimalInput; lockPeriodFee: DecimalInput; tempAmount: DecimalInput },
): CapRebate {
  const fee = dec(settlement.lockPeriodFee);
  const interest = dec(settlement.interest);
  const principal = dec(settlement.principal);
  const counted = principal.plus(interest).plus(fee).minus(dec(settlement.tempAmount));
  let left = minDec(maxDec(counted.minus(s21SettlementCeiling(history, date, bound)), ZERO), principal.plus(interest).plus(fee));
  const take = (from: Decimal): Decimal => {
    const part = minDec(left, maxDec(from, ZERO));
    left = left.minus(part);
    return part;
  };
  const onFee = take(fee);
  const onInterest = take(interest);
  const onPrincipal = take(principal);
  return { total: onFee.plus(onInterest).plus(onPrincipal), lockPeriodFee: onFee, interest: onInterest, principal: onPrincipal };
}

/** A schedule's instalments as the approval sees them: due date, instalment, principal left after it. */
export interface ScheduledInstalment {
  dueDate: string;
  instalment: DecimalInput;
  balance: DecimalInput;
}

/**
 * The most a lock-period fee could be charged on a due date inside the lock period when the loan
 * is paid as scheduled (settled right after that instalment: the principal left, no interest yet
 * run): what an approval can show of its fee. Settling on the payout day allows none.
 */
export function scheduledLockPeriodFeeCeiling(
  loan: { lentOn: string; received: DecimalInput; loanRate: DecimalInput; lockPeriodEnds: string },
  lines: readonly ScheduledInstalment[],
): Decimal {
  let best = ZERO;
  const payments: { date: string; amount: DecimalInput }[] = [];
  for (const l of lines) {
    if (daysBetween(l.dueDate, loan.lockPeriodEnds) <= 0) break;
    payments.push({ date: l.dueDate, amount: l.instalment });
    const history = { lentOn: loan.lentOn, received: loan.received, payments: [...payments] };
    best = maxDec(best, lockPeriodFeeCeiling({ history, loanRate: loan.loanRate }, l.dueDate, l.balance));
  }
  return best;
}
