import { describe, expect, it } from 'vitest';
import { affordability, sumMoney } from './affordability.js';

describe('affordability figures', () => {
  it('sums the existing instalments exactly and gives the share of income in two places', () => {
    expect(affordability({ income: '30000.00', existingInstalments: ['1500.10', null, '0.20'], newInstalment: '4516.67' })).toEqual({
      income: '30000.00',
      existing: '1500.30',
      newInstalment: '4516.67',
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
