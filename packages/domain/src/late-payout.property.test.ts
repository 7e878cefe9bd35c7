/**
 * The payout's accept/refuse decision against an independent check: every ACCEPTED payout's real
 * cash flows carry at most 48% a year by a double-precision XIRR written here (bisection on the
 * compounded rate a year, actual days over 365 — not the project's solver), and no instalment is due
 * on or before the day the money is lent. The approval's worst case agrees with the payout: an
 * approval it lets through is never refused for its rate from the agreed date to the interest start
 * (or the first late day).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CalculatorRequest } from './calculator.js';
import { addDays, daysBetween } from './dates.js';
import { type LatePayoutRule, approvalWorstCase, payoutDecision } from './late-payout.js';

/** Fixed, not `RUNS`: each case builds three schedules; 1,000 keeps the file near ten seconds. */
const NUM_RUNS = 1_000;
const SLACK = 1e-6;

/** NPV of the borrower's flows at rate r a year (positive: r is too low). */
function npv(r: number, received: number, lentOn: string, payments: readonly { date: string; amount: number }[]): number {
  let v = -received;
  for (const p of payments) v += p.amount * Math.pow(1 + r, -daysBetween(lentOn, p.date) / 365);
  return v;
}

/** The rate a year solving received = Σ amount·(1+r)^(−days/365), by bisection (NPV falls as r rises). */
function xirr(received: number, lentOn: string, payments: readonly { date: string; amount: number }[]): number {
  let lo = -0.999999;
  let hi = 1;
  while (npv(hi, received, lentOn, payments) > 0) {
    hi *= 2;
    if (hi > 1e12) return Infinity;
  }
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (npv(mid, received, lentOn, payments) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const day = fc.integer({ min: 0, max: 4 * 365 }).map((n) => addDays('2024-01-01', n));
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => (c / 100).toFixed(2));

const cycle = fc.oneof(
  fc.record({ repayCycle: fc.constant('monthly' as const), cycleMonths: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ repayCycle: fc.constant('twice-monthly' as const) }),
  fc.record({ repayCycle: fc.constant('biweekly' as const) }),
  fc.record({ repayCycle: fc.constant('every-n-days' as const), cycleDays: fc.integer({ min: 7, max: 60 }) }),
);
const rate = fc.oneof(
  fc.integer({ min: 10, max: 600 }).map((bp) => ({ flatRate: (bp / 100).toFixed(2) })),
  fc.integer({ min: 100, max: 8000 }).map((bp) => ({ effectiveRate: (bp / 100).toFixed(2) })),
);

const scenario = fc
  .record({
    amount: fc.integer({ min: 10, max: 5000 }).map((h) => h * 100),
    totalTenor: fc.integer({ min: 1, max: 12 }),
    interestMethod: fc.constantFrom('amortization' as const, 'interest-first' as const),
    cycle,
    rate,
    agreedDate: day,
    interestAfter: fc.integer({ min: 0, max: 10 }),
    firstDueAfter: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    upfrontShare: fc.integer({ min: 0, max: 1000 }),
    handling: cents(2000),
    lateFee: cents(5000),
    delay: fc.integer({ min: 0, max: 90 }),
    rule: fc.oneof(
      fc.constant<LatePayoutRule>({ policy: 'rebase', refuseAfterDays: 0 }),
      fc.integer({ min: 0, max: 90 }).map<LatePayoutRule>((n) => ({ policy: 'refuse', refuseAfterDays: n })),
    ),
  })
  // the approval never keeps back the whole loan
  .filter((s) => (s.amount * s.upfrontShare) / 10_000 + Number(s.handling) + Number(s.lateFee) < s.amount);

describe('payout decision (property)', () => {
  it(
    'accepted payouts are within 48% by an independent XIRR, with nothing due on or before the payout date',
    () => {
      fc.assert(
        fc.property(scenario, (s) => {
          const interestStart = addDays(s.agreedDate, s.interestAfter);
          const terms: CalculatorRequest = {
            loanAmount: String(s.amount),
            totalTenor: s.totalTenor,
            interestMethod: s.interestMethod,
            ...s.cycle,
            ...s.rate,
            loanDate: interestStart,
            firstDueDate: s.firstDueAfter === undefined ? undefined : addDays(interestStart, s.firstDueAfter),
          };
          const upfront = ((s.amount * s.upfrontShare) / 10_000).toFixed(2);
          const deductions = { upfrontInterest: upfront, handlingFee: s.handling, lateDrawdownFee: s.lateFee };
          const payoutDate = addDays(s.agreedDate, s.delay);
          const base = { terms, agreedDate: s.agreedDate, deductions, rule: s.rule };
          const decision = payoutDecision({ ...base, payoutDate });

          if (s.rule.policy === 'refuse' && s.delay > s.rule.refuseAfterDays) {
            expect(decision).toEqual({ accepted: false, reason: 'late', lateDays: s.delay, refuseAfterDays: s.rule.refuseAfterDays });
            return;
          }
          if (!('flows' in decision)) throw new Error('a payout within the rule must be computed');
          // what the borrower really receives, from the inputs
          const kept = Number(upfront) + Number(s.handling) + (s.delay > 0 ? Number(s.lateFee) : 0);
          expect(Number(decision.flows.received.toString())).toBeCloseTo(s.amount - kept, 6);
          const payments = decision.flows.payments.map((p) => ({ date: p.date, amount: Number(p.amount.toString()) }));
          for (const p of payments) expect(p.date > payoutDate).toBe(true);
          expect(decision.flows.lentOn).toBe(payoutDate);

          const independent = xirr(s.amount - kept, payoutDate, payments);
          if (decision.accepted) expect(independent).toBeLessThanOrEqual(0.48 + SLACK);
          else expect(independent).toBeGreaterThan(0.48 - SLACK);

          // the approval's worst case covers every payout up to the interest start (the schedule
          // has not moved yet) and the first late day
          if (s.delay <= Math.max(1, s.interestAfter)) {
            const worst = approvalWorstCase(base);
            if (worst.worst.status !== 'illegal') expect(decision.accepted).toBe(true);
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    60_000,
  );
});
