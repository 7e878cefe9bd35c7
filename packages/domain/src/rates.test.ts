import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './decimal.js';
import { effectiveToFlat, effectiveToNominal, flatToEffective, nominalToEffective, type RateBasis } from './rates.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const monthly = (tenor: number, deducted = '0'): RateBasis => ({
  tenor,
  periodsPerYear: new Decimal(12),
  method: 'amortization',
  deductedRatio: new Decimal(deducted),
});
const pct = (d: Decimal, places = 2): string => d.times(100).toFixed(places);

describe('rates — golden', () => {
  it('0.70% flat a month over 12 months ≈ 16.26% effective', () => {
    const r = flatToEffective(new Decimal('0.007'), monthly(12));
    expect(pct(r.effective)).toBe('16.26');
    expect(r.nominal.eq(r.periodic.times(12))).toBe(true);
  });

  it('0.50% flat over 24 months with 1,200 of 60,000 deducted ≈ 13.99% effective', () => {
    const r = flatToEffective(new Decimal('0.005'), monthly(24, '0.02'));
    expect(pct(r.effective)).toBe('13.99');
  });

  it('9.4822% nominal monthly is 9.9053% effective, and back (checked with Python decimal)', () => {
    expect(pct(nominalToEffective(new Decimal('0.094822'), new Decimal(12)), 4)).toBe('9.9053');
    expect(pct(effectiveToNominal(new Decimal('0.099'), new Decimal(12)), 4)).toBe('9.4773');
    expect(pct(effectiveToNominal(nominalToEffective(new Decimal('0.094822'), new Decimal(12)), new Decimal(12)), 6)).toBe('9.482200');
  });

  it('interest-first without deduction: the effective rate compounds the flat rate', () => {
    const r = flatToEffective(new Decimal('0.01'), { tenor: 12, periodsPerYear: new Decimal(12), method: 'interest-first' });
    expect(r.periodic.toFixed(10)).toBe('0.0100000000');
    expect(pct(r.effective, 4)).toBe('12.6825');
  });

  it('zero flat rate is zero effective', () => {
    expect(flatToEffective(new Decimal(0), monthly(12)).effective.abs().lt('1e-25')).toBe(true);
  });
});

describe('rates — properties', () => {
  it(
    'flat → effective → flat returns the input',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 500 }), // flat basis points per period: 0–5%
          fc.integer({ min: 1, max: 60 }),
          fc.constantFrom(new Decimal(12), new Decimal(24), new Decimal(26), new Decimal(6), new Decimal(365).div(7)),
          fc.constantFrom('amortization' as const, 'interest-first' as const),
          fc.integer({ min: 0, max: 10 }),
          (bp, tenor, k, method, deductedPct) => {
            const flat = new Decimal(bp).div(10_000);
            const basis: RateBasis = { tenor, periodsPerYear: k, method, deductedRatio: new Decimal(deductedPct).div(100) };
            const back = effectiveToFlat(flatToEffective(flat, basis).effective, basis);
            if (!back.minus(flat).abs().lt('1e-20')) throw new Error(`${flat} → ${back}`);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
