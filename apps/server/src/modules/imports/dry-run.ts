/**
 * The dry run of an import workbook (docs/import.md): read the sheets, check every row with the
 * API's contracts, look for what Harbour already holds. Nothing is written.
 */
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_SHEETS, LANGUAGES, checkCustomerRows, importColumnLabel, importSheetLabel, type ImportDryRun, type ImportProblem, type ImportSheetKey, type ImportSheetRows, type Language, importTextOf } from '@harbour/contracts';
import { inArray, or } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { translate } from '../../http/i18n.js';
import type { ServiceContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { withReadTx } from '../../platform/tx.js';
import { IMPORT_FIRST_DATA_ROW } from './template-xlsx.js';

/** The sheets the dry run checks so far (docs/import.md → Not built yet); the others are not counted. */
const CHECKED_SHEETS: readonly ImportSheetKey[] = ['customers'];

/** A sheet's or column's name in any language Harbour speaks → its key (files travel between users). */
const namesOf = (label: string) => new Set(LANGUAGES.map((l) => translate(l, label)));

/** Each known sheet's rows, columns matched by their header in any language (row 1 or 2). */
async function readWorkbook(bytes: Buffer): Promise<ImportSheetRows[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('tools.import.problems.notWorkbook');
  }
  const sheets: ImportSheetRows[] = [];
  for (const sheet of IMPORT_SHEETS) {
    const sheetNames = namesOf(importSheetLabel(sheet));
    const ws = wb.worksheets.find((w) => sheetNames.has(w.name.trim()));
    if (!ws) continue;
    const byHeader = new Map<string, string>();
    for (const c of IMPORT_COLUMNS[sheet]) for (const name of namesOf(importColumnLabel(sheet, c.key))) byHeader.set(name, c.key);
    const columnKeys = new Map<number, string>();
    for (const headerRow of [1, 2]) ws.getRow(headerRow).eachCell((cell, n) => {
      const key = byHeader.get(importTextOf(cell.value));
      if (key) columnKeys.set(n, key);
    });
    const rows: ImportSheetRows['rows'] = [];
    ws.eachRow((r, row) => {
      if (row < IMPORT_FIRST_DATA_ROW) return;
      const cells: Record<string, unknown> = {};
      r.eachCell((cell, n) => {
        const key = columnKeys.get(n);
        if (key) cells[key] = cell.value;
      });
      if (Object.values(cells).some((v) => importTextOf(v) !== '')) rows.push({ row, cells });
    });
    sheets.push({ sheet, rows });
  }
  return sheets;
}

/** The dry run: counts per sheet and every problem, translated into `lang`. */
export async function dryRunImport(ctx: ServiceContext, bytes: Buffer, lang: Language): Promise<ImportDryRun> {
  const sheets = await readWorkbook(bytes);
  const counts: ImportDryRun['counts'] = [];
  const problems: ImportProblem[] = [];
  const customerSheet = sheets.find((s) => s.sheet === 'customers');
  if (customerSheet) {
    const checked = checkCustomerRows(customerSheet);
    problems.push(...checked.problems);
    const valid = [...checked.valid.entries()];
    // Against what Harbour holds: the customer register is company-wide, so any store's record counts.
    const held = valid.length === 0 ? [] : await withReadTx(ctx, (tx) =>
      tx.select({ customerCode: customers.customerCode, idNumber: customers.idNumber }).from(customers).where(
        or(inArray(customers.customerCode, valid.map(([code]) => code)), inArray(customers.idNumber, valid.map(([, v]) => v.customer.idNumber))),
      ));
    const heldCodes = new Set(held.map((h) => h.customerCode));
    const heldIds = new Set(held.map((h) => h.idNumber));
    for (const [code, v] of valid) {
      const column = heldCodes.has(code) ? 'customerCode' : heldIds.has(v.customer.idNumber) ? 'idNumber' : null;
      if (column) problems.push({ sheet: 'customers', row: v.row, column, message: 'tools.import.problems.duplicateInHarbour' });
    }
  }
  for (const { sheet, rows } of sheets.filter((s) => CHECKED_SHEETS.includes(s.sheet))) {
    const rejected = new Set(problems.filter((p) => p.sheet === sheet).map((p) => p.row)).size;
    counts.push({ sheet, read: rows.length, valid: rows.length - rejected, rejected });
  }
  const order = (s: ImportSheetKey) => IMPORT_SHEETS.indexOf(s);
  problems.sort((a, b) => order(a.sheet) - order(b.sheet) || a.row - b.row);
  return { counts, problems: problems.map((p) => ({ sheet: p.sheet, row: p.row, column: p.column, message: translate(lang, p.message, p.params) })) };
}
