import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { payoutFigures } from './payout.js';

describe('payoutFigures', () => {
  const base = { loanAmount: '50000', upfrontInterest: '600', handlingFee: '500.5', lateDrawdownFee: '200', agreedDate: '2026-11-02' };

  it('deducts up-front interest and the handling fee; no late fee on or before the agreed date', () => {
    expect(payoutFigures({ ...base, payoutDate: '2026-11-02' })).toEqual({
      loanAmount: '50000.00',
      upfrontInterest: '600.00',
      handlingFee: '500.50',
      lateDrawdownFee: '0.00',
      late: false,
      feesDeducted: '500.50',
      totalDeducted: '1100.50',
      amountReceived: '48899.50',
    });
    expect(payoutFigures({ ...base, payoutDate: '2026-11-01' }).late).toBe(false);
  });

  it('charges the late drawdown fee when the money leaves after the agreed date', () => {
    const f = payoutFigures({ ...base, payoutDate: '2026-11-03' });
    expect(f).toMatchObject({ late: true, lateDrawdownFee: '200.00', feesDeducted: '700.50', totalDeducted: '1300.50', amountReceived: '48699.50' });
  });

  it('treats missing deductions as none and keeps cents exact', () => {
    expect(payoutFigures({ loanAmount: '0.3', agreedDate: '2026-01-01', payoutDate: '2026-01-01', handlingFee: '0.1' }).amountReceived).toBe('0.20');
  });

  it('refuses deductions that leave the borrower nothing', () => {
    expect(() => payoutFigures({ loanAmount: '1000', upfrontInterest: '1000', agreedDate: '2026-01-01', payoutDate: '2026-01-01' })).toThrow(DomainError);
  });
});
