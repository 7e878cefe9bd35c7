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

/**
 * A date as the old systems write it, to YYYY-MM-DD: YYYY-MM-DD, YYYY/MM/DD or DD/MM/YYYY (Hong
 * Kong writes the day first; MM/DD/YYYY is not read, it cannot be told apart), or a date cell
 * (exceljs gives a Date at UTC midnight). Null when it is none of these or no calendar day.
 */
export function importDateOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  const iso = m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : null;
  m = iso ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const date = iso ?? (m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null);
  return date !== null && isCalendarDate(date) ? date : null;
}

/** A cell as text: numbers written plainly (a phone typed as a number), blanks as ''. */
export function importTextOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text).trim(); // a rich-text or hyperlink cell
  return String(value).trim();
}

/** One sheet's rows: the file's row number and the cells by column key. */
export interface ImportSheetRows {
  sheet: ImportSheetKey;
  rows: { row: number; cells: Record<string, unknown> }[];
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
    } else out[c.key] = text;
  }
  return out;
}

/**
 * The customers sheet checked: every row through `customerCreateSchema` (ID number against its
 * type and normalised — brackets or none —, phones normalised, +852 and spaces allowed), then
 * customer codes and ID numbers that appear twice in the file. Answers the rows it accepts, keyed
 * by customer code, and every problem.
 */
export function checkCustomerRows(input: ImportSheetRows): { valid: Map<string, { row: number; customer: ReturnType<typeof customerCreateSchema.parse> }>; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, { row: number; customer: ReturnType<typeof customerCreateSchema.parse> }>();
  const byIdNumber = new Map<string, number>();
  for (const { row, cells } of input.rows) {
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
    if (problems.length > before || !parsed.success) continue;
    const code = fields.customerCode!;
    const sameCode = valid.get(code);
    if (sameCode) {
      problems.push({ sheet: 'customers', row, column: 'customerCode', message: 'tools.import.problems.duplicateInFile', params: { row: sameCode.row } });
      continue;
    }
    const sameId = byIdNumber.get(parsed.data.idNumber);
    if (sameId !== undefined) {
      problems.push({ sheet: 'customers', row, column: 'idNumber', message: 'tools.import.problems.duplicateInFile', params: { row: sameId } });
      continue;
    }
    byIdNumber.set(parsed.data.idNumber, row);
    valid.set(code, { row, customer: parsed.data });
  }
  return { valid, problems };
}
