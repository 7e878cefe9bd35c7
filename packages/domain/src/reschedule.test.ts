import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateReceipt } from './allocation.js';
import { addDays } from './dates.js';
import { Decimal, sum } from './decimal.js';
import { DomainError } from './errors.js';
import { MLO_ILLEGAL_ABOVE } from './mlo.js';
import { type RepaymentState, totalUnpaidPrincipal, unpaidInstalment } from './repayment-state.js';
import { rescheduleAfterPrincipal, type RescheduleRule } from './reschedule.js';
import { buildSchedule } from './schedule.js';
import type { LoanTerms } from './terms.js';
import { FLAT_12000, repaymentStateOf } from './test-support/loans.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const fixed = (d: Decimal) => d.toFixed(2);

/** The state after paying the first `paid` instalments whole, each on its due date. */
function paidUpTo(terms: LoanTerms, paid: number): RepaymentState {
  let state = repaymentStateOf(terms);
  for (let t = 0; t < paid; t++) {
    const inst = state.instalments[t]!;
    if (!unpaidInstalment(inst).gt(0)) continue;
    state = allocateReceipt(state, { date: inst.dueDate, received: unpaidInstalment(inst), mode: 'instalment' }).state;
  }
  return { ...state, allowPartialPrincipal: true };
}

function repay(terms: LoanTerms, paid: number, amount: string, rule: RescheduleRule) {
  const before = paidUpTo(terms, paid);
  const date = paid === 0 ? addDays(terms.loanDate, 1) : addDays(before.instalments[paid - 1]!.dueDate, 1);
  const a = allocateReceipt(before, { date, received: amount, mode: 'principal' });
  return { before, a, r: rescheduleAfterPrincipal({ terms, before, after: a.state, rule }) };
}

describe('reschedule after a principal repayment — golden', () => {
  it('lower instalment: 12,000 at 1% × 12, 3 paid, 3,000 repaid → 9 instalments on the new principal at the same flat rate', () => {
    const { before, r } = repay(FLAT_12000, 3, '3000', 'lower-instalment');
    const left = totalUnpaidPrincipal(before).minus(3000);
    expect(fixed(r.outstandingPrincipal)).toBe(fixed(left));
    expect(r.fromTenor).toBe(4);
    expect(r.totalTenor).toBe(12);
    expect(r.remainingAfter).toBe(9);
    // flat: TI = round(P'·1%·9), D = round((P' + TI)/9) — the schedule's own rule on P'
    const ti = left.times('0.09').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(fixed(r.interestAfter)).toBe(fixed(ti));
    expect(fixed(r.instalmentAfter)).toBe(fixed(left.plus(ti).div(9).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)));
    expect(r.instalmentAfter.lt(r.instalmentBefore)).toBe(true);
    expect(fixed(sum(r.lines.map((l) => l.principal)))).toBe(fixed(left));
    // the dates already scheduled stay
    expect(r.lines.map((l) => l.dueDate)).toEqual(before.instalments.slice(3).map((i) => i.dueDate));
    expect(fixed(r.droppedInterest)).toBe(fixed(r.interestBefore.minus(r.interestAfter)));
    expect(r.droppedInterest.gt(0)).toBe(true);
  });

  it('shorter tenor: the same instalment at most, over the fewest instalments', () => {
    const { r } = repay(FLAT_12000, 3, '3000', 'shorter-tenor');
    expect(fixed(r.instalmentBefore)).toBe('1120.00');
    expect(r.instalmentAfter.lte(r.instalmentBefore)).toBe(true);
    expect(r.remainingAfter).toBeLessThan(9);
    expect(r.totalTenor).toBe(3 + r.remainingAfter);
    // one instalment fewer would need more than the current instalment
    const shorter = buildSchedule({ ...FLAT_12000, loanAmount: r.outstandingPrincipal, loanDate: '2024-04-10', firstDueDate: '2024-05-10', totalTenor: r.remainingAfter - 1, extendedDays: 0 });
    expect(shorter.instalmentAmount.gt(r.instalmentBefore)).toBe(true);
    expect(fixed(sum(r.lines.map((l) => l.principal)))).toBe(fixed(r.outstandingPrincipal));
  });

  it('the new basis: Σ principal of all rows is still the loan amount, the receipt is one line on the first rescheduled instalment', () => {
    const { a, r } = repay(FLAT_12000, 3, '3000', 'shorter-tenor');
    expect(fixed(sum(r.rows.map((x) => x.principal)))).toBe('12000.00');
    const first = r.state.instalments.find((i) => i.tenor === 4)!;
    expect(fixed(first.paidPrincipal)).toBe('3000.00');
    expect(fixed(totalUnpaidPrincipal(r.state))).toBe(fixed(totalUnpaidPrincipal(a.state)));
    expect(r.state.instalments).toHaveLength(r.totalTenor);
    // the state on the new basis takes receipts as any other
    const next = allocateReceipt(r.state, { date: first.dueDate, received: unpaidInstalment(first), mode: 'instalment' });
    expect(fixed(next.principal)).toBe(fixed(r.lines[0]!.principal));
  });

  it('interest first keeps the tenor and lowers the interest; the principal is due with the last instalment', () => {
    const terms: LoanTerms = { loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 6, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '2' };
    const { r } = repay(terms, 2, '4000', 'shorter-tenor');
    expect(r.rule).toBe('lower-instalment');
    expect(r.lines.map((l) => [fixed(l.principal), fixed(l.interest)])).toEqual([
      ['0.00', '120.00'],
      ['0.00', '120.00'],
      ['0.00', '120.00'],
      ['6000.00', '120.00'],
    ]);
    expect(fixed(r.droppedInterest)).toBe('320.00');
  });

  it('nominal rate, 30/360: the schedule on the new principal over the remaining periods, on the dates already scheduled', () => {
    const terms: LoanTerms = { loanAmount: '100', loanDate: '2024-01-31', totalTenor: 6, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', nominalRate: '9.4822' };
    const before = { ...createState(terms), allowPartialPrincipal: true };
    const a = allocateReceipt(before, { date: '2024-02-01', received: '50', mode: 'principal' });
    const r = rescheduleAfterPrincipal({ terms, before, after: a.state, rule: 'lower-instalment', settings: { dayCount: '30/360' } });
    const direct = buildSchedule({ ...terms, loanAmount: '50' }, { dayCount: '30/360' });
    expect(r.lines.map((l) => fixed(l.instalment))).toEqual(direct.lines.map((l) => fixed(l.instalment)));
    // 50 / Σ Π (1 + 9.4822% × τ)^−1 with 30/360 periods of 29, 31, 30, 30, 30, 30 days = 8.5649…
    expect(fixed(r.instalmentAfter)).toBe('8.56');
  });

  it('refuses what allocation refuses, and a state with nothing left', () => {
    const before = paidUpTo(FLAT_12000, 12);
    expect(() => rescheduleAfterPrincipal({ terms: FLAT_12000, before, after: before, rule: 'lower-instalment' })).toThrow(DomainError);
  });
});

