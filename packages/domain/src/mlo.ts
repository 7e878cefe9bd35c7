/**
 * Money Lenders Ordinance (Cap. 163) rate check — THE one place of the method.
 *
 * s.24: lending at an effective rate above 48% a year is an offence (illegal).
 * s.25: above 36% a year the loan is presumed extortionate.
 * Default interest is not counted.
 *
 * The statutory method is Schedule 2 (the Companies Registry's calculator applies its paragraph 4
 * from A amount borrowed, B amount deducted, C = A − B, D instalment, E number of instalments and
 * the interval: whole months, or days of an incomplete month). The text of paragraph 4 could not be
 * confirmed from a public source available to this project, so the rate is the compounded rate a
 * year of the borrower's REAL cash flows on their dates:
 *  - the borrower receives C on the day the money is lent (the loan amount less everything kept
 *    back: up-front interest, handling, late drawdown and any other fee);
 *  - the borrower pays each amount (instalments, fees counted in the rate, a settlement) on its
 *    own date; a payment on the day the money is lent reduces what was received;
 *  - time is counted in actual days over a 365-day year, and r solves C = Σ Pⱼ(1+r)^−(dⱼ/365).
 * Counting days rather than whole months is the stricter reading wherever the two differ in a way
 * that matters (a short month counted as a whole one lowers the rate), and it is the reading an
 * independent check of "the rate of the real cash flows" takes. See docs/loan-mathematics.md.
 */
import { Decimal, type DecimalInput, dec } from './decimal.js';
import { type CashFlow, annualiseCompound, solveIrr } from './irr.js';
import { type Schedule } from './schedule.js';
import { daysBetween } from './dates.js';
import { formatPercent } from './rounding.js';

/** The particulars of a loan in the Companies Registry calculator's terms (A…E, t in periods). */
export interface MloLoan {
  /** A: amount borrowed */
  amountBorrowed: DecimalInput;
  /** B: amount deducted (interest, service charges, …) */
  amountDeducted: DecimalInput;
  /** the repayments (D each, E of them), at times in periods */
  repayments: readonly { amount: DecimalInput; t: number | Decimal }[];
  /** periods a year (12 for monthly; 12/m for an interval of m months; 365/N for N days) */
  periodsPerYear: DecimalInput | number;
}

/** A loan's real cash flows on their dates (what the borrower receives and pays). */
export interface LoanCashFlows {
  /** the day the borrower receives the money (YYYY-MM-DD) */
  lentOn: string;
  /** what the borrower receives that day: the loan amount less everything kept back */
  received: DecimalInput;
  /** what the borrower pays, each on its date (on or after `lentOn`) */
  payments: readonly { date: string; amount: DecimalInput }[];
}

export const MLO_EXTORTIONATE_ABOVE = new Decimal('0.36');
export const MLO_ILLEGAL_ABOVE = new Decimal('0.48');

export type MloStatus = 'ok' | 'extortionate' | 'illegal';

const DAYS_A_YEAR = 365;

/** Days from the day the money is lent to a payment (never negative). */
export function mloDays(lentOn: string, date: string): number {
  const days = daysBetween(lentOn, date);
  if (days < 0) throw new RangeError(`a payment on ${date} is before the money is lent on ${lentOn}`);
  return days;
}

/** The real cash flows of a built schedule: lent on its loan date, the instalments on their due dates. */
export function scheduleLoanFlows(schedule: Schedule): LoanCashFlows {
  return {
    lentOn: schedule.loanDate,
    received: schedule.loanAmount.minus(schedule.amountDeducted),
    payments: schedule.lines.map((l) => ({ date: l.dueDate, amount: l.instalment })),
  };
}

function isCashFlows(loan: MloLoan | Schedule | LoanCashFlows): loan is LoanCashFlows {
  return 'lentOn' in loan;
}

function rateOfParticulars(l: MloLoan): Decimal {
  const principal = dec(l.amountBorrowed).minus(dec(l.amountDeducted)); // C = A − B
  const flows: CashFlow[] = [{ t: 0, amount: principal.neg() }];
  for (const r of l.repayments) flows.push({ t: r.t, amount: dec(r.amount) });
  const k = typeof l.periodsPerYear === 'number' ? new Decimal(l.periodsPerYear) : dec(l.periodsPerYear);
  return annualiseCompound(solveIrr(flows), k);
}

function rateOfFlows(l: LoanCashFlows): Decimal {
  // Payments on the day the money is lent only reduce what was received that day.
  let received = dec(l.received);
  const later: CashFlow[] = [];
  for (const p of l.payments) {
    const amount = dec(p.amount);
    if (amount.isZero()) continue;
    const t = mloDays(l.lentOn, p.date);
    if (t === 0) received = received.minus(amount);
    else later.push({ t, amount });
  }
  // Paying back on the day more than was received, or nothing at all later: no finite rate.
  if (!received.gt(0)) return new Decimal(later.length > 0 || received.isNeg() ? Infinity : 0);
  if (later.length === 0) return new Decimal(-1);
  const perDay = solveIrr([{ t: 0, amount: received.neg() }, ...later]);
  return annualiseCompound(perDay, new Decimal(DAYS_A_YEAR));
}

/**
 * The effective rate a year (a fraction) used for the Ordinance's caps. Accepts a loan's real cash
 * flows, a built schedule (lent on its loan date, paid on its due dates) or the Companies Registry
 * style particulars (t in periods). Infinity when the borrower pays back more than was received on
 * the very day the money is lent.
 */
export function mloEffectiveRate(loan: MloLoan | Schedule | LoanCashFlows): Decimal {
  if (isCashFlows(loan)) return rateOfFlows(loan);
  if ('lines' in loan) return rateOfFlows(scheduleLoanFlows(loan));
  return rateOfParticulars(loan);
}

/** 'illegal' above 48% a year, 'extortionate' above 36%, else 'ok' — decided on the exact figure. */
export function mloStatus(rate: DecimalInput): MloStatus {
  const r = dec(rate);
  if (r.gt(MLO_ILLEGAL_ABOVE)) return 'illegal';
  if (r.gt(MLO_EXTORTIONATE_ABOVE)) return 'extortionate';
  return 'ok';
}

/** Places a rate is shown with in messages and on screens (the exact figure decides the status). */
export const RATE_MESSAGE_PLACES = 2;

/**
 * A rate (fraction) as users read it in messages: percent with two places ("48.01"); an unbounded
 * rate reads "∞". The status is decided on the exact figure, never on this text.
 */
export function formatRate(rate: DecimalInput): string {
  const r = dec(rate);
  if (!r.isFinite()) return '∞';
  return formatPercent(r, RATE_MESSAGE_PLACES);
}

/** The stored form of a rate (percent with the display places, "34.7912"); unbounded rates store "9999.9999". */
export function storedRate(rate: DecimalInput): string {
  const r = dec(rate);
  return r.isFinite() ? formatPercent(r) : '9999.9999';
}
