import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ruleOf78Rebate, ruleOf78Split, ruleOf78Weight } from './rule-of-78.js';
import { Decimal, sum } from './decimal.js';

describe('rule of 78', () => {
  it('12 periods, finance charge 100.00, 3 paid → rebate 57.69', () => {
    expect(ruleOf78Rebate('100.00', 12, 3).toFixed(2)).toBe('57.69');
  });
  it('no rebate when all periods have run; the whole charge when none has', () => {
    expect(ruleOf78Rebate('100.00', 12, 12).toFixed(2)).toBe('0.00');
    expect(ruleOf78Rebate('100.00', 12, 0).toFixed(2)).toBe('100.00');
  });
  it('weights are 12/78 … 1/78 for 12 periods', () => {
    expect(ruleOf78Weight(1, 12).eq(new Decimal(12).div(78))).toBe(true);
    expect(ruleOf78Weight(12, 12).eq(new Decimal(1).div(78))).toBe(true);
  });
  it('the split sums to the charge exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 60 }), (c, n) => {
        const charge = new Decimal(c).div(100);
        const parts = ruleOf78Split(charge, n);
        return sum(parts).eq(charge) && parts.every((x) => x.gte(0)) && parts.every((x, k) => k === 0 || x.lte(parts[k - 1]!.plus('0.01')));
      }),
    );
  });
});
