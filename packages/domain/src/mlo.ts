/**
 * Money Lenders Ordinance (Cap. 163) rate check.
 *
 * s.24: lending at an effective rate above 48% a year is an offence (illegal).
 * s.25: above 36% a year the loan is presumed extortionate.
 * Default interest is not counted.
 *
 * The statutory method is Schedule 2 (the Companies Registry's calculator applies its paragraph 4
 * from A amount borrowed, B amount deducted, C = A − B, D instalment, E number of instalments, the
 * interval, F = D×E, G = F − C). The text of paragraph 4 could not be confirmed from a public source
 * available to this project, so — until it is — the rate is the compounded IRR rate of the real cash
 * flows: the borrower receives C and pays the instalments; i solves C = Σ Dₜ(1+i)^−t and the rate is
 * (1+i)^k − 1. That is the highest of the plausible readings (compounding ≥ the nominal i·k), so
 * the check is never too lenient. The method lives only in `mloEffectiveRate`; replacing it there
 * replaces it everywhere. See docs/loan-mathematics.md.
 */
import { Decimal, type DecimalInput, dec } from './decimal.js';
import { type CashFlow, annualiseCompound, solveIrr } from './irr.js';
import { type Schedule, scheduleCashFlows } from './schedule.js';
import { periodsPerYear } from './cycles.js';

/** The particulars of a loan for the statutory rate (the Companies Registry calculator's A…E). */
export interface MloLoan {
  /** A: amount borrowed */
  amountBorrowed: DecimalInput;
  /** B: amount deducted (interest, service charges, …) */
  amountDeducted: DecimalInput;
  /** the repayments (D each, E of them, or the schedule's actual instalments), at times in periods */
  repayments: readonly { amount: DecimalInput; t: number | Decimal }[];
  /** periods a year (12 for monthly; 12/m for an interval of m months; 365/N for N days) */
  periodsPerYear: DecimalInput | number;
}

export const MLO_EXTORTIONATE_ABOVE = new Decimal('0.36');
export const MLO_ILLEGAL_ABOVE = new Decimal('0.48');

export type MloStatus = 'ok' | 'extortionate' | 'illegal';

/** The MLO particulars of a built schedule (its actual instalments, amount deducted). */
export function mloLoanFromSchedule(schedule: Schedule): MloLoan {
  const flows = scheduleCashFlows(schedule).slice(1);
  return {
    amountBorrowed: schedule.loanAmount,
    amountDeducted: schedule.amountDeducted,
    repayments: flows.map((f) => ({ amount: f.amount, t: f.t })),
    periodsPerYear: periodsPerYear(schedule.cycle),
  };
}

/**
 * The effective rate a year (fraction) used for the MLO caps — THE one place of the method.
 * Accepts the particulars or a schedule.
 */
export function mloEffectiveRate(loan: MloLoan | Schedule): Decimal {
  const l = 'lines' in loan ? mloLoanFromSchedule(loan) : loan;
  const principal = dec(l.amountBorrowed).minus(dec(l.amountDeducted)); // C = A − B
  const flows: CashFlow[] = [{ t: 0, amount: principal.neg() }];
  for (const r of l.repayments) flows.push({ t: r.t, amount: dec(r.amount) });
  const k = typeof l.periodsPerYear === 'number' ? new Decimal(l.periodsPerYear) : dec(l.periodsPerYear);
  return annualiseCompound(solveIrr(flows), k);
}

/** 'illegal' above 48% a year, 'extortionate' above 36%, else 'ok'. `rate` is a fraction. */
export function mloStatus(rate: DecimalInput): MloStatus {
  const r = dec(rate);
  if (r.gt(MLO_ILLEGAL_ABOVE)) return 'illegal';
  if (r.gt(MLO_EXTORTIONATE_ABOVE)) return 'extortionate';
  return 'ok';
}
