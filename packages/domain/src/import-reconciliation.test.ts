import { describe, expect, it } from 'vitest';
import { allocateReceipt } from './allocation.js';
import { importReconciliationTotals, reconciliationFigures } from './import-reconciliation.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';

const state = () => repaymentStateOf(FLAT_12000, { overdueRate: '36', overduePenalty: '100' });

describe('reconciliationFigures', () => {
  it('states what was paid, what is left and what is overdue on the cut-over date, and where the previous system differs', () => {
    const first = state().instalments[0]!;
    const p = first.principal.toFixed(2);
    const i = first.interest.toFixed(2);
    const left = first.principal.negated().plus('12000').toFixed(2);
    const paid = allocateReceipt(state(), { date: '2024-02-10', received: '1120' }).state;
    const r = reconciliationFigures(paid, { principalPaid: p, interestPaid: i, overduePaid: '0', outstandingPrincipal: left }, '2024-03-20');
    expect(r.asOf).toBe('2024-03-20');
    expect(r.harbour).toMatchObject({ principalPaid: p, interestPaid: i, overduePaid: '0.00', outstandingPrincipal: left, tempHeld: '0.00', overdueAmount: '1120.00', daysOverdue: 10 });
    // ten days of 36% a year on the 1,120.00 instalment and the 100.00 penalty
    expect(r.harbour.overdueCharges).toBe('111.05');
    expect(r.differences).toEqual([]);
    const other = reconciliationFigures(paid, { principalPaid: p, interestPaid: '1', overduePaid: '0', outstandingPrincipal: left }, '2024-03-20');
    expect(other.differences).toEqual(['interestPaid']);
  });

  it('has nothing to compare when the file gave receipts only', () => {
    const r = reconciliationFigures(state(), null, '2024-01-31');
    expect(r.file).toBeNull();
    expect(r.differences).toEqual([]);
    expect(r.harbour.daysOverdue).toBe(0);
  });

  it('totals each side over the loans that state it', () => {
    const harbour = { principalPaid: '100.10', interestPaid: '20.00', overduePaid: '1.05', outstandingPrincipal: '900.00', tempHeld: '5.00', overdueAmount: '0.00', overdueCharges: '0.00', daysOverdue: 0 };
    const totals = importReconciliationTotals([
      { file: { principalPaid: '100.10', interestPaid: '19.00', overduePaid: '0.00', outstandingPrincipal: '900.00' }, harbour, differences: ['interestPaid', 'overduePaid'] },
      { file: null, harbour: { ...harbour, principalPaid: '0.20' }, differences: [] },
    ]);
    expect(totals).toEqual({
      loans: 2,
      differing: 1,
      file: { principalPaid: '100.10', interestPaid: '19.00', overduePaid: '0.00', outstandingPrincipal: '900.00' },
      harbour: { principalPaid: '100.30', interestPaid: '40.00', overduePaid: '2.10', outstandingPrincipal: '1800.00', tempHeld: '10.00', overdueAmount: '0.00', overdueCharges: '0.00' },
    });
  });
});
