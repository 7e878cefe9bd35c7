/**
 * The trial balance as an xlsx workbook, labelled in the caller's language (the page's own
 * texts), with the period, the store and the totals; amounts keep two decimals and separators.
 */
import ExcelJS from 'exceljs';
import type { Language, TrialBalance } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { xmlSafeRow } from '../../platform/xml-text.js';

/** Excel stores numbers as doubles; the 2-decimal strings of the ledger convert exactly enough to display. */
const cellNumber = (s: string) => Number(s);
const MONEY = '#,##0.00;-#,##0.00';

export async function trialBalanceWorkbook(lang: Language, tb: TrialBalance): Promise<Buffer> {
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `ledger.trialBalance.${code}`, params);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  const ws = wb.addWorksheet(t('sheet'), { pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.columns = [{ width: 10 }, { width: 30 }, { width: 12 }, { width: 18 }, { width: 18 }, { width: 18 }];
  ws.addRow([t('title')]).font = { bold: true, size: 14 };
  const store = tb.storeId === null ? t('allStores') : (tb.stores.find((s) => s.id === tb.storeId)?.name ?? String(tb.storeId));
  ws.addRow(xmlSafeRow([t('store'), store]));
  ws.addRow([t('period'), tb.from || tb.to ? `${tb.from ?? '…'} – ${tb.to ?? '…'}` : t('allDates')]);
  ws.addRow([t(tb.entryCount === 1 ? 'entries_one' : 'entries_other', { count: tb.entryCount }), tb.balanced ? t('balanced') : t('unbalanced')]);
  ws.addRow([]);
  const header = ws.addRow([t('code'), t('account'), t('kind'), t('debit'), t('credit'), t('balance')]);
  header.font = { bold: true };
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFEFEF' } };
    c.border = { bottom: { style: 'thin' } };
  });
  for (const r of tb.rows) {
    const row = ws.addRow(xmlSafeRow([r.code, r.name, translate(lang, `ledger.kinds.${r.kind}`), cellNumber(r.debit), cellNumber(r.credit), cellNumber(r.balance)]));
    for (const col of [4, 5, 6]) row.getCell(col).numFmt = MONEY;
  }
  const total = ws.addRow([t('total'), null, null, cellNumber(tb.totals.debit), cellNumber(tb.totals.credit), null]);
  total.font = { bold: true };
  for (const col of [4, 5]) total.getCell(col).numFmt = MONEY;
  total.eachCell((c) => {
    c.border = { top: { style: 'thin' } };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
