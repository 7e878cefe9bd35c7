import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settlementQuote, settlementReceiptParts } from './settlement.js';
import { createRepaymentState } from './repayment-state.js';
import { buildSchedule } from './schedule.js';
import { addDays, daysBetween } from './dates.js';
import { Decimal, dec } from './decimal.js';
import { MLO_ILLEGAL_ABOVE, mloEffectiveRate } from './mlo.js';
import { s21CapRebate, settlementCapBound } from './s21.js';
import { postEarlySettlement } from './ledger/posting-rules.js';
import type { LoanTerms } from './terms.js';

/**
 * The rebate that keeps an early settlement within the 48% cap (s.24 beside s.21): golden figures,
 * and a property whose oracle is an independent IRR (bisection in doubles, written here).
 */
const flat12000: LoanTerms = { loanAmount: '12000', loanDate: '2024-01-10', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '1' };

/** Independent oracle: the yearly rate r of received at day 0 and payments on days, by bisection on NPV (doubles). */
function bisectionRate(received: number, payments: { days: number; amount: number }[]): number {
  const npv = (r: number) => -received + payments.reduce((s, p) => s + p.amount / Math.pow(1 + r, p.days / 365), 0);
  let lo = -0.99;
  let hi = 1e6;
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('the cap rebate (golden)', () => {
  it('12,000 with 600 kept back settled 15 days in: s.21’s figure would cost 332%; the rebate brings it to the largest lawful amount', () => {
    const schedule = buildSchedule(flat12000);
    const state = createRepaymentState(schedule);
    const history = { lentOn: '2024-01-10', received: '11400.00', payments: [] };
    const q = settlementQuote(state, '2024-01-25', { s21: { history, loanRate: '0.3666' } });
    // s.21's own figure: 12,000 principal and the interest to the date as the agreement computes it
    expect(q.principal.toFixed(2)).toBe('12000.00');
    expect(q.interest.toFixed(2)).toBe('103.82');
    // the largest lawful settlement: 11,400 × 1.48^(15/365), floored to the cent = 11,585.15
    expect(q.capRebate.toFixed(2)).toBe('518.67');
    expect(q.capRebateParts.lockPeriodFee.toFixed(2)).toBe('0.00');
    expect(q.capRebateParts.interest.toFixed(2)).toBe('103.82');
    expect(q.capRebateParts.principal.toFixed(2)).toBe('414.85');
    expect(q.total.toFixed(2)).toBe('11585.15');
    expect(q.payable.toFixed(2)).toBe('11585.15');
    expect(q.settlementRate!.lte(MLO_ILLEGAL_ABOVE)).toBe(true);
    expect(q.settlementRate!.toFixed(4)).toBe('0.4800');
    // a cent more is above the cap
    expect(mloEffectiveRate({ lentOn: '2024-01-10', received: '11400', payments: [{ date: '2024-01-25', amount: '11585.16' }] }).gt(MLO_ILLEGAL_ABOVE)).toBe(true);
    // the journal: principal, interest credited in full; the rebate debited to settlement rebates; balanced
    const entry = postEarlySettlement({ principal: q.principal, interest: q.interest, rebate: q.rebate, capRebate: q.capRebate, lockPeriodFee: q.lockPeriodFee, receivedInto: 'cash' });
    expect(entry.lines).toEqual([
      { account: 'cash', debit: '11585.15', credit: '0.00' },
      { account: 'settlementRebate', debit: '518.67', credit: '0.00' },
      { account: 'loansReceivable', debit: '0.00', credit: '12000.00' },
      { account: 'interestIncome', debit: '0.00', credit: '103.82' },
    ]);
    // the receipt records what was received for each part (11,585.15 in all) and what was given up
    const parts = settlementReceiptParts(q, '0');
    expect([parts.principal, parts.interest, parts.lockPeriodFee, parts.givenUp].map((d) => d.toFixed(2))).toEqual(['11585.15', '0.00', '0.00', '518.67']);
  });

  it('the rebate comes off the lock-period fee first, then interest, then principal', () => {
    const history = { lentOn: '2024-01-10', received: '11400', payments: [] };
    // S* at 48% on 2024-01-25 is 11,585.15
    const parts = (p: string, i: string, f: string) => {
      const r = s21CapRebate(history, '2024-01-25', '0.48', { principal: p, interest: i, lockPeriodFee: f, tempAmount: '0' });
      return [r.total, r.lockPeriodFee, r.interest, r.principal].map((d) => d.toFixed(2));
    };
    expect(parts('11500', '80', '20')).toEqual(['14.85', '14.85', '0.00', '0.00']);
    expect(parts('11500', '100', '5')).toEqual(['19.85', '5.00', '14.85', '0.00']);
    expect(parts('11600', '10', '0')).toEqual(['24.85', '0.00', '10.00', '14.85']);
    expect(parts('11585.15', '0', '0')).toEqual(['0.00', '0.00', '0.00', '0.00']);
    // money held counts as paid already: it lowers what the settlement pays
    const r3 = s21CapRebate(history, '2024-01-25', '0.48', { principal: '11685.15', interest: '0', lockPeriodFee: '0', tempAmount: '100' });
    expect(r3.total.toFixed(2)).toBe('0.00');
  });

  it('the bound: 48%, or the company maximum when its excess action refuses', () => {
    expect(settlementCapBound().toFixed(2)).toBe('0.48');
    expect(settlementCapBound({ maxApr: '30', maxAprExcessAction: 'prompt-and-block' }).toFixed(2)).toBe('0.30');
    expect(settlementCapBound({ maxApr: '30', maxAprExcessAction: 'prompt-and-confirm' }).toFixed(2)).toBe('0.48');
    expect(settlementCapBound({ maxApr: '60', maxAprExcessAction: 'prompt-and-block' }).toFixed(2)).toBe('0.48');
    // at 30%: 11,400 × 1.30^(15/365) floored = 11,523.58
    const r = s21CapRebate({ lentOn: '2024-01-10', received: '11400', payments: [] }, '2024-01-25', settlementCapBound({ maxApr: '30', maxAprExcessAction: 'prompt-and-block' }), { principal: '12000', interest: '58.06', lockPeriodFee: '0', tempAmount: '0' });
    expect(r.total.toFixed(2)).toBe(dec('12058.06').minus('11523.58').toFixed(2));
  });

  it('an ordinary loan without kept-back charges settles exactly as before: no rebate', () => {
    const state = createRepaymentState(buildSchedule(flat12000));
    const history = { lentOn: '2024-01-10', received: '12000.00', payments: [] };
    const q = settlementQuote(state, '2024-01-25', { s21: { history, loanRate: '0.2368' } });
    expect(q.capRebate.toFixed(2)).toBe('0.00');
    expect(q.total.toFixed(2)).toBe('12103.82');
    expect(q.total.eq(settlementQuote(state, '2024-01-25').total)).toBe(true);
  });
});

describe('the cap rebate (property: independent IRR)', () => {
  it('for random loans with kept-back charges and settlement dates, the settled flows never cost more than 48%', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 200000 }),
        fc.integer({ min: 3, max: 24 }),
        fc.integer({ min: 1, max: 40 }), // flat rate, tenths of a percent a month
        fc.integer({ min: 0, max: 200 }), // kept back, tenths of a percent of the amount
        fc.integer({ min: 0, max: 400 }), // days from payout to settlement
        fc.boolean(),
        (amount, tenor, rateTenths, keptTenths, days, interestFirst) => {
          const terms: LoanTerms = {
            loanAmount: String(amount),
            loanDate: '2024-03-05',
            totalTenor: tenor,
            repayCycle: { kind: 'monthly' },
            interestMethod: interestFirst ? 'interest-first' : 'amortization',
            flatRate: new Decimal(rateTenths).div(10).toFixed(1),
          };
          const schedule = buildSchedule(terms);
          const kept = new Decimal(amount).times(keptTenths).div(1000).toDecimalPlaces(2);
          const received = schedule.loanAmount.minus(kept);
          const lastDue = schedule.lines[schedule.lines.length - 1]!.dueDate;
          const date = addDays('2024-03-05', Math.min(days, daysBetween('2024-03-05', lastDue) - 1));
          const history = { lentOn: '2024-03-05', received: received.toFixed(2), payments: [] };
          const q = settlementQuote(createRepaymentState(schedule), date, { s21: { history, loanRate: mloEffectiveRate(schedule) } });
          const paid = q.total.toNumber();
          const t = daysBetween('2024-03-05', date);
          if (t === 0) {
            // settled the day the money is lent: never more than was received
            expect(q.total.lte(received)).toBe(true);
            return;
          }
          const rate = bisectionRate(received.toNumber(), [{ days: t, amount: paid }]);
          expect(rate).toBeLessThanOrEqual(0.48 + 1e-9);
          // the rebate is taken only when s.21's figure is above the cap, and then to the cent
          if (q.capRebate.gt(0)) expect(bisectionRate(received.toNumber(), [{ days: t, amount: paid + 0.02 }])).toBeGreaterThan(0.48);
          else expect(q.total.eq(q.principal.plus(q.interest))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  }, 300_000);
});
