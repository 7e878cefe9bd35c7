/**
 * The OCA list and the OCA process list as xlsx workbooks, labelled in the caller's language (the
 * pages' own texts, `collection.*`); amounts keep two decimals and separators, dates YYYY-MM-DD.
 */
import ExcelJS from 'exceljs';
import type { CollectionLoan, CollectionStep, DeskRow, DeskView, Language } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { xmlSafeRow } from '../../platform/xml-text.js';

const MONEY = '#,##0.00;-#,##0.00';
/** Excel stores numbers as doubles; the 2-decimal strings convert exactly enough to display. */
const num = (s: string | null) => (s === null ? null : Number(s));

type Cell = string | number | null;
interface Column<T> {
  label: string;
  width: number;
  money?: boolean;
  value: (row: T) => Cell;
}

async function workbook<T>(lang: Language, title: string, columns: Column<T>[], rows: T[]): Promise<Buffer> {
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `collection.${code}`, params);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  // a sheet's name: at most 31 characters, none of \\ / * ? : [ ]
  const ws = wb.addWorksheet(t(title).replace(/[\\/*?:[\]]/g, '-').slice(0, 31), { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = columns.map((c) => ({ width: c.width }));
  ws.addRow([t(title)]).font = { bold: true, size: 14 };
  ws.addRow([t('count', { count: rows.length })]);
  ws.addRow([]);
  // a label is a key under `collection.fields`, or a full key under `collection` (the desk's own)
  const header = ws.addRow(columns.map((c) => t(c.label.includes('.') ? c.label : `fields.${c.label}`)));
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    c.border = { bottom: { style: 'thin' } };
  });
  for (const r of rows) {
    const row = ws.addRow(xmlSafeRow(columns.map((c) => c.value(r))));
    columns.forEach((c, i) => {
      if (c.money) row.getCell(i + 1).numFmt = MONEY;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function collectionLoansWorkbook(lang: Language, rows: CollectionLoan[]): Promise<Buffer> {
  const status = (s: string) => translate(lang, `collection.status.${s}`);
  return workbook<CollectionLoan>(
    lang,
    'list.title',
    [
      { label: 'loanNo', width: 16, value: (r) => r.loanNo },
      { label: 'customerName', width: 16, value: (r) => r.customerName },
      { label: 'status', width: 10, value: (r) => status(r.status) },
      { label: 'agent', width: 20, value: (r) => r.agentName },
      { label: 'ocaDate', width: 12, value: (r) => r.ocaDate },
      { label: 'unpaidPrincipal', width: 14, money: true, value: (r) => num(r.unpaidPrincipal) },
      { label: 'instalments', width: 10, value: (r) => (r.overdueTenors === null ? '' : `${r.overdueTenors}/${r.totalTenor}`) },
      { label: 'chargePercent', width: 10, value: (r) => num(r.chargePercent) },
      { label: 'solicitorFee', width: 12, money: true, value: (r) => num(r.solicitorFee) },
      { label: 'recovered', width: 14, money: true, value: (r) => num(r.recovered) },
      { label: 'ocaCharges', width: 14, money: true, value: (r) => num(r.ocaCharges) },
      { label: 'writeOffDate', width: 12, value: (r) => r.writeOffDate },
      { label: 'writtenOff', width: 14, money: true, value: (r) => num(r.writtenOff) },
    ],
    rows,
  );
}

export function collectionStepsWorkbook(lang: Language, rows: CollectionStep[]): Promise<Buffer> {
  const kind = (k: string) => translate(lang, `collection.kinds.${k}`);
  return workbook<CollectionStep>(
    lang,
    'steps.title',
    [
      { label: 'date', width: 12, value: (r) => r.date },
      { label: 'kind', width: 16, value: (r) => kind(r.kind) },
      { label: 'loanNo', width: 16, value: (r) => r.loanNo },
      { label: 'customerName', width: 16, value: (r) => r.customerName },
      { label: 'agent', width: 20, value: (r) => r.agentName },
      { label: 'amount', width: 14, money: true, value: (r) => num(r.amount) },
      { label: 'staff', width: 12, value: (r) => r.staffName },
      { label: 'remarks', width: 30, value: (r) => r.remarks },
    ],
    rows,
  );
}

/** A list of the collector's desk (the queue, today's or the broken promises) as on the page. */
export function deskWorkbook(lang: Language, view: DeskView, rows: DeskRow[]): Promise<Buffer> {
  const d = (k: string) => translate(lang, `collection.desk.${k}`);
  return workbook<DeskRow>(
    lang,
    `desk.views.${view}`,
    [
      { label: 'loanNo', width: 16, value: (r) => r.loanNo },
      { label: 'customerName', width: 16, value: (r) => r.customerName },
      { label: 'desk.fields.mobile', width: 12, value: (r) => r.mobile },
      { label: 'desk.fields.storeName', width: 12, value: (r) => r.storeName },
      { label: 'desk.fields.daysOverdue', width: 10, value: (r) => r.daysOverdue },
      { label: 'desk.fields.overdueAmount', width: 14, money: true, value: (r) => num(r.overdueAmount) },
      { label: 'desk.fields.amountDue', width: 14, money: true, value: (r) => num(r.amountDue) },
      { label: 'desk.fields.lastContact', width: 24, value: (r) => (r.lastContact ? `${r.lastContact.madeOn} ${d(`channels.${r.lastContact.channel}`)} ${d(`outcomes.${r.lastContact.outcome}`)}` : null) },
      { label: 'desk.fields.promiseDate', width: 12, value: (r) => r.promise?.date ?? null },
      { label: 'desk.fields.promiseAmount', width: 14, money: true, value: (r) => num(r.promise?.amount ?? null) },
      { label: 'desk.fields.promisePaid', width: 14, money: true, value: (r) => num(r.promise?.paid ?? null) },
      { label: 'desk.fields.promiseState', width: 10, value: (r) => (r.promise ? d(`states.${r.promise.state}`) : null) },
    ],
    rows,
  );
}
