import { describe, expect, it } from 'vitest';
import { allocateReceipt } from './allocation.js';
import { isDomainError } from './errors.js';
import { accrueOverdue } from './overdue.js';
import { settlementQuote } from './settlement.js';
import { settlementAllocation } from './settlement-lines.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';
import { applyWaiver, waivable } from './waiver.js';

// FLAT_12000: instalments of 1,120 due on the 10th from 10 Feb 2024; overdue 36% a year, penalty 100
const state = () => repaymentStateOf(FLAT_12000, { overdueRate: '36', overduePenalty: '100' });
const fixed = (r: Record<string, { toFixed(n: number): string }>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.toFixed(2)]));

describe('waivable: what is outstanding of overdue interest and fees on a date', () => {
  it('20 Mar 2024: tenor 1 39 days → 43.08, tenor 2 10 days → 11.05; two penalties', () => {
    expect(fixed(waivable(state(), '2024-03-20'))).toEqual({ overdueInterest: '54.13', fee: '200.00' });
  });
  it('nothing before anything is overdue', () => {
    expect(fixed(waivable(state(), '2024-02-10'))).toEqual({ overdueInterest: '0.00', fee: '0.00' });
  });
});

describe('applyWaiver', () => {
  it('waives part of the overdue interest earliest instalment first, and accrues the charges to its date', () => {
    const w = applyWaiver(state(), '2024-03-20', { overdueInterest: '50.00' });
    expect(fixed(w.before)).toEqual({ overdueInterest: '54.13', fee: '200.00' });
    expect(fixed(w.waived)).toEqual({ overdueInterest: '50.00', fee: '0.00' });
    expect(fixed(w.after)).toEqual({ overdueInterest: '4.13', fee: '200.00' });
    expect(
      w.lines.map((l) => [l.tenor, l.overdueInterestCharged.toFixed(2), l.feeCharged.toFixed(2), l.accruedTo, l.overdueInterestWaived.toFixed(2), l.feeWaived.toFixed(2)]),
    ).toEqual([
      [1, '43.08', '100.00', '2024-03-20', '43.08', '0.00'],
      [2, '11.05', '100.00', '2024-03-20', '6.92', '0.00'],
    ]);
    expect(w.state.lastRepaymentDate).toBe('2024-03-20');
  });

  it('waives a component in whole, the other in part', () => {
    const w = applyWaiver(state(), '2024-03-20', { overdueInterest: 'whole', fee: '150.00' });
    expect(fixed(w.waived)).toEqual({ overdueInterest: '54.13', fee: '150.00' });
    expect(fixed(w.after)).toEqual({ overdueInterest: '0.00', fee: '50.00' });
    expect(w.lines.map((l) => l.feeWaived.toFixed(2))).toEqual(['100.00', '50.00']);
  });

  it('refuses an amount above what is outstanding, naming both figures', () => {
    try {
      applyWaiver(state(), '2024-03-20', { fee: '200.01' });
      expect.unreachable();
    } catch (e) {
      expect(isDomainError(e, 'WAIVER_ABOVE_OUTSTANDING')).toBe(true);
      expect((e as { params: unknown }).params).toEqual({ component: 'fee', amount: '200.01', outstanding: '200.00' });
    }
  });

  it('refuses nothing to waive, a zero or sub-cent amount, and a date before the last receipt', () => {
    expect(() => applyWaiver(state(), '2024-02-10', { overdueInterest: 'whole', fee: 'whole' })).toThrow(/Nothing to waive/);
    expect(() => applyWaiver(state(), '2024-03-20', {})).toThrow(/Nothing to waive/);
    expect(() => applyWaiver(state(), '2024-03-20', { fee: '0' })).toThrow(/greater than 0/);
    expect(() => applyWaiver(state(), '2024-03-20', { fee: '10.005' })).toThrow(/greater than 0/);
    const paid = allocateReceipt(state(), { date: '2024-03-20', received: '300.00' }).state;
    expect(() => applyWaiver(paid, '2024-03-19', { fee: 'whole' })).toThrow(/earlier than the last repayment/);
  });

  it('a later receipt sees the waived amounts as no longer owed and accrues on from the waiver date', () => {
    const w = applyWaiver(state(), '2024-03-20', { overdueInterest: 'whole', fee: 'whole' });
    // FLAT_12000's first instalment: 214.57 interest + 905.43 principal
    // 30 Mar: tenor 1 (1,120) 10 more days → 11.05, tenor 2 (1,120) 10 more days → 11.05; no new penalty
    expect(accrueOverdue(w.state, '2024-03-30').overdueInterest.toFixed(2)).toBe('22.10');
    expect(accrueOverdue(w.state, '2024-03-30').fee.toFixed(2)).toBe('0.00');
    const receipt = allocateReceipt(w.state, { date: '2024-03-30', received: '2262.10' });
    const l1 = receipt.lines.find((l) => l.tenor === 1)!;
    expect([l1.overdueInterest.toFixed(2), l1.handlingFee.toFixed(2), l1.interest.toFixed(2), l1.principal.toFixed(2)]).toEqual(['11.05', '0.00', '214.57', '905.43']);
    expect(receipt.state.tempAmount.toFixed(2)).toBe('0.00');
  });

  it('a settlement quote after a waiver leaves the waived amounts out and keeps them waived', () => {
    const w = applyWaiver(state(), '2024-03-20', { overdueInterest: '50.00', fee: '100.00' });
    const q = settlementQuote(w.state, '2024-03-20');
    expect([q.overdueInterest.toFixed(2), q.handlingFee.toFixed(2)]).toEqual(['4.13', '100.00']);
    const settled = settlementAllocation(w.state, q).state;
    expect(settled.instalments[0]!.overdueInterestWaived.toFixed(2)).toBe('43.08');
    expect(settled.instalments[0]!.overdueInterestPaid.toFixed(2)).toBe('0.00');
    expect(settled.instalments[1]!.overdueInterestPaid.toFixed(2)).toBe('4.13');
    expect(settled.instalments[1]!.feePaid.toFixed(2)).toBe('100.00');
  });
});
