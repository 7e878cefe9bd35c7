/**
 * Reports fit the screen: at 1440×900 in zh-TW the default columns of the wide reports are all in
 * view without a sideways scroll — the cases: net paid on the loan report, the staff in
 * charge on the overdue report, the entry number on the repayment report. (The column chooser and
 * its memory are proved by the component test ReportColumns.test.tsx.)
 */
import type { Page } from '@playwright/test';
import { DESKTOP, expect, goInApp, shot, signIn, t, test, type Lang } from '../fixtures/index.js';

const CASES = [
  { report: 'loan', column: 'netPaid', query: '?dateFrom=2020-01-01' },
  { report: 'overdue', column: 'staffName', query: '' },
  { report: 'repayment', column: 'entryNo', query: '?dateFrom=2020-01-01' },
] as const;

/** The table's sideways overflow (px) and the named column header's right edge. */
async function fit(page: Page, lang: Lang, report: string, column: string) {
  const main = page.getByRole('main');
  const header = main.getByRole('columnheader', { name: t(lang, `reports:${report}.columns.${column}`) });
  await expect(header).toBeVisible();
  await expect(main.locator('.ant-table-tbody tr.ant-table-row:visible').first()).toBeVisible();
  const overflow = await main.locator('.ant-table-content:visible, .ant-table-body:visible').first().evaluate((el) => el.scrollWidth - el.clientWidth);
  const box = (await header.boundingBox())!;
  return { overflow, right: box.x + box.width };
}

test.use({ viewport: DESKTOP });

test('the wide reports show their key columns at 1440×900 without a sideways scroll', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'accountant', lang);
  for (const c of CASES) {
    await goInApp(page, `/reports/${c.report}${c.query}`);
    const { overflow, right } = await fit(page, lang, c.report, c.column);
    expect(overflow, `${c.report}: sideways overflow`).toBeLessThanOrEqual(0);
    expect(right, `${c.report}: ${c.column} header's right edge`).toBeLessThanOrEqual(DESKTOP.width);
    await shot(page, `reports-fit-${c.report}`);
  }
});
