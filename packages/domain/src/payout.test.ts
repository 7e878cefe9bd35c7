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
      oldLoanSettlement: '0.00',
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

  it('pays a reloan out net of the old loan’s settlement, which is not a deduction', () => {
    const f = payoutFigures({ ...base, payoutDate: '2026-11-03', settlesOldLoan: '7673.3' });
    // 50,000 − (600 + 500.50 + 200) − 7,673.30 = 41,026.20; the deductions stay what the approval kept back
    expect(f).toMatchObject({ totalDeducted: '1300.50', oldLoanSettlement: '7673.30', amountReceived: '41026.20' });
    expect(payoutFigures({ ...base, payoutDate: '2026-11-02', settlesOldLoan: null }).oldLoanSettlement).toBe('0.00');
  });

  it('refuses a reloan whose old loan’s settlement takes all that the new loan pays out', () => {
    const at = (settlesOldLoan: string) => () => payoutFigures({ loanAmount: '1000', handlingFee: '100', agreedDate: '2026-01-01', payoutDate: '2026-01-01', settlesOldLoan });
    expect(at('899.99')().amountReceived).toBe('0.01');
    expect(at('900')).toThrow(expect.objectContaining({ code: 'SETTLEMENT_EXCEEDS_PAYOUT', params: { settlement: '900.00', payable: '900.00' } }));
    expect(at('1200')).toThrow(expect.objectContaining({ code: 'SETTLEMENT_EXCEEDS_PAYOUT' }));
  });
});
