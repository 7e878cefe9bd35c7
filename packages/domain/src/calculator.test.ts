import { describe, expect, it } from 'vitest';
import { calculate, type CalculatorRequest } from './calculator.js';
import { TermsValidationError } from './errors.js';

const monthly = (over: Partial<CalculatorRequest>): CalculatorRequest => ({
  loanAmount: '50000',
  totalTenor: 12,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  loanDate: '2024-01-31',
  ...over,
});

function issuesOf(req: CalculatorRequest): string[] {
  try {
    calculate(req);
  } catch (e) {
    if (e instanceof TermsValidationError) return e.issues.map((i) => `${i.field}:${i.code}`);
    throw e;
  }
  return [];
}

describe('calculator', () => {
  // The effective rate of a flat loan is the rate of its real cash flows over actual days (mlo.ts):
  // lent on 2024-01-31, due on the 29th of February, the 31st of March, the 30th of April, …
  it('50,000, 0.70% monthly flat, 12 months from 2024-01-31 → 4,516.67, effective 16.29%', () => {
    const r = calculate(monthly({ flatRate: '0.70' }));
    expect(r.instalmentAmount).toBe('4516.67');
    expect(r.totalInterest).toBe('4200.00');
    expect(r.flatRate).toBe('0.7000');
    expect(r.effectiveRate).toBe('16.2944');
    expect(r.mloRate).toBe(r.effectiveRate);
    expect(r.mloStatus).toBe('ok');
    expect(r.schedule).toHaveLength(12);
    expect(r.schedule[11]).toMatchObject({ instalment: '4516.63', balance: '0.00' });
  });
  it('60,000, 0.50% monthly flat, 24 months, 1,200 deducted → 2,800.00, effective 14.00%', () => {
    const r = calculate(monthly({ loanAmount: '60000', totalTenor: 24, flatRate: '0.50', amountDeducted: '1200' }));
    expect(r.instalmentAmount).toBe('2800.00');
    expect(r.effectiveRate).toBe('14.0048');
    expect(r.mloRate).toBe(r.effectiveRate);
  });
  // 30/360 US counts every month from the 15th as 30 days (from the 31st, 31 Jan → 29 Feb is 29)
  it('100.00 at 9.4822% nominal, monthly × 6, 30/360', () => {
    const r = calculate(monthly({ loanAmount: '100.00', totalTenor: 6, nominalRate: '9.4822', loanDate: '2024-01-15' }), { dayCount: '30/360' });
    expect(r.instalmentAmount).toBe('17.13');
    expect(r.schedule.map((l) => l.interest)).toEqual(['0.79', '0.66', '0.53', '0.40', '0.27', '0.13']);
    expect(r.schedule.map((l) => l.principal)).toEqual(['16.34', '16.47', '16.60', '16.73', '16.86', '17.00']);
    expect(r.nominalRate).toBe('9.4822');
    expect(r.effectiveRate).toBe('9.9053');
  });
  it('effective rate given: the schedule delivers it; on actual/365 the Ordinance rate is the same figure', () => {
    const r = calculate(monthly({ effectiveRate: '16.2578' }));
    expect(r.effectiveRate).toBe('16.2578');
    expect(r.mloRate).toBe('16.2578');
    expect(r.flatRate).toBe('0.7000');
    // 50,000 / Σ 1.162578^−(days/365) over the due dates 29 Feb 2024 … 31 Jan 2025 = 4,515.92…
    expect(r.instalmentAmount).toBe('4515.92');
    expect(r.schedule.at(-1)).toMatchObject({ instalment: '4515.86', interest: '57.40', balance: '0.00' });
    // on actual/360 the Ordinance's actual/365 measure of the same stated rate is higher
    const a360 = calculate(monthly({ effectiveRate: '16.2578' }), { dayCount: 'actual/360' });
    expect(a360.instalmentAmount).toBe('4520.91');
    expect(a360.mloRate).toBe('16.5013');
  });
  it('10,000 at 1% flat a month every 2 months × 5 → 2,200 each', () => {
    const r = calculate(monthly({ loanAmount: '10000', totalTenor: 5, cycleMonths: 2, flatRate: '1' }));
    expect(r.schedule.map((l) => l.instalment)).toEqual(Array(5).fill('2200.00'));
    expect(r.totalInterest).toBe('1000.00');
    const n = calculate(monthly({ loanAmount: '10000', totalTenor: 5, repayCycle: 'every-n-days', cycleDays: 60, flatRate: '2' }));
    expect(n.totalInterest).toBe('1000.00');
  });
  it('flags MLO rates and applies the maximum APR setting', () => {
    const r = calculate(monthly({ loanAmount: '10000', flatRate: '3' }), { maxApr: '36', maxAprExcessAction: 'prompt-and-confirm' });
    expect(r.mloStatus).toBe('illegal');
    expect(r.maxApr).toMatchObject({ allowed: true, needsConfirmation: true, code: 'MAX_APR_EXCEEDED' });
  });
  it('typed validation errors with field names', () => {
    expect(issuesOf(monthly({}))).toEqual(expect.arrayContaining(['flatRate:RATE_REQUIRED', 'effectiveRate:RATE_REQUIRED']));
    expect(issuesOf(monthly({ flatRate: '1', totalTenor: 0 }))).toEqual(['totalTenor:TENOR_AT_LEAST_1']);
    expect(issuesOf(monthly({ flatRate: '1', loanAmount: '-5' }))).toEqual(['loanAmount:MUST_BE_POSITIVE']);
    expect(issuesOf(monthly({ flatRate: '-1' }))).toEqual(['flatRate:MUST_NOT_BE_NEGATIVE']);
    expect(issuesOf(monthly({ flatRate: '1', amountDeducted: '-1' }))).toEqual(['amountDeducted:MUST_NOT_BE_NEGATIVE']);
    expect(issuesOf(monthly({ flatRate: '1', repayCycle: 'every-n-days', cycleDays: 0 }))).toEqual(['cycleDays:CYCLE_DAYS_AT_LEAST_1']);
    expect(issuesOf(monthly({ flatRate: '1', repayCycle: 'every-n-days' }))).toEqual(['cycleDays:CYCLE_DAYS_AT_LEAST_1']);
    expect(issuesOf(monthly({ flatRate: '1', repayCycle: 'weekly' as 'monthly' }))).toEqual(['repayCycle:INVALID_CHOICE']);
    expect(issuesOf(monthly({ flatRate: 'abc' }))).toEqual(['flatRate:NOT_A_NUMBER']);
    expect(issuesOf(monthly({ flatRate: '1', loanDate: '2024-02-30' }))).toEqual(['loanDate:INVALID_DATE']);
  });
});
