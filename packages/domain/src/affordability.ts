/**
 * The borrower's ability to repay (licensing condition 2021, compliance.md): the monthly income,
 * the monthly instalments of existing debts, this loan's instalment as a monthly figure, their
 * total and the debt-to-income ratio (DTI) — the total's share of the income in percent. The
 * affordability declaration prints these figures and the approval decides on them
 * (docs/s18-documents.md → Affordability).
 *
 * Amounts are exact to the cent. A non-monthly instalment becomes monthly through the cycle's
 * periods a year (`periodsPerYear`, the same count that annualises the rates): instalment × k / 12
 * — twice a month ×2, every two weeks ×26/12, every N days ×365/(12N), every m months ÷m — rounded
 * half up to the cent. The ratio is (existing + new monthly) / income × 100, rounded half up to two
 * places; that two-place figure is the one printed, shown and compared with the company's limit.
 */
import { periodsPerYear, type RepayCycle } from './cycles.js';
import { dec, type Decimal } from './decimal.js';

export interface AffordabilityFigures {
  income: string | null;
  existing: string;
  /** the loan's instalment as its cycle has it */
  newInstalment: string;
  /** the same as a monthly figure (equal to `newInstalment` for a one-month cycle) */
  newMonthly: string;
  total: string;
  /** percent, two places; null without an income (none or zero) */
  ratio: string | null;
}

/** The exact sum of decimal amounts, to the cent (an empty list sums to 0.00). */
export const sumMoney = (amounts: readonly string[]): string => amounts.reduce((s, a) => s.plus(dec(a)), dec('0')).toFixed(2);

/** An instalment of `cycle` as a monthly amount: × periods a year / 12, to the cent (half up). */
export function monthlyInstalment(instalment: string, cycle: RepayCycle): string {
  // toFixed rounds half up: the domain's Decimal is configured so
  return dec(instalment).times(periodsPerYear(cycle)).div(12).toFixed(2);
}

/**
 * The affordability figures. `cycle` is the loan's repayment cycle (monthly when left out, as the
 * section C instalments are); a blank existing instalment counts as nothing here — whether the
 * figures are complete enough to lend on is the approval's question, not this sum's.
 */
export function affordability(input: {
  income: string | null;
  existingInstalments: readonly (string | null)[];
  newInstalment: string;
  cycle?: RepayCycle;
}): AffordabilityFigures {
  const existing = dec(sumMoney(input.existingInstalments.filter((a): a is string => !!a)));
  const newMonthly = dec(monthlyInstalment(input.newInstalment, input.cycle ?? { kind: 'monthly' }));
  const total = existing.plus(newMonthly);
  return {
    income: input.income,
    existing: existing.toFixed(2),
    newInstalment: dec(input.newInstalment).toFixed(2),
    newMonthly: newMonthly.toFixed(2),
    total: total.toFixed(2),
    ratio: debtToIncomeRatio(total, input.income),
  };
}

/** (monthly debt service) / (monthly income) × 100, two places half up; null without an income above zero. */
export function debtToIncomeRatio(monthlyDebt: Decimal | string, income: string | null): string | null {
  if (!income || !dec(income).gt(0)) return null;
  return dec(monthlyDebt).div(dec(income)).times(100).toFixed(2);
}

/** The ratio lies above the limit (percent; null or '' = no limit). A ratio unknown is never above. */
export function aboveDtiLimit(ratio: string | null, limit: string | null): boolean {
  if (ratio === null || limit === null || limit.trim() === '') return false;
  return dec(ratio).gt(dec(limit));
}
