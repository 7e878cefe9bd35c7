/**
 * The day-count convention and the promise that a loan stated at an effective annual rate pays
 * exactly that rate, measured by an IRR whose time is the convention's year fraction from the
 * loan date. The IRR here is written independently of the engine: double precision, its own
 * day counting (Date.UTC for actual days, its own 30/360 US).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculate } from './calculator.js';
import { DAY_COUNT_CONVENTIONS, type DayCountConvention, yearFraction } from './dates.js';
import { mloEffectiveRate, mloStatus } from './mlo.js';
import { type RepayCycle } from './cycles.js';
import { buildSchedule, type Schedule } from './schedule.js';
import { type LoanTerms } from './terms.js';
import { PROPERTY_TIMEOUT } from './test-support/runs.js';

// ---- an independent XIRR: double precision, time = the convention's year fraction
const utcDay = (d: string): number => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
function thirty360(a: string, b: string): number {
  const [y1, m1, day1] = a.split('-').map(Number) as [number, number, number];
  const [y2, m2, day2] = b.split('-').map(Number) as [number, number, number];
  const d1 = day1 === 31 ? 30 : day1;
  const d2 = day2 === 31 && d1 >= 30 ? 30 : day2;
  return (y2 - y1) * 360 + (m2 - m1) * 30 + (d2 - d1);
}
function years(from: string, to: string, convention: DayCountConvention): number {
  if (convention === '30/360') return thirty360(from, to) / 360;
  return (utcDay(to) - utcDay(from)) / (convention === 'actual/365' ? 365 : 360);
}
interface Flows {
  received: number;
  payments: { t: number; amount: number }[];
}
function flowsOf(s: Schedule, convention: DayCountConvention): Flows {
  return {
    received: s.loanAmount.minus(s.amountDeducted).toNumber(),
    payments: s.lines.map((l) => ({ t: years(s.loanDate, l.dueDate, convention), amount: l.instalment.toNumber() })),
  };
}
/** r with received = Σ amount·(1 + r)^−t (Newton from 10%, bisection when it strays). */
function xirr(f: Flows): number {
  const npv = (r: number) => f.payments.reduce((acc, p) => acc + p.amount * Math.pow(1 + r, -p.t), -f.received);
  const dnpv = (r: number) => f.payments.reduce((acc, p) => acc - p.t * p.amount * Math.pow(1 + r, -p.t - 1), 0);
  let lo = -0.99;
  let hi = 100;
  let r = 0.1;
  for (let i = 0; i < 200; i++) {
    const v = npv(r);
    if (v > 0) lo = r;
    else hi = r;
    let next = r - v / dnpv(r);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) < 1e-15) return next;
    r = next;
  }
  return r;
}
/** What one unit of the last decimal place on the last instalment is worth in rate (the documented precision). */
function oneCentInRate(f: Flows, rate: number): number {
  const last = f.payments[f.payments.length - 1]!;
  const duration = f.payments.reduce((acc, p) => acc + p.t * p.amount * Math.pow(1 + rate, -p.t - 1), 0);
  return (0.01 * Math.pow(1 + rate, -last.t)) / duration;
}

const cents = (s: Schedule, f: 'principal' | 'interest' | 'instalment') => s.lines.map((l) => l[f].toFixed(2));

describe('yearFraction', () => {
  it('actual/365, actual/360 and 30/360 US', () => {
    expect(yearFraction('2024-01-31', '2024-02-29', 'actual/365').toFixed(10)).toBe((29 / 365).toFixed(10));
    expect(yearFraction('2024-01-31', '2024-02-29', 'actual/360').toFixed(10)).toBe((29 / 360).toFixed(10));
    // 30/360 US: D1 = 31 → 30; 29 Feb stays 29: 29 days
    expect(yearFraction('2024-01-31', '2024-02-29', '30/360').times(360).toDecimalPlaces(20).toFixed()).toBe('29');
    expect(yearFraction('2024-01-31', '2024-03-31', '30/360').times(360).toDecimalPlaces(20).toFixed()).toBe('60');
    expect(yearFraction('2024-01-15', '2025-01-15', '30/360').toFixed()).toBe('1');
    expect(yearFraction('2024-01-01', '2025-01-01', 'actual/365').toFixed(10)).toBe((366 / 365).toFixed(10));
  });
});

