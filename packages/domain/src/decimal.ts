/**
 * The one Decimal constructor of the domain.
 *
 * A clone of decimal.js with 40 significant digits, so intermediate values (periodic rates,
 * discount factors, IRR iterations) never lose a cent. Money and rates are always Decimal
 * inside the package; they cross its boundary as decimal strings ("1234.50") or Decimal.
 */
import { Decimal as DecimalJs } from 'decimal.js';

export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = DecimalJs;
export type DecimalRounding = DecimalJs.Rounding;

/** A money amount or rate as it crosses the package boundary. */
export type DecimalInput = string | Decimal;

const DECIMAL_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** True when `s` is a plain decimal string such as "1234.50" or "-0.5" (no exponent, no commas). */
export function isDecimalString(s: string): boolean {
  return DECIMAL_STRING.test(s.trim());
}

/**
 * Converts a boundary value to Decimal. Strings must be plain decimals; JS numbers are refused at
 * the type level (money is never a float) — integers for counts are handled by callers.
 */
export function dec(value: DecimalInput): Decimal {
  if (typeof value === 'string') {
    if (!isDecimalString(value)) throw new TypeError(`Not a decimal string: "${value}"`);
    return new Decimal(value.trim());
  }
  return new Decimal(value);
}

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
export const HUNDRED = new Decimal(100);

/** Sum of Decimals. */
export function sum(values: readonly Decimal[]): Decimal {
  let s = ZERO;
  for (const v of values) s = s.plus(v);
  return s;
}

export function minDec(a: Decimal, b: Decimal): Decimal {
  return a.lessThan(b) ? a : b;
}

export function maxDec(a: Decimal, b: Decimal): Decimal {
  return a.greaterThan(b) ? a : b;
}

/** Percent string or Decimal → fraction (e.g. "0.70" → 0.007). */
export function percentToFraction(p: DecimalInput): Decimal {
  return dec(p).div(HUNDRED);
}
