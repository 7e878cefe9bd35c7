import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.js';
import { mloEffectiveRate, mloStatus } from './mlo.js';
import { buildSchedule } from './schedule.js';

describe('Money Lenders Ordinance rate', () => {
  it('statuses: above 48% illegal, above 36% extortionate', () => {
    expect(mloStatus('0.36')).toBe('ok');
    expect(mloStatus('0.3600001')).toBe('extortionate');
    expect(mloStatus('0.48')).toBe('extortionate');
    expect(mloStatus('0.4800001')).toBe('illegal');
  });
  it('uses the real cash flows: amount deducted raises the rate', () => {
    const base = { loanAmount: '60000', loanDate: '2024-03-01', totalTenor: 24, repayCycle: { kind: 'monthly' as const }, interestMethod: 'amortization' as const, flatRate: '0.50' };
    const without = mloEffectiveRate(buildSchedule(base));
    const withDeduction = mloEffectiveRate(buildSchedule({ ...base, amountDeducted: '1200' }));
    expect(withDeduction.times(100).toFixed(2)).toBe('13.99');
    expect(withDeduction.gt(without)).toBe(true);
  });
  it('the Companies Registry style particulars (A, B, D, E, interval)', () => {
    // A 10,000, B 0, D 1,000 × 12 monthly
    const rate = mloEffectiveRate({
      amountBorrowed: '10000',
      amountDeducted: '0',
      repayments: Array.from({ length: 12 }, (_, k) => ({ amount: '1000', t: k + 1 })),
      periodsPerYear: 12,
    });
    expect(rate.times(100).toFixed(2)).toBe('41.30');
    expect(mloStatus(rate)).toBe('extortionate');
  });
  it('a 4% flat monthly loan is illegal', () => {
    const s = buildSchedule({ loanAmount: '10000', loanDate: '2024-01-01', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '4' });
    expect(mloStatus(mloEffectiveRate(s))).toBe('illegal');
    expect(mloEffectiveRate(s).gt(new Decimal('0.48'))).toBe(true);
  });
});
