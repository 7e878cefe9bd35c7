import { describe, expect, it } from 'vitest';
import { aboveDtiLimit, affordability, debtToIncomeRatio, monthlyInstalment, sumMoney } from './affordability.js';

describe('affordability figures', () => {
  it('sums the existing instalments exactly and gives the share of income in two places', () => {
    expect(affordability({ income: '30000.00', existingInstalments: ['1500.10', null, '0.20'], newInstalment: '4516.67' })).toEqual({
      income: '30000.00',
      existing: '1500.30',
      newInstalment: '4516.67',
      newMonthly: '4516.67',
      total: '6016.97',
      ratio: '20.06',
    });
  });

  it('has no share without an income (null or zero)', () => {
    expect(affordability({ income: null, existingInstalments: [], newInstalment: '100' })).toMatchObject({ total: '100.00', ratio: null });
    expect(affordability({ income: '0', existingInstalments: [], newInstalment: '100' }).ratio).toBeNull();
  });

  it('sums money without binary error', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('a non-monthly instalment as a monthly figure (× periods a year / 12)', () => {
  it('converts each cycle exactly, rounding half up to the cent', () => {
    expect(monthlyInstalment('1000', { kind: 'monthly' })).toBe('1000.00');
    expect(monthlyInstalment('3000', { kind: 'monthly', months: 3 })).toBe('1000.00');
    expect(monthlyInstalment('1000', { kind: 'monthly', months: 7 })).toBe('142.86'); // 142.857…
    expect(monthlyInstalment('1000', { kind: 'twice-monthly' })).toBe('2000.00');
    expect(monthlyInstalment('1000', { kind: 'biweekly' })).toBe('2166.67'); // 26 000 / 12 = 2166.666…
    expect(monthlyInstalment('700', { kind: 'every-n-days', days: 7 })).toBe('3041.67'); // 700 × 365/7 / 12 = 3041.666…
    expect(monthlyInstalment('0.05', { kind: 'every-n-days', days: 365 })).toBe('0.00'); // 0.004166… rounds down
    expect(monthlyInstalment('0.06', { kind: 'every-n-days', days: 365 })).toBe('0.01'); // 0.005 rounds half up
  });

  it('puts the monthly figure in the total and the ratio', () => {
    expect(affordability({ income: '20000', existingInstalments: ['1500'], newInstalment: '1000', cycle: { kind: 'biweekly' } })).toEqual({
      income: '20000',
      existing: '1500.00',
      newInstalment: '1000.00',
      newMonthly: '2166.67',
      total: '3666.67',
      ratio: '18.33', // 3666.67 / 20000 = 18.33350 %
    });
  });
});

describe('debt-to-income ratio and its limit', () => {
  it('rounds the ratio half up to two places', () => {
    expect(debtToIncomeRatio('1000.05', '2000')).toBe('50.00'); // 50.0025
    expect(debtToIncomeRatio('1000.10', '2000')).toBe('50.01'); // 50.005
    expect(debtToIncomeRatio('1', '3')).toBe('33.33');
    expect(debtToIncomeRatio('100', null)).toBeNull();
  });

  it('is above a limit only strictly, on the two-place figure; no limit or no ratio is never above', () => {
    expect(aboveDtiLimit('50.00', '50')).toBe(false);
    expect(aboveDtiLimit('50.01', '50')).toBe(true);
    expect(aboveDtiLimit('80.00', '')).toBe(false);
    expect(aboveDtiLimit('80.00', null)).toBe(false);
    expect(aboveDtiLimit(null, '50')).toBe(false);
  });
});
