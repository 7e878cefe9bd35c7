import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal.js';
import fc from 'fast-check';
import { annualiseCompound, npv, periodicFromEffective, solveIrr, solveLevelIrr } from './irr.js';

const flows = (received: string, instalment: string, n: number) => [
  { t: 0, amount: new Decimal(received).neg() },
  ...Array.from({ length: n }, (_, k) => ({ t: k + 1, amount: new Decimal(instalment) })),
];

describe('IRR', () => {
  it('solves a level annuity to 30 digits (NPV at the root is ~0)', () => {
    const f = flows('100', '17.13', 6);
    const i = solveIrr(f);
    expect(npv(f, i).abs().lt('1e-30')).toBe(true);
    expect(i.times(1200).toFixed(4)).toBe('9.4694') // bisection in Python decimal: 9.469404769…;
  });
  it('zero interest → zero rate; negative interest → negative rate', () => {
    expect(solveIrr(flows('120', '10', 12)).abs().lt('1e-30')).toBe(true);
    expect(solveIrr(flows('130', '10', 12)).isNeg()).toBe(true);
  });
  it('handles fractional times (extended first period)', () => {
    const f = [
      { t: 0, amount: new Decimal(-1000) },
      { t: new Decimal('1.5'), amount: new Decimal(1100) },
    ];
    const i = solveIrr(f);
    expect(new Decimal(1).plus(i).pow(new Decimal('1.5')).times(1000).toFixed(10)).toBe('1100.0000000000');
  });
  it('a very high rate still converges', () => {
    const i = solveIrr(flows('100', '90', 3));
    expect(npv(flows('100', '90', 3), i).abs().lt('1e-25')).toBe(true);
  });
  it('finds the root when Newton from the seed would creep towards it from far below (days as periods, 7× repaid)', () => {
    // 259.83 lent on day 0, 244.02 then seven of 239.40 twice a month from day 55: 2.1229% a day
    const days = [55, 69, 84, 100, 115, 130, 145, 161];
    const flows = [{ t: 0, amount: new Decimal('-259.83') }, ...days.map((t, k) => ({ t, amount: new Decimal(k === 0 ? '244.02' : '239.40') }))];
    const i = solveIrr(flows);
    expect(i.toFixed(10)).toBe('0.0212289084');
    expect(npv(flows, i).abs().lt('1e-25')).toBe(true);
  });

  it('annualises and de-annualises', () => {
    const k = new Decimal(12);
    const i = periodicFromEffective(new Decimal('0.1626'), k);
    expect(annualiseCompound(i, k).toFixed(20)).toBe('0.16260000000000000000');
  });
  it('refuses flows without a payout', () => {
    expect(() => solveIrr([{ t: 1, amount: new Decimal(1) }])).toThrow(RangeError);
  });
  it('the closed-form level solver agrees with the general solver', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -50, max: 50 }),
        (cents, n, bp, lastDelta) => {
          const pv = new Decimal(cents).div(100);
          const d = pv.times(new Decimal(10_000).plus(new Decimal(bp).times(n))).div(10_000).div(n).toDecimalPlaces(2);
          const last = d.plus(new Decimal(lastDelta).div(100));
          if (last.lte(0)) return true;
          const flows = [{ t: 0, amount: pv.neg() }, ...Array.from({ length: n - 1 }, (_, k) => ({ t: k + 1, amount: d })), { t: n, amount: last }];
          const level = n === 1 ? solveIrr(flows) : solveLevelIrr(pv, d, n - 1, last, n);
          return level.minus(solveIrr(flows)).abs().lt('1e-25');
        },
      ),
      { numRuns: 200 },
    );
  });
});
