/**
 * Display formatting of amounts, rates and dates. An amount people read goes through
 * `moneyDisplay` (the domain's one money formatter, grouped): `<Money>`, confirmations, option
 * labels, papers. Rates arrive as decimal strings and are rounded with the domain's Decimal, never
 * a binary float.
 */
import { Decimal, type DecimalPlaces, dec, formatMoney, isDecimalString } from '@harbour/domain';

/**
 * An amount as people read it, "1,234,567.50": the domain's `formatMoney` with thousands
 * separators and the company's decimal places (2 unless given). Text that is not a decimal is
 * shown as it came (never hidden, never a thrown error); no value is blank.
 */
export function moneyDisplay(value: string | null | undefined, decimals: DecimalPlaces = 2): string {
  const v = value?.trim() ?? '';
  return isDecimalString(v) ? formatMoney(v, { decimalPlaces: decimals, grouped: true }) : (value ?? '');
}

/** Rounds a decimal string half away from zero to `decimals` places; undefined if not a decimal. */
export function roundDecimalString(value: string, decimals: number): string | undefined {
  const v = value.trim();
  if (!isDecimalString(v)) return undefined;
  const fixed = dec(v).toFixed(decimals, Decimal.ROUND_HALF_UP);
  // "-0.00" reads as a debt of nothing; show it as zero.
  return /^-[0.]+$/.test(fixed) ? fixed.slice(1) : fixed;
}

/**
 * An amount shortened for a narrow screen column: "12.3K", "1.25M" (at least three significant
 * digits, decimal rounding); below 10,000 the amount is shown whole with its cents. Only for the
 * screen where the exact amount is one hover away: papers and exports always carry the exact value.
 */
export function compactMoney(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  if (!isDecimalString(v)) return value ?? '';
  const d = dec(v);
  const abs = d.abs();
  if (abs.lt(10_000)) return moneyDisplay(v);
  const [unit, div] = abs.gte(1_000_000) ? ['M', 1_000_000] : ['K', 1_000];
  const scaled = d.div(div);
  const places = scaled.abs().gte(100) ? 0 : scaled.abs().gte(10) ? 1 : 2;
  return `${scaled.toFixed(places, Decimal.ROUND_HALF_UP)}${unit}`;
}

/** A rate in percent ("16.2567") → "16.26%". */
export function formatRate(value: string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const rounded = roundDecimalString(value, decimals);
  return rounded === undefined ? value : `${rounded}%`;
}

/** en-CA formats as YYYY-MM-DD. Made once: building a formatter with a time zone costs tens of ms. */
let hkDate: Intl.DateTimeFormat | undefined;
const hongKongDate = () =>
  (hkDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }));

/**
 * Business dates are shown as YYYY-MM-DD. A date string keeps its calendar day (no time-zone
 * shift); an instant is shown as its Hong Kong calendar day.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
    if (m && value.length === 10) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  return hongKongDate().format(d);
}


/** Today in Hong Kong (YYYY-MM-DD): the business day the server counts in, whatever the browser's zone. */
export function hongKongToday(): string {
  return formatDate(new Date());
}
