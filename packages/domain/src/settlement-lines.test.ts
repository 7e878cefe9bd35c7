import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settlementQuote } from './settlement.js';
import { settlementAllocation } from './settlement-lines.js';
import { allocateReceipt } from './allocation.js';
import { repaymentStateOf } from './test-support/loans.js';
import { type RepaymentState, unpaidFee, unpaidInstalment, unpaidOverdueInterest } from './repayment-state.js';
import { isFullyRepaid } from './settlement.js';
import { addDays } from './dates.js';
import { DomainError } from './errors.js';
import { Decimal, sum } from './decimal.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const interestFirst = (): RepaymentState =>
  repaymentStateOf({ loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1' }, { overdueRate: '36', overduePenalty: '100' });

const fixed = (d: Decimal) => d.toFixed(2);

describe('settlement lines — golden', () => {
  it('actuarial with an overdue instalment: the due one whole, the current one pro rata, the last waived', () => {
    const state = interestFirst();
    const q = settlementQuote(state, '2024-02-20');
    const { lines, state: after } = settlementAllocation(state, q);
    expect(lines.map((l) => [l.tenor, fixed(l.overdueInterest), fixed(l.handlingFee), fixed(l.interest), fixed(l.principal), fixed(l.interestWaived)])).toEqual([
      [1, '0.99', '100.00', '100.00', '0.00', '0.00'],
      [2, '0.00', '0.00', '34.48', '0.00', '65.52'],
      [3, '0.00', '0.00', '0.00', '10000.00', '100.00'],
    ]);
    expect(lines[0]!.overdueInterestCharged.toFixed(2)).toBe('0.99');
    expect(lines[0]!.feeCharged.toFixed(2)).toBe('100.00');
    expect(lines[0]!.accruedTo).toBe('2024-02-20');
    expect(isFullyRepaid(after)).toBe(true);
    expect(after.lastRepaymentDate).toBe('2024-02-20');
  });
  it('rule of 78: the rebate is waived from the latest instalments', () => {
    const state = repaymentStateOf({ loanAmount: '1200', loanDate: '2024-01-10', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '1', ruleOf78: true });
    const q = settlementQuote(state, '2024-01-20', { method: 'rule-of-78' });
    const { lines } = settlementAllocation(state, q);
    expect(fixed(sum(lines.map((l) => l.interestWaived)))).toBe(fixed(q.rebate));
    expect(fixed(sum(lines.map((l) => l.interest)))).toBe(fixed(q.interest));
    // paid earliest first: once an instalment waives interest, every later one pays none
    const firstWaiving = lines.findIndex((l) => l.interestWaived.gt(0));
    expect(lines.slice(firstWaiving + 1).every((l) => l.interest.isZero())).toBe(true);
  });
  it('a paid instalment gets no line', () => {
    const paid = allocateReceipt(interestFirst(), { date: '2024-02-10', received: '100' }).state;
    const q = settlementQuote(paid, '2024-02-25');
    expect(settlementAllocation(paid, q).lines.map((l) => l.tenor)).toEqual([2, 3]);
  });
  it('refuses a quote of another state', () => {
    const paid = allocateReceipt(interestFirst(), { date: '2024-02-10', received: '100' }).state;
    expect(() => settlementAllocation(paid, settlementQuote(interestFirst(), '2024-02-25'))).toThrow(DomainError);
  });
});

describe('settlement lines — properties', () => {
  it(
    'the lines add up to the quote and leave nothing to pay; paid + waived = scheduled interest',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1000, max: 100_000 }),
          fc.integer({ min: 1, max: 36 }),
          fc.integer({ min: 0, max: 300 }),
          fc.constantFrom('amortization' as const, 'interest-first' as const),
          fc.boolean(),
          fc.integer({ min: 0, max: 1200 }),
          fc.option(fc.integer({ min: 1, max: 20_000_00 }), { nil: undefined }),
          fc.integer({ min: 0, max: 400 }),
          (amount, tenor, rate, method, r78, days, paidCents, later) => {
            let l = repaymentStateOf(
              { loanAmount: String(amount), loanDate: '2024-01-31', totalTenor: tenor, repayCycle: { kind: 'monthly' }, interestMethod: method, flatRate: (rate / 100).toFixed(2), ruleOf78: r78 && method === 'amortization' },
              { overdueRate: '30', overduePenalty: '80' },
            );
            const paidOn = addDays('2024-01-31', days);
            if (paidCents !== undefined) {
              try {
                l = allocateReceipt(l, { date: paidOn, received: new Decimal(paidCents).div(100) }).state;
              } catch (e) {
                if (!(e instanceof DomainError)) throw e;
              }
            }
            if (isFullyRepaid(l)) return;
            const date = addDays(paidOn, later);
            for (const m of ['actuarial', 'rule-of-78'] as const) {
              const q = settlementQuote(l, date, { method: m, lockPeriodMonths: 6, lockPeriodFee: '300' });
              const { lines, state: after } = settlementAllocation(l, q);
              if (!sum(lines.map((x) => x.principal)).eq(q.principal)) throw new Error('principal');
              if (!sum(lines.map((x) => x.interest)).eq(q.interest)) throw new Error('interest');
              if (!sum(lines.map((x) => x.overdueInterest)).eq(q.overdueInterest)) throw new Error('overdue interest');
              if (!sum(lines.map((x) => x.handlingFee)).eq(q.handlingFee)) throw new Error('fee');
              if (lines.some((x) => [x.principal, x.interest, x.interestWaived, x.overdueInterest, x.handlingFee].some((v) => v.isNeg()))) throw new Error('negative');
              for (const x of lines) {
                const inst = l.instalments.find((i) => i.tenor === x.tenor)!;
                if (!inst.paidInterest.plus(x.interest).plus(x.interestWaived).eq(inst.interest)) throw new Error(`tenor ${x.tenor}: paid + waived ≠ scheduled`);
              }
              if (!isFullyRepaid(after)) throw new Error('not fully repaid');
              if (after.instalments.some((i) => unpaidInstalment(i).gt(0) || unpaidOverdueInterest(i).gt(0) || unpaidFee(i).gt(0))) throw new Error('charges left');
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
