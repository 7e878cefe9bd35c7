/**
 * Calendar arithmetic on plain 'YYYY-MM-DD' strings, done on y/m/d integers and a day number
 * (days since 1970-01-01, proleptic Gregorian). Never touches local time. Also the day-count
 * conventions: how many of a year's days lie between two dates (`yearFraction`).
 */
import { Decimal } from './decimal.js';

export interface Ymd {
  y: number;
  m: number; // 1–12
  d: number; // 1–31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Parses 'YYYY-MM-DD' into integers; returns null when the text is not a real calendar date. */
export function tryParseDate(s: string): Ymd | null {
  const match = ISO_DATE.exec(s);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

export function parseDate(s: string): Ymd {
  const ymd = tryParseDate(s);
  if (!ymd) throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${s}"`);
  return ymd;
}

export function formatDate({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Day number (days since 1970-01-01) of a civil date — Howard Hinnant's algorithm. */
export function toDayNumber({ y, m, d }: Ymd): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function fromDayNumber(n: number): Ymd {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

export function dayNumber(s: string): number {
  return toDayNumber(parseDate(s));
}

export function fromDay(n: number): string {
  return formatDate(fromDayNumber(n));
}

export function addDays(s: string, days: number): string {
  return fromDay(dayNumber(s) + days);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Day of week, 0 = Sunday … 6 = Saturday. */
export function weekday(s: string): number {
  return (((dayNumber(s) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/**
 * The date `months` months after (y, m) on day `anchorDay`, clamped to the end of the target month.
 * The anchor day is kept separately, so 31 Jan → 29 Feb 2028 → 31 Mar (never 29 Mar).
 */
export function addMonthsClamped(s: string, months: number, anchorDay?: number): string {
  const { y, m, d } = parseDate(s);
  const day = anchorDay ?? d;
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return formatDate({ y: ty, m: tm, d: Math.min(day, daysInMonth(ty, tm)) });
}

/** Compares two ISO dates (string order equals date order for 'YYYY-MM-DD'). */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Days between two dates under the 30/360 (US/NASD, bond basis) convention:
 * D1 = 31 → 30; D2 = 31 and D1 ≥ 30 → 30.
 */
export function days360(a: string, b: string): number {
  const p = parseDate(a);
  const q = parseDate(b);
  let d1 = p.d;
  let d2 = q.d;
  if (d1 === 31) d1 = 30;
  if (d2 === 31 && d1 >= 30) d2 = 30;
  return (q.y - p.y) * 360 + (q.m - p.m) * 30 + (d2 - d1);
}

/** The company's day-count convention: how the days between two dates and the year's days are counted. */
export const DAY_COUNT_CONVENTIONS = ['actual/365', 'actual/360', '30/360'] as const;
export type DayCountConvention = (typeof DAY_COUNT_CONVENTIONS)[number];

/** The days of a year under a convention: 365 for actual/365, 360 for actual/360 and 30/360. */
export function daysInYear(convention: DayCountConvention): 360 | 365 {
  return convention === 'actual/365' ? 365 : 360;
}

/** The days from `from` to `to` a convention counts: actual days, or 30/360 US (`days360`). */
export function dayCountDays(from: string, to: string, convention: DayCountConvention): number {
  return convention === '30/360' ? days360(from, to) : daysBetween(from, to);
}

/**
 * THE year fraction from `from` to `to` under a convention — every interest rule of the engine
 * counts time with it: actual/365 = actual days / 365; actual/360 = actual days / 360;
 * 30/360 = days360(from, to) / 360. Its two parts, `dayCountDays` and `daysInYear`, are used
 * directly where an integer count of days is needed (powers of a daily factor, holiday skipping).
 */
export function yearFraction(from: string, to: string, convention: DayCountConvention): Decimal {
  return new Decimal(dayCountDays(from, to, convention)).div(daysInYear(convention));
}
