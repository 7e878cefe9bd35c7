import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSchedule, type Schedule } from './schedule.js';
import { type LoanTerms } from './terms.js';
import { sum } from './decimal.js';
import { TermsValidationError } from './errors.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';
import { DAY_COUNT_CONVENTIONS, type DayCountConvention } from './dates.js';

const cents = (s: Schedule, f: 'principal' | 'interest' | 'instalment' | 'balance'): string[] =>
  s.lines.map((l) => l[f].toFixed(2));

describe('schedule — golden', () => {
  it('100.00 at 9.4822% nominal, monthly × 6, 30/360', () => {
    const s = buildSchedule(
      { loanAmount: '100.00', loanDate: '2024-01-15', totalTenor: 6, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', nominalRate: '9.4822' },
      { dayCount: '30/360' },
    );
    expect(s.instalmentAmount.toFixed(2)).toBe('17.13');
    expect(cents(s, 'interest')).toEqual(['0.79', '0.66', '0.53', '0.40', '0.27', '0.13']);
    expect(cents(s, 'principal')).toEqual(['16.34', '16.47', '16.60', '16.73', '16.86', '17.00']);
    expect(cents(s, 'instalment')).toEqual(Array(6).fill('17.13'));
    expect(s.lines.at(-1)!.balance.toFixed(2)).toBe('0.00');
    expect(s.totalInterest.toFixed(2)).toBe('2.78');
  });

  it('the same loan given as its effective annual rate (9.9053%) gives the same schedule', () => {
    const s = buildSchedule(
      { loanAmount: '100.00', loanDate: '2024-01-15', totalTenor: 6, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', effectiveRate: '9.9053' },
      { dayCount: '30/360' },
    );
    expect(cents(s, 'interest')).toEqual(['0.79', '0.66', '0.53', '0.40', '0.27', '0.13']);
  });

  it('10,000 at 1% flat a month repaid every 2 months × 5 → 2,200 each, interest 1,000', () => {
    const s = buildSchedule({
      loanAmount: '10000', loanDate: '2024-01-15', totalTenor: 5, repayCycle: { kind: 'monthly', months: 2 }, interestMethod: 'amortization', flatRate: '1',
    });
    expect(cents(s, 'instalment')).toEqual(Array(5).fill('2200.00'));
    expect(s.totalInterest.toFixed(2)).toBe('1000.00');
    expect(s.lines.map((l) => l.dueDate)).toEqual(['2024-03-15', '2024-05-15', '2024-07-15', '2024-09-15', '2024-11-15']);
  });

  it('the same as every 60 days with a 2% flat rate per period', () => {
    const s = buildSchedule({
      loanAmount: '10000', loanDate: '2024-01-15', totalTenor: 5, repayCycle: { kind: 'every-n-days', days: 60 }, interestMethod: 'amortization', flatRate: '2',
    });
    expect(cents(s, 'instalment')).toEqual(Array(5).fill('2200.00'));
    expect(s.totalInterest.toFixed(2)).toBe('1000.00');
  });

  it('50,000 at 0.70% flat, 12 months → 4,516.67; the last instalment absorbs rounding', () => {
    const s = buildSchedule({ loanAmount: '50000', loanDate: '2024-01-31', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '0.70' });
    expect(s.instalmentAmount.toFixed(2)).toBe('4516.67');
    expect(s.totalInterest.toFixed(2)).toBe('4200.00');
    expect(s.lines.at(-1)!.instalment.toFixed(2)).toBe('4516.63');
    expect(s.lines.slice(0, 3).map((l) => l.dueDate)).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
    // interest split by the IRR: falls every period
    for (let t = 1; t < s.lines.length; t++) expect(s.lines[t]!.interest.lt(s.lines[t - 1]!.interest)).toBe(true);
  });

  it('60,000 at 0.50% flat, 24 months, 1,200 deducted → 2,800.00', () => {
    const s = buildSchedule({
      loanAmount: '60000', loanDate: '2024-03-01', totalTenor: 24, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '0.50', amountDeducted: '1200',
    });
    expect(s.instalmentAmount.toFixed(2)).toBe('2800.00');
    expect(s.totalInterest.toFixed(2)).toBe('7200.00');
  });

  it('rule of 78 splits 78ths of the finance charge', () => {
    const s = buildSchedule({
      loanAmount: '12000', loanDate: '2024-01-10', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '1', ruleOf78: true,
    });
    expect(s.totalInterest.toFixed(2)).toBe('1440.00');
    expect(s.lines[0]!.interest.toFixed(2)).toBe('221.54'); // 1440 × 12/78
    expect(s.lines[11]!.interest.toFixed(2)).toBe('18.46'); // 1440 × 1/78 (absorbs rounding)
    expect(s.split).toBe('rule-of-78');
  });

  it('interest first: P·f each period, principal with the last', () => {
    const s = buildSchedule({ loanAmount: '20000', loanDate: '2024-01-10', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1.5' });
    expect(cents(s, 'instalment')).toEqual(['300.00', '300.00', '20300.00']);
    expect(cents(s, 'balance')).toEqual(['20000.00', '20000.00', '0.00']);
  });

  it('an extended first period adds extended interest and days to the first instalment', () => {
    const s = buildSchedule({
      loanAmount: '36500', loanDate: '2024-01-10', firstDueDate: '2024-02-20', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1',
    });
    expect(s.extendedDays).toBe(10);
    // 36,500 × 12% a year × 10 / 365 = 120.00
    expect(s.extendedInterest.toFixed(2)).toBe('120.00');
    expect(cents(s, 'interest')).toEqual(['485.00', '365.00', '365.00']);
    expect(s.lines.map((l) => l.dueDate)).toEqual(['2024-02-20', '2024-03-20', '2024-04-20']);
  });

  it('explicit extended interest is used as given', () => {
    const s = buildSchedule({
      loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 2, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '1', extendedDays: 5, extendedInterest: '33.33',
    });
    expect(s.firstDueDate).toBe('2024-02-15');
    expect(cents(s, 'interest')).toEqual(['133.33', '100.00']);
  });

  it('maximum interest caps the total interest', () => {
    const s = buildSchedule({
      loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 10, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '2', maxInterest: '1500',
    });
    expect(s.totalInterest.toFixed(2)).toBe('1500.00');
    expect(s.instalmentAmount.toFixed(2)).toBe('1150.00');
    expect(s.capped).toBe(true);
    const f = buildSchedule({
      loanAmount: '10000', loanDate: '2024-01-10', totalTenor: 10, repayCycle: { kind: 'monthly' }, interestMethod: 'interest-first', flatRate: '2', maxInterest: '1500',
    });
    expect(f.totalInterest.toFixed(2)).toBe('1500.00');
    expect(cents(f, 'interest').slice(6)).toEqual(['200.00', '100.00', '0.00', '0.00']);
  });

  it('actual/365 day count on an effective rate: last instalment clears the balance', () => {
    const s = buildSchedule({ loanAmount: '10000', loanDate: '2024-01-31', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', effectiveRate: '20' });
    expect(s.split).toBe('day-count');
    expect(s.lines.at(-1)!.balance.isZero()).toBe(true);
    expect(sum(s.lines.map((l) => l.principal)).toFixed(2)).toBe('10000.00');
    // February 2024: 10,000 grown 29 days at 20% a year, 10,000 × (1.2^(29/365) − 1) = 145.914… → 145.91
    // (checked independently with Python's decimal module)
    expect(s.lines[0]!.interest.toFixed(2)).toBe('145.91');
  });

  it('rounds the instalment down when rounding up would leave a negative last instalment', () => {
    const s = buildSchedule(
      { loanAmount: '100', loanDate: '2020-01-01', totalTenor: 27, repayCycle: { kind: 'biweekly' }, interestMethod: 'amortization', flatRate: '0' },
      { decimalPlaces: 0 },
    );
    expect(s.instalmentAmount.toFixed()).toBe('3');
    expect(s.lines.at(-1)!.instalment.toFixed()).toBe('22');
  });

  it('decimal places 0 rounds instalments to whole dollars', () => {
    const s = buildSchedule(
      { loanAmount: '50000', loanDate: '2024-01-31', totalTenor: 12, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '0.70' },
      { decimalPlaces: 0 },
    );
    expect(s.instalmentAmount.toFixed()).toBe('4517');
    expect(s.lines.at(-1)!.instalment.toFixed()).toBe('4513');
  });

  it('due dates move off holidays and days off when the settings say so', () => {
    const s = buildSchedule(
      { loanAmount: '1000', loanDate: '2024-01-06', totalTenor: 3, repayCycle: { kind: 'monthly' }, interestMethod: 'amortization', flatRate: '1' },
      { moveDueDateOffHoliday: true, daysOff: [0] },
      ['2024-02-06'],
    );
    // 6 Feb holiday → 7 Feb; 6 Apr 2024 is a Saturday (not a day off); 6 Mar is a Wednesday
    expect(s.lines.map((l) => l.dueDate)).toEqual(['2024-02-07', '2024-03-06', '2024-04-06']);
    expect(s.lines.map((l) => l.scheduledDate)).toEqual(['2024-02-06', '2024-03-06', '2024-04-06']);
  });

  it('rejects invalid terms with field names', () => {
    try {
      buildSchedule({ loanAmount: '-1', loanDate: '2024-02-30', totalTenor: 0, repayCycle: { kind: 'every-n-days', days: 0 }, interestMethod: 'amortization' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TermsValidationError);
      const fields = (e as TermsValidationError).issues.map((i) => `${i.field}:${i.code}`);
      expect(fields).toEqual(
        expect.arrayContaining(['loanAmount:MUST_BE_POSITIVE', 'totalTenor:TENOR_AT_LEAST_1', 'loanDate:INVALID_DATE', 'cycleDays:CYCLE_DAYS_AT_LEAST_1', 'flatRate:RATE_REQUIRED']),
      );
    }
  });

  it('rule of 78 is for monthly cycles only', () => {
    expect(() =>
      buildSchedule({ loanAmount: '1000', loanDate: '2024-01-01', totalTenor: 4, repayCycle: { kind: 'biweekly' }, interestMethod: 'amortization', flatRate: '1', ruleOf78: true }),
    ).toThrow(TermsValidationError);
  });
});

// ---- properties
const cycleArb = fc.oneof(
  fc.record({ kind: fc.constant('monthly' as const), months: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'twice-monthly' as const }),
  fc.constant({ kind: 'biweekly' as const }),
  fc.record({ kind: fc.constant('every-n-days' as const), days: fc.integer({ min: 1, max: 45 }) }),
);
const dateArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const moneyArb = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((c) => (c / 100).toFixed(2));
const rateArb = fc.integer({ min: 0, max: 400 }).map((bp) => (bp / 100).toFixed(2)); // 0–4% flat per period

const termsArb: fc.Arbitrary<{ terms: LoanTerms; dayCount: DayCountConvention; dp: 0 | 1 | 2 }> = fc
  .record({
    loanAmount: moneyArb(100, 1_000_000),
    loanDate: dateArb,
    totalTenor: fc.integer({ min: 1, max: 60 }),
    repayCycle: cycleArb,
    interestMethod: fc.constantFrom('amortization' as const, 'interest-first' as const),
    rateKind: fc.constantFrom('flat', 'effective', 'nominal'),
    rate: rateArb,
    annual: fc.integer({ min: 0, max: 6000 }).map((bp) => (bp / 100).toFixed(2)),
    ruleOf78: fc.boolean(),
    deductedPct: fc.integer({ min: 0, max: 10 }),
    extendedDays: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
    maxInterest: fc.option(moneyArb(0, 50_000), { nil: undefined }),
    dayCount: fc.constantFrom(...DAY_COUNT_CONVENTIONS),
    dp: fc.constantFrom(0 as const, 1 as const, 2 as const),
  })
  .map((r) => ({
    terms: {
      loanAmount: Number(r.loanAmount).toFixed(r.dp),
      loanDate: r.loanDate,
      totalTenor: r.totalTenor,
      repayCycle: r.repayCycle,
      interestMethod: r.interestMethod,
      flatRate: r.rateKind === 'flat' ? r.rate : undefined,
      effectiveRate: r.rateKind === 'effective' ? r.annual : undefined,
      nominalRate: r.rateKind === 'nominal' ? r.annual : undefined,
      ruleOf78: r.ruleOf78 && r.repayCycle.kind === 'monthly',
      amountDeducted: ((Number(r.loanAmount) * r.deductedPct) / 100).toFixed(0),
      extendedDays: r.extendedDays,
      maxInterest: r.maxInterest,
    },
    dayCount: r.dayCount,
    dp: r.dp,
  }));

describe('schedule — properties', () => {
  it(
    'Σ principal = P; Σ instalments = P + total interest; no negative balance; final balance 0; amounts at the decimal places',
    () => {
      fc.assert(
        fc.property(termsArb, ({ terms, dayCount, dp }) => {
          const s = buildSchedule(terms, { dayCount, decimalPlaces: dp });
          const p = s.loanAmount;
          const check = (ok: boolean, what: string): void => {
            if (!ok) throw new Error(what);
          };
          check(sum(s.lines.map((l) => l.principal)).eq(p), 'Σ principal = P');
          check(sum(s.lines.map((l) => l.instalment)).eq(p.plus(s.totalInterest)), 'Σ instalments = P + interest');
          for (const l of s.lines) {
            check(l.balance.gte(0), 'no negative balance');
            check(l.principal.gte(0), 'no negative principal');
            check(l.interest.gte(0), 'no negative interest');
            check(l.instalment.eq(l.principal.plus(l.interest)), 'instalment = principal + interest');
            check(l.interest.decimalPlaces() <= dp, 'interest at the decimal places');
          }
          check(s.lines.at(-1)!.balance.isZero(), 'final balance 0');
          check(s.lines.length === terms.totalTenor, 'one line a tenor');
          if (terms.maxInterest !== undefined) check(s.totalInterest.lte(terms.maxInterest), 'maximum interest');
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
