import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settlementQuote } from './settlement.js';
import { allocateReceipt } from './allocation.js';
import { createRepaymentState, type RepaymentState } from './repayment-state.js';
import { buildSchedule } from './schedule.js';
import { addDays, compareDates, daysBetween } from './dates.js';
import { Decimal, dec } from './decimal.js';
import { DomainError } from './errors.js';
import { type LoanCashFlows, MLO_ILLEGAL_ABOVE, mloEffectiveRate } from './mlo.js';
import { lockPeriodFeeCeiling, s21RateBound, s21SettlementCeiling, settlementFlows } from './s21.js';
import type { LoanTerms } from './terms.js';

declare const process: { env: Record<string, string | undefined> };

/** A loan paid as scheduled for its first `paid` instalments: its state, its history and its rate. */
function paidAsScheduled(terms: LoanTerms, paid: number): { state: RepaymentState; history: LoanCashFlows; loanRate: Decimal } {
  const schedule = buildSchedule(terms);
  let state = createRepaymentState(schedule);
  const payments: { date: string; amount: string }[] = [];
  for (const l of schedule.lines.slice(0, paid)) {
    state = allocateReceipt(state, { date: l.dueDate, received: l.instalment }).state;
    payments.push({ date: l.dueDate, amount: l.instalment.toFixed(2) });
  }
  const history = { lentOn: terms.loanDate, received: schedule.loanAmount.minus(schedule.amountDeducted).toFixed(2), payments };
  return { state, history, loanRate: mloEffectiveRate(schedule) };
}

const interestFirst = (loanAmount: string): LoanTerms => ({
  loanAmount,
  loanDate: '2024-01-10',
  totalTenor: 12,
  repayCycle: { kind: 'monthly' },
  interestMethod: 'interest-first',
  flatRate: '1',
});
const flat12000: LoanTerms = { loanAmount: '12000', loanDate: '2024-01-10', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '1' };
const lock = (fee: string, s21: { history: LoanCashFlows; loanRate: Decimal }) => ({ lockPeriodMonths: 6, lockPeriodFee: fee, s21 });

describe('s.21 — the lock-period fee ceiling (golden)', () => {
  it('12,000 with a 9,000 lock-period fee settled on the payout day: no fee, the outstanding principal and nothing more', () => {
    const { state, history, loanRate } = paidAsScheduled(flat12000, 0);
    expect(loanRate.toFixed(6)).toBe('0.236843');
    const q = settlementQuote(state, '2024-01-10', lock('9000', { history, loanRate }));
    expect(q.agreedLockPeriodFee.toFixed(2)).toBe('9000.00');
    expect(q.lockPeriodFeeCeiling!.toFixed(2)).toBe('0.00');
    expect(q.lockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.principal.toFixed(2)).toBe('12000.00');
    expect(q.interest.toFixed(2)).toBe('0.00');
    expect(q.total.toFixed(2)).toBe('12000.00');
    // received 12,000, paid back 12,000 the same day: no cost at all
    expect(q.settlementRate!.toFixed(4)).toBe('0.0000');
  });

  it('settled inside a period: the fee is the largest that keeps the flows at the loan’s own rate', () => {
    // 1,200,000 interest first at 1% a month: 12,000 a month; settled 2024-02-09, 30 of 31 days run
    const { state, history, loanRate } = paidAsScheduled(interestFirst('1200000'), 0);
    expect(loanRate.toFixed(10)).toBe('0.1264757442');
    const q = settlementQuote(state, '2024-02-09', lock('9000', { history, loanRate }));
    expect(q.interest.toFixed(2)).toBe('11612.90'); // 12,000 × 30/31
    expect(q.lockPeriodFeeCeiling!.toFixed(2)).toBe('191.02');
    expect(q.lockPeriodFee.toFixed(2)).toBe('191.02');
    expect(q.total.toFixed(2)).toBe('1211803.92');
    // the rate of received 1,200,000 → 1,211,803.92 thirty days later is the loan's rate within 0.0001 points
    expect(q.settlementRate!.minus(loanRate).abs().lt('0.000001')).toBe(true);
    // …and one cent more would be above it
    const oneMore = mloEffectiveRate(settlementFlows(history, '2024-02-09', q.total.plus('0.01')));
    expect(oneMore.gt(loanRate)).toBe(true);
  });

  it('a fee under the ceiling is charged whole', () => {
    const { state, history, loanRate } = paidAsScheduled(interestFirst('1200000'), 0);
    const q = settlementQuote(state, '2024-02-09', lock('150', { history, loanRate }));
    expect(q.lockPeriodFee.toFixed(2)).toBe('150.00');
    expect(q.lockPeriodFeeCeiling!.toFixed(2)).toBe('191.02');
    expect(q.total.toFixed(2)).toBe('1211762.90');
    expect(q.settlementRate!.lt(loanRate)).toBe(true);
  });

  it('where principal and interest to the date already earn the loan’s rate, no fee is charged', () => {
    // 12,000 flat 1% × 12, two instalments paid; the instalments of a 29-day February count whole
    const { state, history, loanRate } = paidAsScheduled(flat12000, 2);
    const q = settlementQuote(state, '2024-03-25', lock('9000', { history, loanRate }));
    expect(q.principal.toFixed(2)).toBe('10172.95');
    expect(q.interest.toFixed(2)).toBe('88.02');
    expect(q.lockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.total.toFixed(2)).toBe('10260.97');
  });

  it('the bound is the loan’s rate, never above 48% nor below 0', () => {
    expect(s21RateBound('0.2368').toFixed(4)).toBe('0.2368');
    expect(s21RateBound('0.52').eq(MLO_ILLEGAL_ABOVE)).toBe(true);
    expect(s21RateBound('-0.01').toFixed(2)).toBe('0.00');
  });

  it('the settlement ceiling in closed form: received grown at the bound, less the receipts grown', () => {
    // 10,000 received, 1,000 paid after 365 days, bound 10%: 10,000 × 1.1² − 1,000 × 1.1 = 11,000.00 after 730 days
    const history = { lentOn: '2023-01-01', received: '10000', payments: [{ date: '2024-01-01', amount: '1000' }] };
    expect(s21SettlementCeiling(history, '2024-12-31', '0.10').toFixed(2)).toBe('11000.00');
    expect(lockPeriodFeeCeiling({ history, loanRate: '0.10' }, '2024-12-31', '10900').toFixed(2)).toBe('100.00');
    expect(lockPeriodFeeCeiling({ history, loanRate: '0.10' }, '2024-12-31', '11100').toFixed(2)).toBe('0.00');
    expect(() => s21SettlementCeiling(history, '2023-12-31', '0.10')).toThrow(RangeError);
  });

  it('without the borrower’s history no fee can be shown lawful: none is charged', () => {
    const { state } = paidAsScheduled(interestFirst('1200000'), 0);
    const q = settlementQuote(state, '2024-02-09', { lockPeriodMonths: 6, lockPeriodFee: '150' });
    expect(q.agreedLockPeriodFee.toFixed(2)).toBe('150.00');
    expect(q.lockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.settlementRate).toBeNull();
  });

  it('outside the lock period nothing is agreed, nothing is charged', () => {
    const { state, history, loanRate } = paidAsScheduled(interestFirst('1200000'), 6);
    const q = settlementQuote(state, '2024-07-10', lock('150', { history, loanRate }));
    expect(q.agreedLockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.lockPeriodFeeCeiling).toBeNull();
    expect(q.lockPeriodFee.toFixed(2)).toBe('0.00');
  });
});

