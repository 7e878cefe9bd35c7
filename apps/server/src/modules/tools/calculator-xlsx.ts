/**
 * The calculator's result as an xlsx workbook: the terms, the summary and the schedule, labelled
 * in the caller's language. Built on the server because exceljs is already a server dependency
 * (report exports) and this keeps ~1 MB of spreadsheet code out of the browser.
 */
import ExcelJS from 'exceljs';
import type { CalculatorRequest, CalculatorResult, Language } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';

/**
 * Excel stores every number as a binary double, whatever we send; the decimal strings of the
 * domain (at most 14 digits) convert to the nearest double and display exactly with the format.
 */
const cellNumber = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

export async function calculatorWorkbook(
  lang: Language,
  req: CalculatorRequest,
  result: CalculatorResult,
  decimalPlaces: number,
): Promise<Buffer> {
  // The web calculator's own labels, so the workbook and the page say the same.
  const t = (code: string) => translate(lang, code);
  const percent = (code: string) => `${t(code)} (%)`;
  const money = decimalPlaces > 0 ? `#,##0.${'0'.repeat(decimalPlaces)}` : '#,##0';
  const rate = '0.0000';
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  const ws = wb.addWorksheet(t('tools.calculator.schedule.title'), { pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = [{ width: 30 }, { width: 14 }, { width: 16 }, { width: 16 }, { width: 16 }, { width: 18 }];

  ws.addRow([t('tools.calculator.printTitle')]).font = { bold: true, size: 14 };
  const facts: [string, string | number | null, string | undefined][] = [
    [t('tools.calculator.fields.loanAmount'), cellNumber(req.loanAmount), money],
    [t('tools.calculator.fields.amountDeducted'), cellNumber(req.amountDeducted ?? '0'), money],
    [t('tools.calculator.fields.totalTenor'), req.totalTenor, '0'],
    [t('tools.calculator.fields.loanDate'), req.loanDate, undefined],
    [t('tools.calculator.summary.instalmentAmount'), cellNumber(result.instalmentAmount), money],
    [t('tools.calculator.summary.totalInterest'), cellNumber(result.totalInterest), money],
    [t('tools.calculator.summary.totalRepayment'), cellNumber(result.totalRepayment), money],
    [percent('tools.calculator.summary.flatRate'), cellNumber(result.flatRate), rate],
    [percent('tools.calculator.summary.effectiveRate'), cellNumber(result.effectiveRate), rate],
    [percent('tools.calculator.summary.nominalRate'), cellNumber(result.nominalRate), rate],
    [percent('tools.calculator.summary.mloRate'), cellNumber(result.mloRate), rate],
  ];
  for (const [label, value, fmt] of facts) {
    const row = ws.addRow([label, value]);
    if (fmt) row.getCell(2).numFmt = fmt;
    row.getCell(2).alignment = { horizontal: 'right' };
  }
  ws.addRow([]);

  const header = ws.addRow([
    t('tools.calculator.schedule.tenor'),
    t('tools.calculator.schedule.dueDate'),
    t('tools.calculator.schedule.principal'),
    t('tools.calculator.schedule.interest'),
    t('tools.calculator.schedule.instalment'),
    t('tools.calculator.schedule.balance'),
  ]);
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    c.border = { bottom: { style: 'thin' } };
  });
  for (const line of result.schedule) {
    const row = ws.addRow([
      line.tenor,
      line.dueDate,
      cellNumber(line.principal),
      cellNumber(line.interest),
      cellNumber(line.instalment),
      cellNumber(line.balance),
    ]);
    for (const col of [3, 4, 5, 6]) row.getCell(col).numFmt = money;
  }
  // Totals as the domain computed them (Σ principal = loan amount, Σ interest = total interest).
  const total = ws.addRow([t('tools.calculator.schedule.total'), null, cellNumber(req.loanAmount), cellNumber(result.totalInterest), cellNumber(result.totalRepayment), null]);
  total.font = { bold: true };
  for (const col of [3, 4, 5]) total.getCell(col).numFmt = money;
  total.eachCell((c) => {
    c.border = { top: { style: 'thin' } };
  });

  return Buffer.from(await wb.xlsx.writeBuffer());
}
