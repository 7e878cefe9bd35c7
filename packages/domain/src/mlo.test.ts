import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.js';
import { formatRate, mloDays, mloEffectiveRate, mloStatus, storedRate } from './mlo.js';
import { addMonthsClamped, daysBetween } from './dates.js';
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
    expect(formatRate(withDeduction)).toBe('13.95');
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

describe('the rate of a loan\'s real cash flows on their dates', () => {
  const flows = (lentOn: string, received: string, payments: [string, string][]) => ({
    lentOn,
    received,
    payments: payments.map(([date, amount]) => ({ date, amount })),
  });
  const monthly = (from: string, n: number, amount: string): [string, string][] =>
    Array.from({ length: n }, (_, k) => [addMonthsClamped(from, k + 1), amount]);

  it('counts actual days from the day the money is lent', () => {
    expect(mloDays('2024-01-31', '2024-02-29')).toBe(29);
    expect(mloDays('2024-01-15', '2024-01-15')).toBe(0);
    expect(() => mloDays('2024-02-01', '2024-01-31')).toThrow(RangeError);
  });

  it('is the rate a year of the flows over 365-day years (10,000 against 1,000 × 12 monthly)', () => {
    const payments = monthly('2024-01-10', 12, '1000');
    const r = mloEffectiveRate(flows('2024-01-10', '10000', payments));
    // discounting every payment at r over its days / 365 gives back exactly what was received
    const pv = payments.reduce((s, [d, a]) => s.plus(new Decimal(a).div(r.plus(1).pow(new Decimal(daysBetween('2024-01-10', d)).div(365)))), new Decimal(0));
    expect(pv.toFixed(12)).toBe('10000.000000000000');
    expect(formatRate(r)).toBe('41.28');
  });

  it('the same instalments lent 45 days late cost more (the money is out for less time)', () => {
    const onTime = mloEffectiveRate(flows('2024-01-10', '20000', monthly('2024-01-10', 6, '3633.33')));
    expect(formatRate(onTime)).toBe('34.90');
    // the instalment already due when the money leaves is due that same day
    const lateFlows = monthly('2024-01-10', 6, '3633.33').map(([d, a]): [string, string] => [d < '2024-02-24' ? '2024-02-24' : d, a]);
    const late = mloEffectiveRate(flows('2024-02-24', '20000', lateFlows));
    expect(late.gt(onTime)).toBe(true);
    // an independent double-precision XIRR agrees
    const f = (r: number) => -20000 + lateFlows.reduce((s, [d]) => s + 3633.33 / Math.pow(1 + r, daysBetween('2024-02-24', d) / 365), 0);
    let lo = 0, hi = 100;
    for (let k = 0; k < 200; k++) { const mid = (lo + hi) / 2; if (f(mid) > 0) lo = mid; else hi = mid; }
    expect(Math.abs(late.toNumber() - lo)).toBeLessThan(1e-9);
  });

  it('a payment on the day the money is lent reduces what was received; more than received has no finite rate', () => {
    const a = mloEffectiveRate(flows('2024-01-01', '10000', [['2024-01-01', '1000'], ...monthly('2024-01-01', 12, '1000')]));
    const b = mloEffectiveRate(flows('2024-01-01', '9000', monthly('2024-01-01', 12, '1000')));
    expect(a.toFixed(20)).toBe(b.toFixed(20));
    const settledSameDay = mloEffectiveRate(flows('2024-01-01', '12000', [['2024-01-01', '12500']]));
    expect(settledSameDay.isFinite()).toBe(false);
    expect(mloStatus(settledSameDay)).toBe('illegal');
    expect(formatRate(settledSameDay)).toBe('∞');
    expect(storedRate(settledSameDay)).toBe('9999.9999');
  });

  it('messages show two places while the exact figure decides', () => {
    expect(formatRate('0.48')).toBe('48.00');
    expect(mloStatus('0.48')).toBe('extortionate');
    expect(formatRate('0.4800004')).toBe('48.00');
    expect(mloStatus('0.4800004')).toBe('illegal');
    expect(formatRate('0.506740')).toBe('50.67');
  });
});