function createState(terms: LoanTerms): RepaymentState {
  return repaymentStateOf(terms);
}

const arbTerms: fc.Arbitrary<LoanTerms> = fc
  .record({
    amount: fc.integer({ min: 1000, max: 500_000 }),
    tenor: fc.integer({ min: 2, max: 36 }),
    rateBp: fc.integer({ min: 0, max: 300 }),
    method: fc.constantFrom('amortization' as const, 'interest-first' as const),
    effective: fc.boolean(),
    cycle: fc.constantFrom({ kind: 'monthly' as const }, { kind: 'biweekly' as const }, { kind: 'every-n-days' as const, days: 10 }),
  })
  .map(({ amount, tenor, rateBp, method, effective, cycle }) => ({
    loanAmount: String(amount),
    loanDate: '2024-01-31',
    totalTenor: tenor,
    repayCycle: cycle,
    interestMethod: method,
    ...(effective ? { effectiveRate: (rateBp / 10).toFixed(1) } : { flatRate: (rateBp / 100).toFixed(2) }),
  }));

describe('reschedule after a principal repayment — properties', () => {
  it(
    'Σ new principal = outstanding; rows keep the loan amount; no negative part; the rate stays lawful; shorter tenor never raises the instalment',
    () => {
      fc.assert(
        fc.property(arbTerms, fc.integer({ min: 0, max: 35 }), fc.integer({ min: 1, max: 99 }), fc.constantFrom<RescheduleRule>('shorter-tenor', 'lower-instalment'), (terms, paidRaw, pct, rule) => {
          const paid = paidRaw % terms.totalTenor;
          const before = paidUpTo(terms, paid);
          const outstanding = totalUnpaidPrincipal(before);
          const amount = outstanding.times(pct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          if (!amount.gt(0) || amount.gte(outstanding)) return;
          const date = paid === 0 ? addDays(terms.loanDate, 1) : before.instalments[paid - 1]!.dueDate;
          const a = allocateReceipt(before, { date, received: amount, mode: 'principal' });
          let r;
          try {
            r = rescheduleAfterPrincipal({ terms, before, after: a.state, rule });
          } catch (e) {
            // the only refusal: the new lines would be above the Ordinance's 48%
            expect((e as DomainError).code).toBe('RESCHEDULE_ABOVE_MLO_RATE');
            return;
          }
          expect(fixed(sum(r.lines.map((l) => l.principal)))).toBe(fixed(outstanding.minus(amount)));
          expect(fixed(sum(r.rows.map((x) => x.principal)))).toBe(fixed(new Decimal(terms.loanAmount as string)));
          expect(fixed(totalUnpaidPrincipal(r.state))).toBe(fixed(outstanding.minus(amount)));
          for (const l of r.lines) {
            expect(l.principal.isNeg() || l.interest.isNeg()).toBe(false);
            expect(l.principal.decimalPlaces()).toBeLessThanOrEqual(2);
            expect(l.interest.decimalPlaces()).toBeLessThanOrEqual(2);
          }
          expect(r.lines.at(-1)!.balance.isZero()).toBe(true);
          expect(r.remainingAfter).toBeLessThanOrEqual(r.remainingBefore);
          expect(r.mloRate.lte(MLO_ILLEGAL_ABOVE)).toBe(true);
          if (r.rule === 'lower-instalment') expect(r.remainingAfter).toBe(r.remainingBefore);
          else if (r.remainingAfter < r.remainingBefore) expect(r.instalmentAfter.lte(r.instalmentBefore)).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
