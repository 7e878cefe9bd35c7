/**
 * Reading an import workbook (docs/import.md): its sheets and columns found by name in any of
 * Harbour's languages, and a plan's problems as the API answers them.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_SHEETS, LANGUAGES, importColumnLabel, importSheetLabel, type ImportDryRun, type ImportSheetKey, type ImportSheetRows, type Language, importTextOf } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { badRequest } from '../../platform/errors.js';
import type { ImportPlan } from './book-plan.js';

/** A sheet's or column's name in any language Harbour speaks → its key (files travel between users). */
const namesOf = (label: string) => new Set(LANGUAGES.map((l) => translate(l, label)));

/** Every header any language gives a sheet's columns → the column's key. */
function headersOf(sheet: ImportSheetKey): Map<string, string> {
  const byHeader = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[sheet]) for (const name of namesOf(importColumnLabel(sheet, c.key))) byHeader.set(name, c.key);
  return byHeader;
}

/**
 * The header rows of a sheet: row 1, and row 2 when it holds a header too (the template has the
 * zh-TW headers on row 1 and the English on row 2; a CSV may keep one). Data starts after them, so
 * a problem's row number is the row the user sees in their file.
 */
export function headerRowsOf(ws: ExcelJS.Worksheet, sheet: ImportSheetKey): number {
  const byHeader = headersOf(sheet);
  let second = false;
  ws.getRow(2).eachCell((cell) => {
    if (byHeader.has(importTextOf(cell.value))) second = true;
  });
  return second ? 2 : 1;
}

/**
 * An upload as a workbook. An xlsx (a zip) is taken as it is; otherwise the file is read as a CSV
 * (UTF-8, with or without a BOM) holding ONE sheet of the template — found by its header row, the
 * sheet whose columns it names most — and becomes a workbook of that sheet, the rows where the CSV
 * has them, so the dry run, the commit and the rejected rows read it as they read a workbook.
 */
export async function uploadedWorkbook(bytes: Buffer): Promise<Buffer> {
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') return bytes;
  let records: string[][];
  try {
    records = parseCsv(bytes.toString('utf8'), { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw badRequest('tools.import.problems.notWorkbook');
  }
  const header = records[0] ?? [];
  const scored = IMPORT_SHEETS.map((sheet) => {
    const byHeader = headersOf(sheet);
    return { sheet, score: header.filter((h) => byHeader.has(h)).length };
  }).sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score === 0) throw badRequest('tools.import.problems.notWorkbook');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(translate('zh-TW', importSheetLabel(best.sheet)));
  for (const r of records) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Each known sheet's rows, columns matched by their header in any language (row 1 or 2). */
export async function readWorkbook(bytes: Buffer): Promise<ImportSheetRows[]> {
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
    const byHeader = headersOf(sheet);
    const headerRows = headerRowsOf(ws, sheet);
    const columnKeys = new Map<number, string>();
    for (let headerRow = 1; headerRow <= headerRows; headerRow += 1) ws.getRow(headerRow).eachCell((cell, n) => {
      const key = byHeader.get(importTextOf(cell.value));
      if (key) columnKeys.set(n, key);
    });
    const rows: ImportSheetRows['rows'] = [];
    ws.eachRow((r, row) => {
      if (row <= headerRows) return;
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

/** A plan's counts and problems as the API answers them, in `lang`. */
export const translatedPlan = (plan: ImportPlan, lang: Language): ImportDryRun => ({
  counts: plan.counts,
  problems: plan.problems.map((p) => ({ sheet: p.sheet, row: p.row, column: p.column, message: translate(lang, p.message, p.params) })),
  reconciliation: { loans: plan.loans.length, differing: plan.loans.filter((l) => l.figures.differences.length > 0).length },
});
