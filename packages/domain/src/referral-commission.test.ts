import { describe, expect, it } from 'vitest';
import { referralCommission } from './referral-commission.js';

describe('referralCommission', () => {
  it('takes a percentage of the loan, rounded half-up to the cent per loan', () => {
    expect(referralCommission('100000.00', { kind: 'percent', commission: '1.50' })).toBe('1500.00');
    expect(referralCommission('12345.67', { kind: 'percent', commission: '2.50' })).toBe('308.64'); // 308.64175
    expect(referralCommission('10001.00', { kind: 'percent', commission: '0.05' })).toBe('5.00'); // 5.0005
    expect(referralCommission('10010.00', { kind: 'percent', commission: '0.05' })).toBe('5.01'); // 5.005, half-up
  });

  it('pays a fixed sum whatever the loan', () => {
    expect(referralCommission('50000.00', { kind: 'fixed', commission: '800.00' })).toBe('800.00');
    expect(referralCommission('3000.00', { kind: 'fixed', commission: '800' })).toBe('800.00');
  });
});
