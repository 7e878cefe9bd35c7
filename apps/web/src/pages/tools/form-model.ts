/**
 * The calculator form's values and the request they make. Only text is moved around here:
 * amounts and rates stay the strings the user typed, dates become YYYY-MM-DD.
 */
import type { Dayjs } from 'dayjs';
import type { InterestMethod, RepayCycle } from '@harbour/contracts';
import type { CalculatorBody } from './calculator-api.js';

export type RateType = 'flat' | 'effective';

export interface CalculatorFormValues {
  loanAmount?: string | null;
  totalTenor?: number | null;
  repayCycle: RepayCycle;
  cycleMonths?: number | null;
  cycleDays?: number | null;
  interestMethod: InterestMethod;
  rateType: RateType;
  rate?: string | null;
  ruleOf78?: boolean;
  loanDate?: Dayjs | null;
  firstDueDate?: Dayjs | null;
  amountDeducted?: string | null;
}

/** The form's field names, to put the server's field errors under the right input. */
export const FORM_FIELDS = [
  'loanAmount',
  'totalTenor',
  'repayCycle',
  'cycleMonths',
  'cycleDays',
  'interestMethod',
  'rate',
  'ruleOf78',
  'loanDate',
  'firstDueDate',
  'amountDeducted',
] as const;

/** The API names the rate fields `flatRate` / `effectiveRate`; the form has one rate input. */
export const formFieldOf = (apiField: string) => (apiField === 'flatRate' || apiField === 'effectiveRate' ? 'rate' : apiField);

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The request body, or undefined while the essentials (amount, tenor, rate, loan date) are still
 * empty: the page waits for them instead of showing "required" under fields not reached yet.
 */
export function toRequest(v: CalculatorFormValues): CalculatorBody | undefined {
  if (blank(v.loanAmount) || blank(v.totalTenor) || blank(v.rate) || !v.loanDate) return undefined;
  const body: CalculatorBody = {
    loanAmount: String(v.loanAmount),
    totalTenor: Number(v.totalTenor),
    repayCycle: v.repayCycle,
    interestMethod: v.interestMethod,
    loanDate: v.loanDate.format('YYYY-MM-DD'),
    [v.rateType === 'flat' ? 'flatRate' : 'effectiveRate']: String(v.rate),
  };
  if (v.repayCycle === 'monthly' && !blank(v.cycleMonths)) body.cycleMonths = Number(v.cycleMonths);
  if (v.repayCycle === 'every-n-days') body.cycleDays = blank(v.cycleDays) ? '' : Number(v.cycleDays);
  if (v.ruleOf78) body.ruleOf78 = true;
  if (v.firstDueDate) body.firstDueDate = v.firstDueDate.format('YYYY-MM-DD');
  if (!blank(v.amountDeducted)) body.amountDeducted = String(v.amountDeducted);
  return body;
}
