/**
 * Document numbers (System → code format): application, loan, repayment numbers and customer
 * codes are built from a format — prefix, the store's code, a date part and a zero-padded
 * sequence — and a counter that restarts never, yearly, monthly or daily. Pure: the server keeps
 * the counters (`takeCode`), the web shows the next number with the same functions.
 */
import { parseDate } from './dates.js';

export const CODE_KINDS = ['applyNo', 'loanNo', 'repayNo', 'customerCode'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

export const CODE_DATE_PARTS = ['none', 'YYYY', 'YYMM', 'YYYYMM', 'YYYYMMDD'] as const;
export type CodeDatePart = (typeof CODE_DATE_PARTS)[number];

export const CODE_RESETS = ['never', 'yearly', 'monthly', 'daily'] as const;
export type CodeReset = (typeof CODE_RESETS)[number];

export const CODE_PREFIX_MAX = 6;
export const CODE_SEQ_MIN = 3;
export const CODE_SEQ_MAX = 10;
/** A store's short code: 1 to 6 capital letters or digits. */
export const STORE_CODE_PATTERN = /^[A-Z0-9]{1,6}$/;
/** The prefix of a format: up to 6 capital letters or digits (may be empty). */
export const CODE_PREFIX_PATTERN = /^[A-Z0-9]{0,6}$/;

export interface CodeFormat {
  prefix: string;
  includeStoreCode: boolean;
  datePart: CodeDatePart;
  seqWidth: number;
  reset: CodeReset;
}

/**
 * The finest period a date part shows: a sequence may restart only at a period the number's date
 * part tells apart, or two numbers of different periods would be equal.
 */
const DATE_PART_GRAIN: Record<CodeDatePart, number> = { none: 0, YYYY: 1, YYMM: 2, YYYYMM: 2, YYYYMMDD: 3 };
const RESET_GRAIN: Record<CodeReset, number> = { never: 0, yearly: 1, monthly: 2, daily: 3 };

/** The restarts a date part allows: never, and every period at least as long as the one it shows. */
export function resetsAllowed(datePart: CodeDatePart): CodeReset[] {
  return CODE_RESETS.filter((r) => RESET_GRAIN[r] <= DATE_PART_GRAIN[datePart]);
}

export type CodeFormatIssue = 'prefix' | 'seqWidth' | 'reset';

/** What is wrong with a format (empty when it is usable). */
export function codeFormatIssues(f: CodeFormat): CodeFormatIssue[] {
  const issues: CodeFormatIssue[] = [];
  if (!CODE_PREFIX_PATTERN.test(f.prefix)) issues.push('prefix');
  if (!Number.isInteger(f.seqWidth) || f.seqWidth < CODE_SEQ_MIN || f.seqWidth > CODE_SEQ_MAX) issues.push('seqWidth');
  if (!resetsAllowed(f.datePart).includes(f.reset)) issues.push('reset');
  return issues;
}

/** Year, month and day of a 'YYYY-MM-DD' date as zero-padded digits (the date is checked). */
function digitsOf(date: string): { yyyy: string; mm: string; dd: string } {
  const { y, m, d } = parseDate(date);
  return { yyyy: String(y).padStart(4, '0'), mm: String(m).padStart(2, '0'), dd: String(d).padStart(2, '0') };
}

/** The period a counter counts in: '' (never restarts), 'YYYY', 'YYYYMM' or 'YYYYMMDD'. */
export function codePeriod(reset: CodeReset, date: string): string {
  const { yyyy, mm, dd } = digitsOf(date);
  switch (reset) {
    case 'never':
      return '';
    case 'yearly':
      return yyyy;
    case 'monthly':
      return yyyy + mm;
    case 'daily':
      return yyyy + mm + dd;
  }
}

/** The date part of a number on `date`. */
export function codeDateText(datePart: CodeDatePart, date: string): string {
  const { yyyy, mm, dd } = digitsOf(date);
  switch (datePart) {
    case 'none':
      return '';
    case 'YYYY':
      return yyyy;
    case 'YYMM':
      return yyyy.slice(2) + mm;
    case 'YYYYMM':
      return yyyy + mm;
    case 'YYYYMMDD':
      return yyyy + mm + dd;
  }
}

/**
 * The number `seq` of a format: prefix, store code (when included), date part and the sequence
 * padded with zeros to its width. A sequence past its width keeps all its digits (numbers stay
 * distinct rather than wrapping).
 */
export function formatCode(f: CodeFormat, at: { storeCode: string; date: string; seq: number }): string {
  if (!Number.isSafeInteger(at.seq) || at.seq < 1) throw new RangeError(`sequence must be a positive integer: ${at.seq}`);
  return f.prefix + (f.includeStoreCode ? at.storeCode : '') + codeDateText(f.datePart, at.date) + String(at.seq).padStart(f.seqWidth, '0');
}

/**
 * The sequence a number holds if `format` could have given it on `date` (the inverse of
 * `formatCode`): its prefix, store code and date part, then the sequence — padded to the width,
 * or longer without a leading zero. `null` for a number the format would never give (another
 * system's numbering, another date's part): Harbour cannot repeat such a number.
 */
export function sequenceOf(f: CodeFormat, at: { storeCode: string; date: string }, code: string): number | null {
  const head = f.prefix + (f.includeStoreCode ? at.storeCode : '') + codeDateText(f.datePart, at.date);
  if (!code.startsWith(head)) return null;
  const digits = code.slice(head.length);
  if (!/^\d+$/.test(digits) || digits.length < Math.max(f.seqWidth, 1) || (digits.length > f.seqWidth && digits.startsWith('0'))) return null;
  const seq = Number(digits);
  return Number.isSafeInteger(seq) && seq >= 1 ? seq : null;
}

/** What a fresh installation numbers with. */
export const DEFAULT_CODE_FORMATS: Readonly<Record<CodeKind, CodeFormat>> = {
  applyNo: { prefix: 'AP', includeStoreCode: true, datePart: 'YYMM', seqWidth: 4, reset: 'monthly' },
  loanNo: { prefix: 'LN', includeStoreCode: true, datePart: 'YYMM', seqWidth: 4, reset: 'monthly' },
  repayNo: { prefix: 'RP', includeStoreCode: true, datePart: 'YYYYMMDD', seqWidth: 4, reset: 'daily' },
  customerCode: { prefix: 'C', includeStoreCode: false, datePart: 'none', seqWidth: 6, reset: 'never' },
};

/** A counter's last value, as the server keeps it: the store's own or the one all stores share. */
export interface CodeCounter {
  kind: CodeKind;
  scope: 'store' | 'shared';
  /** As `codePeriod`. */
  period: string;
  value: number;
}

/**
 * The number `format` would give next for `kind` on `date`, given the counters of the store and
 * the shared ones (without taking it): what System → code format shows as the example.
 */
export function nextCode(kind: CodeKind, format: CodeFormat, counters: readonly CodeCounter[], at: { storeCode: string; date: string }): string {
  const scope = format.includeStoreCode ? 'store' : 'shared';
  const period = codePeriod(format.reset, at.date);
  const last = counters.find((c) => c.kind === kind && c.scope === scope && c.period === period)?.value ?? 0;
  return formatCode(format, { ...at, seq: last + 1 });
}
