/**
 * A batch's reconciliation as an xlsx workbook (docs/import.md), labelled in the caller's language
 * (the page's own texts): per loan the previous system's figures beside Harbour's on the cut-over
 * date and the differences, then the store's totals. Amounts keep two decimals and separators.
 */
import ExcelJS from 'exceljs';
import { HARBOUR_ONLY_FIGURES as HARBOUR_ONLY } from '@harbour/domain';
import { IMPORT_RECONCILED_FIGURES, type ImportReconciliation, type Language } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { xmlSafeRow } from '../../platform/xml-text.js';

/** Excel stores numbers as doubles; the 2-decimal strings convert exactly enough to display. */
const cellNumber = (s: string | undefined) => (s === undefined ? null : Number(s));
const MONEY = '#,##0.00;-#,##0.00';

export async function reconciliationWorkbook(lang: Language, r: ImportReconciliation): Promise<Buffer> {
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `tools.importPage.reconciliation.${code}`, params);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';
  const ws = wb.addWorksheet(t('sheet'), { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  ws.addRow([t('title')]).font = { bold: true, size: 14 };
  ws.addRow(xmlSafeRow([t('file'), r.batch.fileName]));
  ws.addRow(xmlSafeRow([t('store'), r.totals.storeName]));
  ws.addRow([t('loansCount', { count: r.totals.loans, differing: r.totals.differing })]);
  ws.addRow([]);
  const figureHeads = IMPORT_RECONCILED_FIGURES.flatMap((k) => [`${t(`figures.${k}`)} (${t('previous')})`, `${t(`figures.${k}`)} (${t('harbour')})`]);
  const header = ws.addRow([t('row'), t('loanNo'), t('customer'), t('status'), t('cutOverDate'), ...figureHeads, ...HARBOUR_ONLY.map((k) => t(`figures.${k}`)), t('figures.daysOverdue'), t('differences')]);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  const moneyCols = Array.from({ length: IMPORT_RECONCILED_FIGURES.length * 2 + HARBOUR_ONLY.length }, (_, n) => 6 + n);
  for (const l of r.items) {
    const row = ws.addRow(
      xmlSafeRow([
        l.row,
        l.loanNo,
        l.customerName,
        translate(lang, `enums.loanStatus.${l.status}`),
        l.cutOverDate,
        ...IMPORT_RECONCILED_FIGURES.flatMap((k) => [cellNumber(l.file?.[k]), cellNumber(l.harbour[k])]),
        ...HARBOUR_ONLY.map((k) => cellNumber(l.harbour[k])),
        l.harbour.daysOverdue,
        l.file === null ? t('fromReceipts') : l.differences.length === 0 ? t('matches') : l.differences.map((k) => t(`figures.${k}`)).join(', '),
      ]),
    );
    for (const col of moneyCols) row.getCell(col).numFmt = MONEY;
  }
  const totals = ws.addRow([
    t('totals', { store: r.totals.storeName }),
    null,
    null,
    null,
    null,
    ...IMPORT_RECONCILED_FIGURES.flatMap((k) => [cellNumber(r.totals.file[k]), cellNumber(r.totals.harbour[k])]),
    ...HARBOUR_ONLY.map((k) => cellNumber(r.totals.harbour[k])),
  ]);
  totals.font = { bold: true };
  for (const col of moneyCols) totals.getCell(col).numFmt = MONEY;
  ws.columns.forEach((c, n) => {
    c.width = n < 5 ? [6, 18, 20, 12, 12][n] : 16;
  });
  ws.views = [{ state: 'frozen', ySplit: 6, xSplit: 2 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
