import { describe, expect, it } from 'vitest';
import { allocateReceipt } from './allocation.js';
import { holdTemporaryAmounts, replayReceipts } from './receipt-history.js';
import { totalUnpaidPrincipal } from './repayment-state.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';

const state = () => repaymentStateOf(FLAT_12000, { overdueRate: '36', overduePenalty: '100' });

describe('replayReceipts', () => {
  it('posts the receipts in date order, as the counter would have taken them one by one', () => {
    const receipts = [
      { date: '2024-03-10', amount: '1120' },
      { date: '2024-02-20', amount: '1231.05' }, // ten days late: overdue interest and the fee first
    ];
    const h = replayReceipts(state(), receipts);
    expect(h.refused).toBeNull();
    expect(h.order).toEqual([1, 0]);
    const first = allocateReceipt(state(), { date: '2024-02-20', received: '1231.05' });
    const second = allocateReceipt(first.state, { date: '2024-03-10', received: '1120' });
    expect(h.allocations.map((a) => [a.date, a.overdueInterest.toFixed(2), a.handlingFee.toFixed(2), a.principal.plus(a.interest).toFixed(2)])).toEqual([
      ['2024-02-20', first.overdueInterest.toFixed(2), '100.00', '1120.00'],
      ['2024-03-10', '0.00', '0.00', second.principal.plus(second.interest).toFixed(2)],
    ]);
    expect(totalUnpaidPrincipal(h.state).eq(totalUnpaidPrincipal(second.state))).toBe(true);
    expect(h.state.lastRepaymentDate).toBe('2024-03-10');
  });

  it('keeps the order given for receipts of one day', () => {
    const h = replayReceipts(state(), [
      { date: '2024-02-10', amount: '500' },
      { date: '2024-02-10', amount: '620' },
    ]);
    expect(h.order).toEqual([0, 1]);
    expect(h.allocations.map((a) => a.received.toFixed(2))).toEqual(['500.00', '620.00']);
  });

  it('stops at the first receipt the rules refuse and names it', () => {
    const h = replayReceipts(state(), [
      { date: '2024-02-10', amount: '1120' },
      { date: '2024-03-25', amount: '50' }, // below the overdue interest and fee then owed
      { date: '2024-04-10', amount: '1120' },
    ]);
    expect(h.allocations).toHaveLength(1);
    expect(h.refused?.index).toBe(1);
    expect(h.refused?.error.code).toBe('RECEIVED_BELOW_OVERDUE_INTEREST_AND_FEE');
    expect(h.state.lastRepaymentDate).toBe('2024-02-10');
  });

  it('refuses a receipt dated before the loan', () => {
    const h = replayReceipts(state(), [{ date: '2023-12-31', amount: '100' }]);
    expect(h.refused?.error.code).toBe('DATE_BEFORE_INTEREST_START');
  });

  it('holds the previous system’s temporary amounts on the loan, the last date as its last repayment', () => {
    const held = holdTemporaryAmounts(state(), [
      { date: '2024-03-01', amount: '300' },
      { date: '2024-02-01', amount: '25.50' },
    ]);
    expect(held.tempAmount.toFixed(2)).toBe('325.50');
    expect(held.lastRepaymentDate).toBe('2024-03-01');
    expect(holdTemporaryAmounts(state(), [])).toEqual(state());
  });
});