// ---------------------------------------------------------------------------------------------
// An independent check: XIRR in double precision (Newton from 10%, bisection when it strays),
// the borrower's flows on actual days over 365, payments on day 0 netted against what was received.
function xirr(flows: LoanCashFlows): number {
  let received = Number(flows.received);
  const later: { t: number; a: number }[] = [];
  for (const p of flows.payments) {
    const t = daysBetween(flows.lentOn, p.date) / 365;
    const a = Number(p.amount);
    if (t === 0) received -= a;
    else if (a !== 0) later.push({ t, a });
  }
  if (received <= 0) return later.length > 0 || received < 0 ? Infinity : 0;
  if (later.length === 0) return -1;
  const f = (r: number) => later.reduce((s, x) => s + x.a * Math.pow(1 + r, -x.t), -received);
  let lo = -0.9999;
  let hi = 1;
  while (f(hi) > 0 && hi < 1e9) hi *= 2;
  for (let k = 0; k < 300 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('s.21 — properties', () => {
  it(
    'the lock-period fee never takes the borrower’s flows above the loan’s rate nor 48%',
    () => {
      const seen = { charged: 0, bounded: 0 };
      fc.assert(
        fc.property(
          fc.record({
            amount: fc.integer({ min: 1000, max: 300_000 }),
            tenor: fc.integer({ min: 1, max: 12 }),
            rateBp: fc.integer({ min: 10, max: 350 }),
            method: fc.constantFrom('amortization' as const, 'interest-first' as const),
            r78: fc.boolean(),
            deductedPct: fc.constantFrom(0, 0, 1, 3, 8),
            startDay: fc.integer({ min: 0, max: 1100 }),
            paid: fc.integer({ min: 0, max: 12 }),
            offsets: fc.array(fc.integer({ min: -10, max: 12 }), { minLength: 12, maxLength: 12 }),
            extra: fc.array(fc.constantFrom(0, 0, 0, 25, 100), { minLength: 12, maxLength: 12 }),
            after: fc.integer({ min: 0, max: 45 }),
            fee: fc.integer({ min: 0, max: 2_000_000 }),
            lockMonths: fc.integer({ min: 0, max: 12 }),
          }),
          (p) => {
            const loanDate = addDays('2023-01-01', p.startDay);
            const terms: LoanTerms = {
              loanAmount: String(p.amount),
              loanDate,
              totalTenor: p.tenor,
              repayCycle: { kind: 'monthly' },
              interestMethod: p.method,
              flatRate: (p.rateBp / 100).toFixed(2),
              ruleOf78: p.r78 && p.method === 'amortization',
              amountDeducted: ((p.amount * p.deductedPct) / 100).toFixed(2),
            };
            const schedule = buildSchedule(terms);
            const loanRate = mloEffectiveRate(schedule);
            let state = createRepaymentState(schedule, { overdueRate: '30', overduePenalty: '80' });
            const payments: { date: string; amount: string }[] = [];
            let last = loanDate;
            // the first `paid` instalments, each a few days early or late (no earlier than the last receipt)
            for (const [k, line] of schedule.lines.slice(0, Math.min(p.paid, p.tenor - 1)).entries()) {
              let date = addDays(line.dueDate, p.offsets[k]!);
              if (compareDates(date, last) < 0) date = last;
              try {
                const a = allocateReceipt(state, { date, received: line.instalment.plus(p.extra[k]!) });
                state = a.state;
                // default charges are not counted in the rate
                payments.push({ date, amount: a.received.minus(a.overdueInterest).minus(a.handlingFee).toFixed(2) });
                last = date;
              } catch (e) {
                if (!(e instanceof DomainError)) throw e;
              }
            }
            const history = { lentOn: loanDate, received: schedule.loanAmount.minus(schedule.amountDeducted).toFixed(2), payments };
            const date = addDays(last, p.after);
            const q = settlementQuote(state, date, { lockPeriodMonths: p.lockMonths, lockPeriodFee: (p.fee / 100).toFixed(2), s21: { history, loanRate } });
            const bound = Math.min(Math.max(loanRate.toNumber(), 0), 0.48);
            const base = q.principal.plus(q.interest).minus(q.tempAmount);
            const rBase = xirr(settlementFlows(history, date, base));
            const rFee = xirr(settlementFlows(history, date, base.plus(q.lockPeriodFee)));
            if (q.lockPeriodFee.gt(0)) seen.charged++;
            if (q.lockPeriodFee.lt(q.agreedLockPeriodFee)) seen.bounded++;
            if (q.lockPeriodFee.isNeg() || q.lockPeriodFee.gt(q.agreedLockPeriodFee)) throw new Error(`fee ${q.lockPeriodFee.toFixed(2)} outside 0…agreed`);
            if (q.lockPeriodFee.gt(0) && !(rFee <= bound + 1e-6)) throw new Error(`a fee of ${q.lockPeriodFee.toFixed(2)} takes the rate to ${rFee} above ${bound}`);
            if (q.lockPeriodFee.gt(0) && !(rFee <= 0.48 + 1e-6)) throw new Error(`a fee takes the rate above 48%: ${rFee}`);
            // s.21's own figure (principal and interest to the date) is never made dearer than the bound by the fee
            if (!(rFee <= Math.max(bound, rBase) + 1e-6)) throw new Error(`rate ${rFee} above both ${bound} and the base ${rBase}`);
            // the quote's rate is the independent one (where doubles can tell: below 10,000% a year, and
            // for a loan's shape of flows — money held beyond what is owed is paid back, which has no single rate)
            // after the cap rebate (cap-rebate.test.ts) the settled flows are what the quote's rate reads
            const settled = base.plus(q.lockPeriodFee).minus(q.capRebate);
            const rSettled = xirr(settlementFlows(history, date, settled));
            const shown = q.settlementRate!.toNumber();
            if (rSettled < 100 && settled.gt(0) && Math.abs(shown - rSettled) > 1e-6 * Math.max(1, Math.abs(rSettled))) throw new Error(`quote says ${shown}, XIRR ${rSettled}`);
          },
        ),
        { numRuns: process.env['CI'] ? 1000 : 200 },
      );
      // not vacuous: fees were charged, and fees were cut to the ceiling
      expect(seen.charged).toBeGreaterThan(0);
      expect(seen.bounded).toBeGreaterThan(0);
    },
    60_000,
  );

  it('the ceiling is the largest: a cent more goes above the bound (exact decimals)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 5_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 400_000 })), { maxLength: 8 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 4800 }),
        (receivedCents, receipts, after, boundBp) => {
          let date = '2024-01-10';
          const payments = receipts.map(([gap, cents]) => {
            date = addDays(date, gap);
            return { date, amount: new Decimal(cents).div(100).toFixed(2) };
          });
          const history = { lentOn: '2024-01-10', received: new Decimal(receivedCents).div(100).toFixed(2), payments };
          const on = addDays(date, after);
          const bound = new Decimal(boundBp).div(10_000);
          const ceiling = s21SettlementCeiling(history, on, bound);
          if (!ceiling.gt(0)) return;
          const at = mloEffectiveRate(settlementFlows(history, on, ceiling));
          const above = mloEffectiveRate(settlementFlows(history, on, ceiling.plus('0.01')));
          // the solver's last digits (~1e-28) may sit either side of a bound met exactly
          if (at.gt(bound.plus('1e-20'))) throw new Error(`ceiling ${ceiling.toFixed(2)} gives ${at.toString()} > ${bound.toString()}`);
          if (!above.gt(bound)) throw new Error(`a cent more (${ceiling.plus('0.01').toFixed(2)}) is still within ${bound.toString()}`);
          expect(dec(ceiling).decimalPlaces()).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: process.env['CI'] ? 1000 : 200 },
    );
  }, 60_000);
});
