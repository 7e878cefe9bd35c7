/**
 * The rejected rows of an import workbook (docs/import.md): per sheet with problems, the header rows
 * and every rejected row exactly as uploaded, plus a last column naming that row's problems in the
 * caller's language, so the user fixes this file and uploads it again. The problems are the dry
 * run's own, so the two cannot disagree.
 */
import ExcelJS from 'exceljs';
import { IMPORT_SHEETS, LANGUAGES, importColumnLabel, importSheetLabel, type ImportDryRun, type ImportSheetKey, type Language } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { headerRowsOf } from './dry-run.js';

type Problem = ImportDryRun['problems'][number];

/** One problem as the user reads it: the column's name in their language, then the message. */
const problemText = (lang: Language, p: Problem) =>
  p.column ? `${translate(lang, importColumnLabel(p.sheet, p.column))}: ${p.message}` : p.message;

/** The uploaded sheet holding `sheet`, found by its name in any language (as the dry run finds it). */
function sheetOf(wb: ExcelJS.Workbook, sheet: ImportSheetKey): ExcelJS.Worksheet | undefined {
  const names = new Set(LANGUAGES.map((l) => translate(l, importSheetLabel(sheet))));
  return wb.worksheets.find((w) => names.has(w.name.trim()));
}

/** `bytes` is a workbook the dry run has read (so it loads); `problems` its dry run's problems. */
export async function rejectedRowsWorkbook(bytes: Buffer, problems: ImportDryRun['problems'], lang: Language): Promise<Buffer> {
  const uploaded = new ExcelJS.Workbook();
  await uploaded.xlsx.load(bytes as unknown as ArrayBuffer);
  const out = new ExcelJS.Workbook();
  out.creator = 'Harbour';
  const header = translate(lang, 'tools.importPage.problemColumn');
  for (const sheet of IMPORT_SHEETS) {
    const ofSheet = problems.filter((p) => p.sheet === sheet);
    const source = ofSheet.length > 0 ? sheetOf(uploaded, sheet) : undefined;
    if (!source) continue;
    const byRow = new Map<number, string[]>();
    for (const p of ofSheet) byRow.set(p.row, [...(byRow.get(p.row) ?? []), problemText(lang, p)]);
    // The problem column follows the widest row of the sheet, so no uploaded cell is overwritten.
    const last = source.columnCount + 1;
    const ws = out.addWorksheet(source.name);
    const copy = (row: number, extra: string) => {
      const values: ExcelJS.CellValue[] = [];
      source.getRow(row).eachCell({ includeEmpty: true }, (cell, n) => { values[n - 1] = cell.value; });
      values[last - 1] = extra;
      const added = ws.addRow(values);
      added.getCell(last).alignment = { wrapText: true, vertical: 'top' };
      return added;
    };
    const headerRows = headerRowsOf(source, sheet);
    for (let row = 1; row <= headerRows; row += 1) copy(row, header).font = { bold: row === 1, italic: row > 1 };
    for (const [row, texts] of [...byRow].sort(([a], [b]) => a - b)) copy(row, texts.join('\n'));
    ws.getColumn(last).width = 48;
    ws.views = [{ state: 'frozen', ySplit: headerRows }];
  }
  return Buffer.from(await out.xlsx.writeBuffer());
}
