/**
 * The repayment tips list as an xlsx workbook, labelled in the caller's language (the page's own
 * texts), with the list's reference date, the reminder days and the totals; amounts keep two
 * decimals and separators, phones stay masked as on the page.
 */
import ExcelJS from 'exceljs';
import type { Language, RepaymentTip } from '@harbour/contracts';
import { dec, sum } from '@harbour/domain';
import { translate } from '../../http/i18n.js';

/** Excel stores numbers as doubles; the 2-decimal strings convert exactly enough to display. */
const cellNumber = (s: string) => Number(s);
const MONEY = '#,##0.00;-#,##0.00';

const COLUMNS = [
  ['store', 14],
  ['loanNo', 16],
  ['customerName', 16],
  ['mobile', 12],
  ['tenor', 8],
  ['nextDueDate', 12],
  ['nextAmount', 14],
  ['overdueTenors', 10],
  ['overdueAmount', 14],
  ['overdueInterest', 14],
  ['handlingFee', 12],
  ['amountDue', 14],
  ['daysOverdue', 10],
  ['unpaidPrincipal', 14],
  ['asOf', 12],
] as const;
const MONEY_COLUMNS = [7, 9, 10, 11, 12, 14];

export async function tipsWorkbook(lang: Language, tips: { rows: RepaymentTip[]; today: string; reminderDays: number }): Promise<Buffer> {
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `servicing.tips.${code}`, params);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  const ws = wb.addWorksheet(t('sheet'), { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = COLUMNS.map(([, width]) => ({ width }));
  ws.addRow([t('title')]).font = { bold: true, size: 14 };
  ws.addRow([t('intro', { days: tips.reminderDays, today: tips.today })]);
  ws.addRow([t(tips.rows.length === 1 ? 'count_one' : 'count_other', { count: tips.rows.length })]);
  ws.addRow([]);
  const header = ws.addRow(COLUMNS.map(([key]) => t(`fields.${key}`)));
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    c.border = { bottom: { style: 'thin' } };
  });
  for (const r of tips.rows) {
    const row = ws.addRow([
      r.storeName,
      r.loanNo,
      r.customerName,
      r.mobile ?? '',
      r.nextTenor === null ? '' : `${r.nextTenor}/${r.totalTenor}`,
      r.nextDueDate ?? '',
      cellNumber(r.nextAmount),
      r.overdueTenors,
      cellNumber(r.overdueAmount),
      cellNumber(r.overdueInterest),
      cellNumber(r.handlingFee),
      cellNumber(r.amountDue),
      r.daysOverdue,
      cellNumber(r.unpaidPrincipal),
      r.asOf,
    ]);
    for (const col of MONEY_COLUMNS) row.getCell(col).numFmt = MONEY;
  }
  const total = (pick: (r: RepaymentTip) => string) => cellNumber(sum(tips.rows.map((r) => dec(pick(r)))).toFixed(2));
  const totals = ws.addRow([t('total'), null, null, null, null, null, null, null, total((r) => r.overdueAmount), total((r) => r.overdueInterest), total((r) => r.handlingFee), total((r) => r.amountDue), null, total((r) => r.unpaidPrincipal), null]);
  totals.font = { bold: true };
  for (const col of MONEY_COLUMNS) if (col !== 7) totals.getCell(col).numFmt = MONEY;
  totals.eachCell((c) => {
    c.border = { top: { style: 'thin' } };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
