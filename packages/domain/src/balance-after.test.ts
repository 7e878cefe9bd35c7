import { describe, expect, it } from 'vitest';
import { dec } from './decimal.js';
import { balanceAfter, createRepaymentState, type RepaymentState } from './repayment-state.js';

/** Three monthly instalments of 1,050.00 (1,000.00 principal + 50.00 interest). */
const state = (paid: [string, string][]): RepaymentState => {
  const base = createRepaymentState({
    loanDate: '2026-01-01',
    totalInterest: dec('150'),
    lines: ['2026-02-01', '2026-03-01', '2026-04-01'].map((dueDate, k) => ({ tenor: k + 1, dueDate, principal: dec('1000'), interest: dec('50') })),
  });
  return { ...base, instalments: base.instalments.map((i, k) => (paid[k] ? { ...i, paidPrincipal: dec(paid[k][0]), paidInterest: dec(paid[k][1]) } : i)) };
};

const text = (b: ReturnType<typeof balanceAfter>) => ({
  outstanding: b.outstanding.toFixed(2),
  outstandingPrincipal: b.outstandingPrincipal.toFixed(2),
  nextDue: b.nextDue && { tenor: b.nextDue.tenor, dueDate: b.nextDue.dueDate, amount: b.nextDue.amount.toFixed(2) },
});

describe('balanceAfter (what a receipt leaves owing)', () => {
  it('nothing paid: the whole schedule, the first instalment next', () => {
    expect(text(balanceAfter(state([])))).toEqual({ outstanding: '3150.00', outstandingPrincipal: '3000.00', nextDue: { tenor: 1, dueDate: '2026-02-01', amount: '1050.00' } });
  });
  it('the first instalment paid: the second is next', () => {
    expect(text(balanceAfter(state([['1000', '50']])))).toEqual({ outstanding: '2100.00', outstandingPrincipal: '2000.00', nextDue: { tenor: 2, dueDate: '2026-03-01', amount: '1050.00' } });
  });
  it('part of an instalment paid: it stays next, with what is left of it', () => {
    expect(text(balanceAfter(state([['1000', '50'], ['400.25', '50']])))).toEqual({
      outstanding: '1649.75',
      outstandingPrincipal: '1599.75',
      nextDue: { tenor: 2, dueDate: '2026-03-01', amount: '599.75' },
    });
  });
  it('all paid: nothing owing, no next due date', () => {
    expect(text(balanceAfter(state([['1000', '50'], ['1000', '50'], ['1000', '50']])))).toEqual({ outstanding: '0.00', outstandingPrincipal: '0.00', nextDue: null });
  });
});
