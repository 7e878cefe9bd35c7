/**
 * Reading an import workbook (docs/import.md): its sheets and columns found by name in any of
 * Harbour's languages, and a plan's problems as the API answers them.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_SHEETS, LANGUAGES, importColumnLabel, importSheetLabel, type ImportDryRun, type ImportSheetKey, type Language, importTextOf } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { badRequest } from '../../platform/errors.js';
import type { ImportPlan } from './book-plan.js';
import { CheckedBook } from './checked-book.js';

/**
 * A sheet's or column's name as it is compared: full-width characters folded (NFKC), case and
 * spaces ignored, a required-column mark (`*`) dropped — `Flat rate（%）*` and `flat rate (%)` are
 * one header, as a user retyping the template's headers would expect.
 */
const labelKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '').replace(/\*+$/, '');

/** A sheet's or column's name in any language Harbour speaks → its key (files travel between users). */
const namesOf = (label: string) => new Set(LANGUAGES.map((l) => labelKey(translate(l, label))));

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
    if (byHeader.has(labelKey(importTextOf(cell.value)))) second = true;
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
    return { sheet, score: header.filter((h) => byHeader.has(labelKey(h))).length };
  }).sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score === 0) throw badRequest('tools.import.problems.notWorkbook');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(translate('zh-TW', importSheetLabel(best.sheet)));
  for (const r of records) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A worksheet's name → the known sheet it is, in any language (undefined: a sheet the import does not read). */
function sheetOfName(name: string): ImportSheetKey | undefined {
  return IMPORT_SHEETS.find((sheet) => namesOf(importSheetLabel(sheet)).has(labelKey(name)));
}

/** The parts of exceljs's streaming workbook reader driven here (its own single pass is not used, see below). */
interface StreamReaderParts {
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Iterable<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

interface ZipDirectory {
  files: { path: string; stream(): Readable }[];
}
const unzipper = createRequire(import.meta.url)('unzipper') as { Open: { buffer(bytes: Buffer): Promise<ZipDirectory> } };

/**
 * Each known sheet's rows, columns matched by their header in any language (row 1 or 2), checked
 * as they are read (`CheckedBook`): the cells of a row go to its sheet's check and are let go.
 *
 * The workbook is streamed: its zip is opened by its central directory, the workbook's sheet
 * list, relations, shared strings and styles (for the dates' number formats) are read first, then
 * each sheet the import reads by exceljs's streaming worksheet reader, row by row. Only the cells
 * of the known columns are taken, never the workbook's whole model, and no row is kept: memory
 * follows the checked values. (exceljs's own single streaming pass reads the zip in stored order
 * and often reaches the sheets before the sheet list, which it then lacks: exceljs issue 3064.)
 * When two worksheets are the same known sheet (named in two languages), the first in the
 * workbook's order is read. `upload.bytes` is let go (set to null) once the sheets are read: the
 * caller hands the upload over (a 50 MB file is not held through the plan).
 */
export async function readBook(upload: { bytes: Buffer | null }): Promise<CheckedBook> {
  const book = new CheckedBook();
  try {
    let zip: ZipDirectory | null = await unzipper.Open.buffer(upload.bytes!);
    const entry = (path: string) => zip!.files.find((f) => f.path === path);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' }) as unknown as StreamReaderParts;
    const rels = entry('xl/_rels/workbook.xml.rels');
    const wbook = entry('xl/workbook.xml');
    if (!rels || !wbook) throw new Error('not a workbook');
    await reader._parseRels(rels.stream());
    await reader._parseWorkbook(wbook.stream());
    const strings = entry('xl/sharedStrings.xml');
    if (strings) for await (const s of reader._parseSharedStrings(strings.stream())) void s;
    const styles = entry('xl/styles.xml');
    if (styles) await reader._parseStyles(styles.stream());
    const found = new Set<ImportSheetKey>();
    for (const s of reader.model?.sheets ?? []) {
      const sheet = sheetOfName(s.name);
      // a sheet the import does not read, or a later copy of one it reads: not opened
      if (!sheet || found.has(sheet)) continue;
      const target = reader.workbookRels?.find((r) => r.Id === s.rId)?.Target ?? '';
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      const sheetNo = /sheet(\d+)\.xml$/.exec(path)?.[1];
      const file = entry(path);
      if (!file || !sheetNo) continue;
      for (const { value: ws } of reader._parseWorksheet(file.stream(), sheetNo)) {
        found.add(sheet);
        book.sheet(sheet);
        await sheetRows(ws, sheet, book);
      }
    }
    // the upload, its zip and the shared strings are not needed past the read
    zip = null;
    upload.bytes = null;
  } catch {
    throw badRequest('tools.import.problems.notWorkbook');
  }
  book.doneReading();
  return book;
}

/** One sheet's rows from the streaming reader: its header row or rows (1, and 2 when it holds a header), then each data row to `book`. */
async function sheetRows(ws: ExcelJS.stream.xlsx.WorksheetReader, sheet: ImportSheetKey, book: CheckedBook): Promise<void> {
  const byHeader = headersOf(sheet);
  const columnKeys = new Map<number, string>();
  const header = (r: ExcelJS.Row) =>
    r.eachCell((cell, n) => {
      const key = byHeader.get(labelKey(importTextOf(cell.value)));
      if (key) columnKeys.set(n, key);
    });
  for await (const r of ws) {
    const row = r.number;
    if (row === 1) {
      header(r);
      continue;
    }
    if (row === 2) {
      // row 2 is a header too when any of its cells names a column (the template's English row)
      let named = false;
      r.eachCell((cell) => {
        if (byHeader.has(labelKey(importTextOf(cell.value)))) named = true;
      });
      if (named) {
        header(r);
        continue;
      }
    }
    const cells: Record<string, unknown> = {};
    r.eachCell((cell, n) => {
      const key = columnKeys.get(n);
      if (key) cells[key] = cell.value;
    });
    if (Object.values(cells).some((v) => importTextOf(v) !== '')) book.add(sheet, row, cells);
  }
}

/** A plan's counts and problems as the API answers them, in `lang`. */
export const translatedPlan = (plan: ImportPlan, lang: Language): ImportDryRun => ({
  counts: plan.counts,
  problems: plan.problems.map((p) => ({ sheet: p.sheet, row: p.row, column: p.column, message: translate(lang, p.message, p.params) })),
  reconciliation: { loans: plan.loanCount, differing: plan.differing },
});
