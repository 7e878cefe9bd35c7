/**
 * Reading an import workbook (docs/import.md): its sheets and columns found by name in any of
 * Harbour's languages, and a plan's problems as the API answers them.
 */
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_SHEETS, LANGUAGES, importColumnLabel, importSheetLabel, type ImportDryRun, type ImportSheetRows, type Language, importTextOf } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { badRequest } from '../../platform/errors.js';
import { IMPORT_FIRST_DATA_ROW } from './template-xlsx.js';
import type { ImportPlan } from './book-plan.js';

/** A sheet's or column's name in any language Harbour speaks → its key (files travel between users). */
const namesOf = (label: string) => new Set(LANGUAGES.map((l) => translate(l, label)));

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

/** A plan's counts and problems as the API answers them, in `lang`. */
export const translatedPlan = (plan: ImportPlan, lang: Language): ImportDryRun => ({
  counts: plan.counts,
  problems: plan.problems.map((p) => ({ sheet: p.sheet, row: p.row, column: p.column, message: translate(lang, p.message, p.params) })),
  reconciliation: { loans: plan.loans.length, differing: plan.loans.filter((l) => l.figures.differences.length > 0).length },
});
