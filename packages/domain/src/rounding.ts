/**
 * The one rounding helper. Every rule that rounds money calls `roundMoney`; nothing else rounds.
 * Decimal places 0–2 (default 2); modes half-up (default), half-even, up (away from zero),
 * down (towards zero).
 */
import { Decimal, type DecimalRounding, dec, type DecimalInput, ZERO } from './decimal.js';

export type RoundingMode = 'half-up' | 'half-even' | 'up' | 'down';
export type DecimalPlaces = 0 | 1 | 2;

export interface RoundingSettings {
  decimalPlaces: DecimalPlaces;
  rounding: RoundingMode;
}

export const DEFAULT_ROUNDING: RoundingSettings = { decimalPlaces: 2, rounding: 'half-up' };

const MODE: Record<RoundingMode, DecimalRounding> = {
  'half-up': Decimal.ROUND_HALF_UP,
  'half-even': Decimal.ROUND_HALF_EVEN,
  up: Decimal.ROUND_UP,
  down: Decimal.ROUND_DOWN,
};

/** Rounds a money amount to the settings' decimal places with the settings' rounding mode. */
export function roundMoney(value: DecimalInput, settings: Partial<RoundingSettings> = {}): Decimal {
  const dp = settings.decimalPlaces ?? DEFAULT_ROUNDING.decimalPlaces;
  const mode = settings.rounding ?? DEFAULT_ROUNDING.rounding;
  if (dp !== 0 && dp !== 1 && dp !== 2) throw new RangeError(`decimal places must be 0, 1 or 2, got ${String(dp)}`);
  const r = dec(value).toDecimalPlaces(dp, MODE[mode]);
  return r.isZero() ? r.abs() : r; // never "-0.00"
}

/**
 * A spreadsheet's number cell read as the amount it shows. The cell holds a binary fraction: one
 * within a millionth of a cent of a two-decimal amount is that amount (1234.5600000000002 is
 * 1234.56, as the spreadsheet shows it); any other figure is its own shortest decimal spelling,
 * for the caller's check to refuse a third decimal. Not a rounding rule: no amount moves by more
 * than the binary fraction's own error.
 */
export function spreadsheetAmount(value: number): string {
  const exact = new Decimal(value);
  const shown = roundMoney(exact);
  return exact.minus(shown).abs().lte('0.00000001') ? shown.toFixed(2) : exact.toFixed();
}

export interface MoneyFormat extends Partial<RoundingSettings> {
  /** Thousands separators for people to read ("1,234.50"); off for values a machine reads back. */
  grouped?: boolean;
}

/**
 * The one money formatter of Harbour: rounds with `roundMoney` and prints the settings' decimal
 * places ("1234.50"), grouped for display when asked ("1,234.50"). The web's `<Money>` and the
 * server's exports call it, so a screen, a file and a stored value never round differently.
 */
export function formatMoney(value: DecimalInput, format: MoneyFormat = {}): string {
  const dp = format.decimalPlaces ?? DEFAULT_ROUNDING.decimalPlaces;
  const fixed = roundMoney(value, format).toFixed(dp);
  return format.grouped ? groupThousands(fixed) : fixed;
}

/**
 * A money amount as the API, audit rows and journal lines carry it: two places, no separators
 * ("1234.50", never "-0.00"). The server's one amount-to-text step (`formatMoney` with the defaults);
 * amounts reaching it are already whole cents, anything finer rounds half-up as `roundMoney` does.
 */
export const moneyText = (value: DecimalInput): string => formatMoney(value);

/**
 * "-1234567.5" → "-1,234,567.5": commas in the integer digits of a decimal string, nothing else
 * touched (no rounding, no float), so it also formats what someone is still typing.
 */
export function groupThousands(text: string): string {
  const sign = text.startsWith('-') ? '-' : '';
  const [int = '', ...rest] = text.slice(sign.length).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return [sign + grouped, ...rest].join('.');
}

/** Display precision of rates: percent with 4 decimal places, half-up ("16.2592"). */
export const RATE_DISPLAY_PLACES = 4;

/** Formats a fraction (0.162592…) as a percent string with 4 places ("16.2592"). Display only. */
export function formatPercent(fraction: DecimalInput, places = RATE_DISPLAY_PLACES): string {
  const p = dec(fraction).times(100).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return (p.isZero() ? p.abs() : p).toFixed(places);
}

/**
 * `part` as a percent of `whole`, half-up to `places` (2: "3.25"), "0.00" when `whole` is zero —
 * a share of a portfolio (the dashboard's PAR 30/60/90).
 */
export function percentOf(part: DecimalInput, whole: DecimalInput, places = 2): string {
  const w = dec(whole);
  if (w.isZero()) return ZERO.toFixed(places);
  return formatPercent(dec(part).dividedBy(w), places);
}
