import { spreadsheetAmount } from '@harbour/domain';
import { isCalendarDate } from './calculator.js';
import { customerCreateSchema, idNumberOf } from './customers.js';
import { IMPORT_COLUMNS, type ImportSheetKey } from './imports.js';

/**
 * Reading the rows of an import workbook (docs/import.md): one reader per kind of cell, and each
 * sheet's rows checked with the SAME contract schema the API's create route uses, so a row the
 * import accepts is a row the form would accept.
 */

/** A problem of one cell (or one row when `column` is null), a message key and its parameters. */
export interface ImportProblem {
  sheet: ImportSheetKey;
  /** The row number as the user sees it in the workbook. */
  row: number;
  column: string | null;
  message: string;
  params?: Record<string, string | number>;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A month's English name, its first three letters or "Sept" ("Mar", "march", "SEPT") as 1–12, else null. */
function monthOfName(name: string): number | null {
  const n = name.toLowerCase();
  const i = MONTHS.findIndex((full) => n === full || n === full.slice(0, 3) || (full === 'september' && n === 'sept'));
  return i >= 0 ? i + 1 : null;
}

const ymd = (y: string | number, m: string | number, d: string | number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A date as the old systems write it, to YYYY-MM-DD. Read, after folding full-width characters
 * (`２０２４／３／５`) to plain ones:
 * - year first: 2024-03-05, 2024/3/5, 2024.03.05, 2024年3月5日, 20240305 (text or number);
 * - day first, as Hong Kong writes it: 05/03/2024, 5-3-2024, 05.03.2024 (MM/DD/YYYY is not read:
 *   it cannot be told apart, and a month above 12 is refused);
 * - the month by name: 5 Mar 2024, 5-Mar-2024, 5 March 2024, Mar 5, 2024;
 * - a date cell (exceljs gives a Date at UTC midnight).
 * A year is always four digits (a two-digit year's century is a guess on a date of birth). A bare
 * number other than YYYYMMDD is refused, not read as an Excel serial day: an amount typed in a date
 * column would pass as a date. Null when it is none of these or no calendar day.
 */
export function importDateOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? importDateOf(String(value)) : null;
  if (typeof value !== 'string') return null;
  const s = value.normalize('NFKC').trim();
  let date: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s)) || (m = /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?$/.exec(s)) || (m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) {
    date = ymd(m[1]!, m[2]!, m[3]!);
  } else if ((m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(s))) {
    date = ymd(m[4]!, m[3]!, m[1]!);
  } else if ((m = /^(\d{1,2})[-\s/]+([A-Za-z]{3,9})\.?[-\s/,]+(\d{4})$/.exec(s))) {
    const month = monthOfName(m[2]!);
    date = month ? ymd(m[3]!, month, m[1]!) : null;
  } else if ((m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s))) {
    const month = monthOfName(m[1]!);
    date = month ? ymd(m[3]!, month, m[2]!) : null;
  }
  return date !== null && isCalendarDate(date) ? date : null;
}

/** A cell as text: numbers written plainly (a phone typed as a number), blanks as ''. */
export function importTextOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text).trim(); // a rich-text or hyperlink cell
  return String(value).trim();
}

/** An amount's text once read: at most 13 digits and 2 decimals. */
export const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
/** A percentage's text once read: at most 4 digits and 6 decimals. */
const DECIMAL = /^\d{1,4}(\.\d{1,6})?$/;

/**
 * A money cell as plain decimal text, or null when it is not an amount. Read: thousands
 * separators, a currency sign or code before it (`HK$12,000.00`, `$ 500`, `HKD 500`), full-width
 * characters folded; a number cell as the amount it shows (`spreadsheetAmount`).
 */
export function importMoneyOf(raw: unknown): string | null {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    const text = spreadsheetAmount(raw);
    return MONEY.test(text) ? text : null;
  }
  const text = importTextOf(raw)
    .normalize('NFKC')
    .replace(/^(?:HK\$|HKD|\$)\s*/i, '')
    .replace(/,/g, '');
  return MONEY.test(text) ? text : null;
}

/** A percentage cell as plain decimal text (`1.5` or `1.5%`), or null when it is not one. */
export function importPercentOf(raw: unknown): string | null {
  const text = importTextOf(raw).normalize('NFKC').replace(/\s*%$/, '');
  return DECIMAL.test(text) ? text : null;
}