describe('effective-rate schedules by convention — exact figures', () => {
  // 10,000 at 36% effective, monthly × 6 from 31 Jan 2024 (due 29 Feb, 31 Mar, 30 Apr, 31 May, 30 Jun,
  // 31 Jul): D = 10,000 / Σ 1.36^−Tⱼ, the last the exact completing amount rounded down; the figures
  // were checked with Python's decimal module.
  const terms: LoanTerms = { loanAmount: '10000', loanDate: '2024-01-31', totalTenor: 6, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', effectiveRate: '36' };
  it.each([
    // convention, D (exact), last (exact ↓), first interest 10,000·(1.36^τ₁ − 1), total interest
    ['actual/365', '1819.82', '1819.80', '247.31', '918.90'],
    ['actual/360', '1822.02', '1821.99', '250.79', '932.09'],
    ['30/360', '1821.03', '1820.99', '250.79', '926.14'],
  ] as const)('%s: D %s, last %s, first interest %s, total interest %s', (convention, d, last, firstInterest, total) => {
    const s = buildSchedule(terms, { dayCount: convention });
    expect(s.instalmentAmount.toFixed(2)).toBe(d);
    expect(cents(s, 'instalment')).toEqual([d, d, d, d, d, last]);
    expect(s.lines[0]!.interest.toFixed(2)).toBe(firstInterest);
    expect(s.totalInterest.toFixed(2)).toBe(total);
    expect(s.lines.at(-1)!.balance.toFixed(2)).toBe('0.00');
    const delivered = xirr(flowsOf(s, convention));
    expect(delivered).toBeLessThanOrEqual(0.36);
    expect((delivered * 100).toFixed(2)).toBe('36.00');
  });

  it('the golden 30/360 example, chosen through the setting: 100.00 at 9.4822% nominal, monthly × 6', () => {
    const r = calculate(
      { loanAmount: '100.00', totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', nominalRate: '9.4822', loanDate: '2024-01-15' },
      { dayCount: '30/360' },
    );
    expect(r.instalmentAmount).toBe('17.13');
    expect(r.schedule.map((l) => l.interest)).toEqual(['0.79', '0.66', '0.53', '0.40', '0.27', '0.13']);
    expect(r.schedule.map((l) => l.principal)).toEqual(['16.34', '16.47', '16.60', '16.73', '16.86', '17.00']);
    expect(r.effectiveRate).toBe('9.9053');
  });

  it('the issue: 36% stated on actual/360 delivers 36.00% on actual/360 (the Ordinance, actual/365, reads 36.58%)', () => {
    const s = buildSchedule({ ...terms, totalTenor: 12, effectiveRate: '36' }, { dayCount: 'actual/360' });
    expect((xirr(flowsOf(s, 'actual/360')) * 100).toFixed(4)).toBe('35.9999');
    expect((xirr(flowsOf(s, 'actual/360')) * 100).toFixed(2)).toBe('36.00');
    expect(mloEffectiveRate(s).times(100).toFixed(2)).toBe('36.58');
  });
});

describe('the 48% line on actual/365, decided on the exact figure', () => {
  const request = (effectiveRate: string) =>
    calculate({ loanAmount: '10000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', loanDate: '2024-01-31', effectiveRate });
  it('47.99 and 48.00 are lawful (extortionate presumption), 48.01 is illegal', () => {
    expect(request('47.99').mloStatus).toBe('extortionate');
    const at48 = request('48.00');
    expect(at48.mloStatus).toBe('extortionate');
    expect(at48.mloRate).toBe('47.9998');
    const over = request('48.01');
    expect(over.mloStatus).toBe('illegal');
    expect(over.mloRate).toBe('48.0098');
  });
});

// ---- the grid: every cycle, both methods, with and without a deduction, each convention
const CYCLES: readonly [string, RepayCycle][] = [
  ['monthly', { kind: 'monthly' }],
  ['every 2 months', { kind: 'monthly', months: 2 }],
  ['twice a month', { kind: 'twice-monthly' }],
  ['every two weeks', { kind: 'biweekly' }],
  ['every 10 days', { kind: 'every-n-days', days: 10 }],
];
const GRID = DAY_COUNT_CONVENTIONS.flatMap((convention) =>
  CYCLES.flatMap(([cycleName, cycle]) =>
    (['amortization', 'interest-first'] as const).flatMap((method) =>
      ['0', '10000.00'].map((deducted) => ({ convention, cycleName, cycle, method, deducted })),
    ),
  ),
);

describe('an effective-rate loan delivers its stated rate — the grid', () => {
  it.each(GRID)('$convention, $cycleName, $method, deducted $deducted: 500,000 at 36.25% × 12 delivers 36.2500%', ({ convention, cycle, method, deducted }) => {
    const s = buildSchedule(
      { loanAmount: '500000', loanDate: '2024-01-31', totalTenor: 12, repayCycle: cycle, interestMethod: method, effectiveRate: '36.25', amountDeducted: deducted },
      { dayCount: convention },
    );
    const flows = flowsOf(s, convention);
    const delivered = xirr(flows);
    const precision = oneCentInRate(flows, 0.3625);
    expect(precision).toBeLessThan(5e-7); // a cent of this loan is below the 4th place of a percent
    expect(delivered).toBeLessThanOrEqual(0.3625 + 1e-12);
    expect(0.3625 - delivered).toBeLessThanOrEqual(precision * 1.001 + 1e-12);
    expect((delivered * 100).toFixed(4)).toBe('36.2500');
    if (convention === 'actual/365') expect(mloEffectiveRate(s).times(100).toFixed(4)).toBe('36.2500');
  });
});

describe('an effective-rate loan whose interest a period is a fraction of a cent', () => {
  it('1,000 at 1.05% paid daily for 8 days: the daily 0.0292 is rounded down, so the rate is never exceeded', () => {
    const s = buildSchedule(
      { loanAmount: '1000.00', loanDate: '2020-01-01', totalTenor: 8, repayCycle: { kind: 'every-n-days', days: 1 }, interestMethod: 'interest-first', effectiveRate: '1.05', amountDeducted: '0.03' },
      { dayCount: 'actual/360' },
    );
    // rounded half-up, seven days of 0.03 would already pay more than 1.05% allows with the 0.03 deducted
    expect(s.lines.map((l) => l.interest.toFixed(2))).toEqual(['0.02', '0.02', '0.02', '0.02', '0.02', '0.02', '0.02', '0.06']);
    const flows = flowsOf(s, 'actual/360');
    const delivered = xirr(flows);
    expect(delivered).toBeLessThanOrEqual(0.0105);
    expect(0.0105 - delivered).toBeLessThanOrEqual(oneCentInRate(flows, 0.0105) * 1.001);
  });
});

// ---- the property: any effective-rate loan delivers its stated rate, never more
declare const process: { env: Record<string, string | undefined> };
const RUNS = process.env['CI'] ? 1000 : 200;

const cycleArb = fc.oneof(
  fc.record({ kind: fc.constant('monthly' as const), months: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'twice-monthly' as const }),
  fc.constant({ kind: 'biweekly' as const }),
  fc.record({ kind: fc.constant('every-n-days' as const), days: fc.integer({ min: 1, max: 45 }) }),
);
const loanArb = fc.record({
  cents: fc.integer({ min: 100_000, max: 100_000_000 }),
  loanDate: fc.integer({ min: 0, max: 3650 }).map((d) => new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
  tenor: fc.integer({ min: 1, max: 36 }),
  cycle: cycleArb,
  method: fc.constantFrom('amortization' as const, 'interest-first' as const),
  /** hundredths of a percent a year: 1% … 60% */
  rateBp: fc.integer({ min: 100, max: 6000 }),
  /** the deduction as a share of the interest the rate earns on the loan over its term (0 … 25%) */
  deductedShare: fc.integer({ min: 0, max: 25 }),
  convention: fc.constantFrom(...DAY_COUNT_CONVENTIONS),
});

describe('an effective-rate loan delivers its stated rate — property', () => {
  it(
    'the delivered rate never exceeds the stated one and falls short by at most one cent of the last instalment (4 places when a cent is below them)',
    () => {
      fc.assert(
        fc.property(loanArb, (l) => {
          const p = l.cents / 100;
          const rate = l.rateBp / 10_000;
          // the loan's last due date (a flat schedule has the same dates and is cheap to build)
          const plain = buildSchedule({ loanAmount: p.toFixed(2), loanDate: l.loanDate, totalTenor: l.tenor, repayCycle: l.cycle, interestMethod: l.method, flatRate: '0' });
          const term = years(l.loanDate, plain.lines.at(-1)!.dueDate, l.convention);
          const deducted = Math.min((p * (Math.pow(1 + rate, term) - 1) * l.deductedShare) / 100, p * 0.3).toFixed(2);
          const s = buildSchedule(
            {
              loanAmount: p.toFixed(2), loanDate: l.loanDate, totalTenor: l.tenor, repayCycle: l.cycle, interestMethod: l.method,
              effectiveRate: (l.rateBp / 100).toFixed(2), amountDeducted: deducted,
            },
            { dayCount: l.convention },
          );
          // a deduction above what the stated rate allows leaves no interest to charge (the loan
          // amount is still repaid, so the rate is the deduction's own, above the stated one)
          fc.pre(s.totalInterest.gt(0));
          const flows = flowsOf(s, l.convention);
          const delivered = xirr(flows);
          const precision = oneCentInRate(flows, rate);
          const check = (ok: boolean, what: string) => {
            if (!ok) throw new Error(`${what}: stated ${rate}, delivered ${delivered}, one cent ${precision}`);
          };
          check(delivered <= rate + 1e-12, 'never above the stated rate');
          check(rate - delivered <= precision * 1.001 + 1e-12, 'short by at most one cent of the last instalment');
          if (precision < 5e-7) check((delivered * 100).toFixed(4) === (rate * 100).toFixed(4), '4 places');
          if (l.convention === 'actual/365') check(mloStatus(mloEffectiveRate(s)) === mloStatus(rate), 'the Ordinance sees the stated rate');
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
