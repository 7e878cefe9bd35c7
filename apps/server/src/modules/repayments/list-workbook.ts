/**
 * A servicing list as an xlsx workbook (the tips list, the process list): a title, a few lines
 * saying what the list holds, a header row, the rows, and an optional totals row; A4 landscape,
 * fitted to the page's width. Money columns keep two decimals and separators. Labels come
 * translated from the caller; values exactly as the list answers them (personal numbers masked).
 */
import ExcelJS from 'exceljs';
import { dec, sum, moneyText } from '@harbour/domain';
import { xmlSafeRow, xmlSafeText } from '../../platform/xml-text.js';

/** Excel stores numbers as doubles; the 2-decimal strings convert exactly enough to display. */
export const cellNumber = (s: string) => Number(s);
/** A nullable money string as a cell (empty when there is none). */
export const moneyCell = (s: string | null) => (s === null ? null : cellNumber(s));
/** The sum of a money column, as a cell. */
export const moneyTotal = <R>(rows: readonly R[], pick: (r: R) => string | null) =>
  cellNumber(moneyText(sum(rows.map((r) => dec(pick(r) ?? '0')))));

const MONEY = '#,##0.00;-#,##0.00';

export interface SheetColumn {
  label: string;
  width: number;
  money?: boolean;
}

export type Cell = string | number | null;

export async function listWorkbook(spec: { sheet: string; title: string; lines: string[]; columns: readonly SheetColumn[]; rows: readonly Cell[][]; totals?: Cell[] }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  const ws = wb.addWorksheet(spec.sheet, { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = spec.columns.map((c) => ({ width: c.width }));
  ws.addRow([xmlSafeText(spec.title)]).font = { bold: true, size: 14 };
  for (const line of spec.lines) ws.addRow([xmlSafeText(line)]);
  ws.addRow([]);
  const header = ws.addRow(spec.columns.map((c) => c.label));
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    c.border = { bottom: { style: 'thin' } };
  });
  const moneyColumns = spec.columns.flatMap((c, k) => (c.money ? [k + 1] : []));
  for (const r of spec.rows) {
    const row = ws.addRow(xmlSafeRow(r));
    for (const col of moneyColumns) row.getCell(col).numFmt = MONEY;
  }
  if (spec.totals) {
    const totals = ws.addRow(xmlSafeRow(spec.totals));
    totals.font = { bold: true };
    for (const col of moneyColumns) if (spec.totals[col - 1] !== null) totals.getCell(col).numFmt = MONEY;
    totals.eachCell((c) => {
      c.border = { top: { style: 'thin' } };
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
