import { describe, expect, it } from 'vitest';
import { allocateReceipt } from './allocation.js';
import { reconciliationFigures } from './import-reconciliation.js';
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
});
