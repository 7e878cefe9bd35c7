import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settlementQuote } from './settlement.js';
import { allocateReceipt } from './allocation.js';
import { repaymentStateOf } from './test-support/loans.js';
import { remainingScheduled, type RepaymentState } from './repayment-state.js';
import { addDays } from './dates.js';
import { DomainError } from './errors.js';
import { Decimal } from './decimal.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';
import { buildSchedule } from './schedule.js';
import { mloEffectiveRate } from './mlo.js';

const interestFirst = (): RepaymentState =>
  repaymentStateOf({ loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1' }, { overdueRate: '36', overduePenalty: '100' });

describe('settlement — golden', () => {
  it('actuarial: principal plus interest to the date; the lock period fee only within s.21', () => {
    const paid = allocateReceipt(interestFirst(), { date: '2024-02-10', received: '100' }).state;
    const s21 = {
      history: { lentOn: '2024-01-10', received: '10000', payments: [{ date: '2024-02-10', amount: '100' }] },
      loanRate: mloEffectiveRate(buildSchedule({ loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1' })),
    };
    const q = settlementQuote(paid, '2024-02-25', { lockPeriodMonths: 3, lockPeriodFee: '500', s21 });
    // current period 10 Feb – 10 Mar (29 days), 15 elapsed: 100 × 15/29 = 51.72
    expect(q.principal.toFixed(2)).toBe('10000.00');
    expect(q.interest.toFixed(2)).toBe('51.72');
    // The agreed 500.00 was charged whole before s.21 bounded it. Received 10,000, paid 100 after 31
    // days and 10,051.72 after 46 already cost 12.73% a year, above the loan's own 12.72%: any fee
    // would ask more than principal with interest to the date, so none is charged.
    expect(q.agreedLockPeriodFee.toFixed(2)).toBe('500.00');
    expect(s21.loanRate.toFixed(4)).toBe('0.1272');
    expect(q.settlementRate!.toFixed(4)).toBe('0.1273');
    expect(q.lockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.total.toFixed(2)).toBe('10051.72');
    expect(settlementQuote(paid, '2024-04-10', { lockPeriodMonths: 3, lockPeriodFee: '500', s21 }).lockPeriodFee.toFixed(2)).toBe('0.00');
  });
  it('overdue instalments are owed whole, with their overdue interest and fee', () => {
    const q = settlementQuote(interestFirst(), '2024-02-20');
    // tenor 1 (100) overdue 10 days: 100 × 36% × 10/365 = 0.99; fee 100; current period 10 of 29 days: 34.48
    expect(q.interest.toFixed(2)).toBe('134.48');
    expect(q.overdueInterest.toFixed(2)).toBe('0.99');
    expect(q.handlingFee.toFixed(2)).toBe('100.00');
    expect(q.total.toFixed(2)).toBe('10235.47');
  });
  it('rule of 78: 12 periods, finance charge 100.00, 3 paid → rebate 57.69', () => {
    let l = repaymentStateOf({ loanAmount: '1000', loanDate: '2024-01-10', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '0.8333', ruleOf78: true });
    expect(l.totalInterest.toFixed(2)).toBe('100.00');
    for (const date of ['2024-02-10', '2024-03-10', '2024-04-10']) {
      l = allocateReceipt(l, { date, received: l.instalments.find((i) => i.dueDate === date)!.interest.plus(l.instalments.find((i) => i.dueDate === date)!.principal) }).state;
    }
    const q = settlementQuote(l, '2024-04-15', { method: 'rule-of-78' });
    expect(q.rebate.toFixed(2)).toBe('57.69');
    // the schedule's 78ths (rounded cumulatively) for periods 4–12 are exactly the rebate
    expect(q.interest.toFixed(2)).toBe('0.00');
    expect(q.total.eq(q.principal)).toBe(true);
  });
  it('the temporary amount is credited', () => {
    const l = allocateReceipt(interestFirst(), { date: '2024-02-10', received: '600' }).state;
    const q = settlementQuote(l, '2024-02-10');
    // 600 pays tenor 1 (due) and tenor 2 in advance (whole); 400 is held
    expect(q.tempAmount.toFixed(2)).toBe('400.00');
    expect(q.payable.eq(q.total.minus(400))).toBe(true);
  });
  it('refuses a date before the interest start or the last repayment', () => {
    expect(() => settlementQuote(interestFirst(), '2024-01-09')).toThrow(DomainError);
  });
});

describe('settlement — properties', () => {
  it(
    'a settlement quote never exceeds the remaining total',
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
          (amount, tenor, rate, method, r78, days, paidCents) => {
            let l = repaymentStateOf(
              { loanAmount: String(amount), loanDate: '2024-01-31', totalTenor: tenor, repayCycle: { kind: 'monthly' }, interestMethod: method, flatRate: (rate / 100).toFixed(2), ruleOf78: r78 && method === 'amortization' },
              { overdueRate: '30', overduePenalty: '80' },
            );
            const date = addDays('2024-01-31', days);
            if (paidCents !== undefined) {
              try {
                l = allocateReceipt(l, { date, received: new Decimal(paidCents).div(100) }).state;
              } catch (e) {
                if (!(e instanceof DomainError)) throw e;
              }
            }
            for (const method of ['actuarial', 'rule-of-78'] as const) {
              const q = settlementQuote(l, date, { method, lockPeriodMonths: 6, lockPeriodFee: '300' });
              const remaining = remainingScheduled(l);
              if (q.principal.plus(q.interest).gt(remaining)) throw new Error(`${method}: quote above the remaining total`);
              if (q.total.gt(remaining.plus(q.overdueInterest).plus(q.handlingFee).plus(q.lockPeriodFee))) throw new Error('total above');
              if (q.interest.isNeg() || q.principal.isNeg()) throw new Error('negative quote');
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