/** One sheet's rows: the file's row number and the cells by column key. */
export interface ImportSheetRows {
  sheet: ImportSheetKey;
  rows: { row: number; cells: Record<string, unknown> }[];
}

/**
 * A sheet checked row by row as it is read (docs/import.md): `add` takes each row's cells, checks
 * them at once (duplicates against the rows added before) and keeps only the checked values, so a
 * book's cells are never held whole. `valid` and `problems` grow as rows are added.
 */
export interface ImportSheetChecker<V> {
  add(row: number, cells: Record<string, unknown>): void;
  /** No more rows: what only the duplicate checks needed (every receipt number, ID number…) is let go. */
  done?(): void;
  readonly valid: V;
  readonly problems: ImportProblem[];
}

/**
 * Shares repeated values (dates, amounts, choices): a book's 600,000 instalments and 500,000
 * receipts repeat a few thousand dates and amounts, each otherwise its own string.
 */
export type ImportIntern = (text: string) => string;
export const asIs: ImportIntern = (text) => text;

/** A whole sheet through a checker: the checked values and every problem. */
export function checkAll<V>(checker: ImportSheetChecker<V>, input: ImportSheetRows): { valid: V; problems: ImportProblem[] } {
  for (const { row, cells } of input.rows) checker.add(row, cells);
  return { valid: checker.valid, problems: checker.problems };
}

/** The row's cells as the create schema takes them: dates normalised (a bad one kept, for the schema to name), the rest as text. */
function rowInput(sheet: ImportSheetKey, cells: Record<string, unknown>, problems: ImportProblem[], row: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of IMPORT_COLUMNS[sheet]) {
    const raw = cells[c.key];
    const text = importTextOf(raw);
    if (c.required && text === '') problems.push({ sheet, row, column: c.key, message: 'validation.required' });
    if (c.type === 'date' && text !== '') {
      const date = importDateOf(raw);
      if (date === null) problems.push({ sheet, row, column: c.key, message: 'validation.date' });
      out[c.key] = date ?? '';
    } else if (c.type === 'money' && text !== '') out[c.key] = importMoneyOf(raw) ?? text; // the schema names a bad one
    else out[c.key] = text;
  }
  return out;
}

/**
 * The customers sheet checked: every row through `customerCreateSchema` (ID number against its
 * type and normalised — brackets or none —, phones normalised, +852 and spaces allowed), then
 * customer codes and ID numbers that appear twice in the file. Answers the rows it accepts, keyed
 * by customer code, and every problem.
 */
export function customerRowChecker(): ImportSheetChecker<Map<string, { row: number; customer: ReturnType<typeof customerCreateSchema.parse> }>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, { row: number; customer: ReturnType<typeof customerCreateSchema.parse> }>();
  const byIdNumber = new Map<string, number>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const fields = rowInput('customers', cells, problems, row);
      const parsed = customerCreateSchema.safeParse(fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = typeof issue.path[0] === 'string' ? issue.path[0] : null;
          // the required-cell check above already named an empty required cell
          if (!problems.slice(before).some((p) => p.column === column)) problems.push({ sheet: 'customers', row, column, message: issue.message });
        }
        // The schema checks the ID number against its type only once the other fields pass; a file
        // row is fixed once, so every problem of it is named now.
        const id = idNumberOf(fields.idType ?? '', fields.idNumber ?? '');
        if (!id.ok && fields.idType && !problems.slice(before).some((p) => p.column === 'idNumber')) problems.push({ sheet: 'customers', row, column: 'idNumber', message: id.message });
      }
      if (problems.length > before || !parsed.success) return;
      const code = fields.customerCode!;
      const sameCode = valid.get(code);
      if (sameCode) {
        problems.push({ sheet: 'customers', row, column: 'customerCode', message: 'tools.import.problems.duplicateInFile', params: { row: sameCode.row } });
        return;
      }
      const sameId = byIdNumber.get(parsed.data.idNumber);
      if (sameId !== undefined) {
        problems.push({ sheet: 'customers', row, column: 'idNumber', message: 'tools.import.problems.duplicateInFile', params: { row: sameId } });
        return;
      }
      byIdNumber.set(parsed.data.idNumber, row);
      valid.set(code, { row, customer: parsed.data });
    },
  };
}

/** The whole sheet at once (`customerRowChecker` row by row). */
export const checkCustomerRows = (input: ImportSheetRows): { valid: Map<string, { row: number; customer: ReturnType<typeof customerCreateSchema.parse> }>; problems: ImportProblem[] } => checkAll(customerRowChecker(), input);
