/**
 * The repayment tips list as an xlsx workbook, labelled in the caller's language (the page's own
 * texts), with the list's reference date, the reminder days and the totals; amounts keep two
 * decimals and separators, phones stay masked as on the page.
 */
import type { Language, RepaymentTip } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';
import { cellNumber, listWorkbook, moneyTotal } from './list-workbook.js';

const COLUMNS = [
  ['store', 14],
  ['loanNo', 16],
  ['customerName', 16],
  ['mobile', 12],
  ['tenor', 8],
  ['nextDueDate', 12],
  ['nextAmount', 14, true],
  ['overdueTenors', 10],
  ['overdueAmount', 14, true],
  ['overdueInterest', 14, true],
  ['handlingFee', 12, true],
  ['amountDue', 14, true],
  ['daysOverdue', 10],
  ['unpaidPrincipal', 14, true],
  ['asOf', 12],
] as const;

export async function tipsWorkbook(lang: Language, tips: { rows: RepaymentTip[]; today: string; reminderDays: number }): Promise<Buffer> {
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `servicing.tips.${code}`, params);
  const total = (pick: (r: RepaymentTip) => string) => moneyTotal(tips.rows, pick);
  return listWorkbook({
    sheet: t('sheet'),
    title: t('title'),
    lines: [t('intro', { days: tips.reminderDays, today: tips.today }), t(tips.rows.length === 1 ? 'count_one' : 'count_other', { count: tips.rows.length })],
    columns: COLUMNS.map(([key, width, money]) => ({ label: t(`fields.${key}`), width, money: !!money })),
    rows: tips.rows.map((r) => [
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
    ]),
    totals: [t('total'), null, null, null, null, null, null, null, total((r) => r.overdueAmount), total((r) => r.overdueInterest), total((r) => r.handlingFee), total((r) => r.amountDue), null, total((r) => r.unpaidPrincipal), null],
  });
}
