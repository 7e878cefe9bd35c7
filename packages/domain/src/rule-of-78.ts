/**
 * Rule of 78 (sum of the digits): period t of n carries (n − t + 1) / (n(n+1)/2) of the finance
 * charge; settling with r periods still to run rebates charge × r(r+1) / (n(n+1)).
 * Monthly cycles only (checked by the terms validation).
 */
import { Decimal, ZERO, dec, type DecimalInput } from './decimal.js';
import { type RoundingSettings, roundMoney } from './rounding.js';

/** The 78ths weight of period t (1-based) of n: (n − t + 1) / (n(n+1)/2). Exact, unrounded. */
export function ruleOf78Weight(t: number, n: number): Decimal {
  return new Decimal(n - t + 1).div(new Decimal(n * (n + 1)).div(2));
}

/**
 * Splits a finance charge over n periods by the rule of 78. Rounds the cumulative charge, so every
 * part is ≥ 0 and the parts sum to the charge exactly (the rounding lands where it accumulates).
 */
export function ruleOf78Split(charge: DecimalInput, n: number, rounding?: Partial<RoundingSettings>): Decimal[] {
  const total = dec(charge);
  const denominator = (n * (n + 1)) / 2;
  const parts: Decimal[] = [];
  let before = ZERO;
  let weightSoFar = 0;
  for (let t = 1; t <= n; t++) {
    weightSoFar += n - t + 1;
    const upTo = t === n ? total : roundMoney(total.times(weightSoFar).div(denominator), rounding);
    parts.push(upTo.minus(before));
    before = upTo;
  }
  return parts;
}

/**
 * The rule-of-78 rebate of the finance charge when `paidPeriods` of `n` periods have run:
 * charge × r(r+1) / (n(n+1)) with r = n − paidPeriods, rounded to the settings' places.
 * 12 periods, charge 100.00, 3 paid → 57.69.
 */
export function ruleOf78Rebate(
  charge: DecimalInput,
  n: number,
  paidPeriods: number,
  rounding?: Partial<RoundingSettings>,
): Decimal {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a whole number of 1 or more');
  const r = Math.min(Math.max(n - paidPeriods, 0), n);
  return roundMoney(dec(charge).times(r * (r + 1)).div(n * (n + 1)), rounding);
}
