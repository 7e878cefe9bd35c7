/**
 * Loan terms (issue §1) and their validation.
 *
 * Rates are percent strings at this boundary: `flatRate` is percent per month for monthly cycles
 * (per period for the other cycles); `effectiveRate` is the effective annual rate in percent;
 * `nominalRate` the nominal annual rate in percent (periodic rate × periods a year). Exactly one
 * of the three must be given.
 */
import { type DecimalInput, dec, isDecimalString } from './decimal.js';
import { compareDates, tryParseDate } from './dates.js';
import { type RepayCycle } from './cycles.js';
import { type TermsIssue, TermsValidationError, termsIssue } from './errors.js';
import { type InterestMethod } from './rates.js';

export interface LoanTerms {
  loanAmount: DecimalInput;
  /** interest start date, 'YYYY-MM-DD' */
  loanDate: string;
  /** optional; when later than one cycle after the loan date the first period is extended */
  firstDueDate?: string | undefined;
  totalTenor: number;
  repayCycle: RepayCycle;
  interestMethod: InterestMethod;
  /** percent per month (monthly cycles) or per period (other cycles) */
  flatRate?: DecimalInput | undefined;
  /** effective annual rate, percent */
  effectiveRate?: DecimalInput | undefined;
  /** nominal annual rate, percent */
  nominalRate?: DecimalInput | undefined;
  /** split interest by the rule of 78 (monthly cycles only) */
  ruleOf78?: boolean | undefined;
  /** amount deducted at payout (up-front interest, fees) */
  amountDeducted?: DecimalInput | undefined;
  /** extended first-period interest; computed from the extra days when absent */
  extendedInterest?: DecimalInput | undefined;
  /** extra days of the first period; computed from the first due date when absent */
  extendedDays?: number | undefined;
  /** cap on the total interest */
  maxInterest?: DecimalInput | undefined;
  /**
   * the day of the month a monthly or twice-monthly cycle keeps (`scheduleAnchorDay` when absent):
   * a rescheduled loan passes its own so its remaining due dates stay those already scheduled
   */
  anchorDay?: number | undefined;
}

function checkMoney(
  issues: TermsIssue[],
  field: string,
  value: DecimalInput | undefined,
  rule: 'positive' | 'non-negative',
  required = false,
): void {
  if (value === undefined || value === '') {
    if (required) issues.push(termsIssue(field, 'REQUIRED'));
    return;
  }
  if (typeof value === 'string' && !isDecimalString(value)) {
    issues.push(termsIssue(field, 'NOT_A_NUMBER'));
    return;
  }
  const d = dec(value);
  if (!d.isFinite()) issues.push(termsIssue(field, 'NOT_A_NUMBER'));
  else if (rule === 'positive' && !d.gt(0)) issues.push(termsIssue(field, 'MUST_BE_POSITIVE'));
  else if (rule === 'non-negative' && d.isNeg()) issues.push(termsIssue(field, 'MUST_NOT_BE_NEGATIVE'));
}

const present = (v: unknown): boolean => v !== undefined && v !== '';

/** Every field problem of the terms (empty when valid). */
export function validateTerms(terms: LoanTerms): TermsIssue[] {
  const issues: TermsIssue[] = [];
  checkMoney(issues, 'loanAmount', terms.loanAmount, 'positive', true);
  if (!Number.isInteger(terms.totalTenor) || terms.totalTenor < 1) issues.push(termsIssue('totalTenor', 'TENOR_AT_LEAST_1'));

  if (!present(terms.loanDate)) issues.push(termsIssue('loanDate', 'REQUIRED'));
  else if (!tryParseDate(terms.loanDate)) issues.push(termsIssue('loanDate', 'INVALID_DATE'));
  if (present(terms.firstDueDate)) {
    if (!tryParseDate(terms.firstDueDate!)) issues.push(termsIssue('firstDueDate', 'INVALID_DATE'));
    else if (tryParseDate(terms.loanDate) && compareDates(terms.firstDueDate!, terms.loanDate) <= 0) {
      issues.push(termsIssue('firstDueDate', 'FIRST_DUE_NOT_AFTER_LOAN_DATE'));
    }
  }

  const cycle = terms.repayCycle;
  if (cycle === undefined || !['monthly', 'twice-monthly', 'biweekly', 'every-n-days'].includes(cycle.kind)) {
    issues.push(termsIssue('repayCycle', 'INVALID_CHOICE'));
  } else if (cycle.kind === 'every-n-days' && (!Number.isInteger(cycle.days) || cycle.days < 1)) {
    issues.push(termsIssue('cycleDays', 'CYCLE_DAYS_AT_LEAST_1'));
  } else if (cycle.kind === 'monthly' && cycle.months !== undefined && (!Number.isInteger(cycle.months) || cycle.months < 1 || cycle.months > 12)) {
    issues.push(termsIssue('cycleMonths', 'CYCLE_MONTHS_INVALID'));
  }
  if (terms.interestMethod !== 'amortization' && terms.interestMethod !== 'interest-first') {
    issues.push(termsIssue('interestMethod', 'INVALID_CHOICE'));
  }

  const rates = (['flatRate', 'effectiveRate', 'nominalRate'] as const).filter((f) => present(terms[f]));
  if (rates.length === 0) issues.push(termsIssue('flatRate', 'RATE_REQUIRED'), termsIssue('effectiveRate', 'RATE_REQUIRED'));
  if (rates.length > 1) for (const f of rates) issues.push(termsIssue(f, 'ONE_RATE_ONLY'));
  for (const f of rates) checkMoney(issues, f, terms[f], 'non-negative');

  if (terms.ruleOf78 && cycle?.kind !== 'monthly') issues.push(termsIssue('ruleOf78', 'RULE_OF_78_MONTHLY_ONLY'));

  checkMoney(issues, 'amountDeducted', terms.amountDeducted, 'non-negative');
  if (
    present(terms.amountDeducted) &&
    !issues.some((i) => i.field === 'amountDeducted' || i.field === 'loanAmount') &&
    dec(terms.amountDeducted!).gte(dec(terms.loanAmount))
  ) {
    issues.push(termsIssue('amountDeducted', 'DEDUCTED_NOT_BELOW_AMOUNT'));
  }
  checkMoney(issues, 'extendedInterest', terms.extendedInterest, 'non-negative');
  checkMoney(issues, 'maxInterest', terms.maxInterest, 'non-negative');
  if (terms.extendedDays !== undefined && (!Number.isInteger(terms.extendedDays) || terms.extendedDays < 0)) {
    issues.push(termsIssue('extendedDays', 'MUST_NOT_BE_NEGATIVE'));
  }
  return issues;
}

/** Throws a TermsValidationError listing every problem; returns the terms when valid. */
export function assertValidTerms(terms: LoanTerms): LoanTerms {
  const issues = validateTerms(terms);
  if (issues.length > 0) throw new TermsValidationError(issues);
  return terms;
}
