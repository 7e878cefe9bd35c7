/**
 * Reports: the one report page (parameter form, table with server sort and paging, totals row,
 * exports, print view) through the approval status report. The accountant runs it with filters,
 * exports it and opens its print view; a clerk sees only their store's rows; the collector (no
 * `reports.approvalStatus`) has no menu entry and the API refuses.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, screensDir, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';

const PATH = '/reports/approvalStatus';
const FROM = '2020-01-01';

interface Answer {
  rows: Record<string, string | number | null>[];
  totals: Record<string, string | number | null>;
  total: number;
}

const rowCount = (lang: Lang, n: number) => t(lang, `reports:page.rows_${n === 1 ? 'one' : 'other'}`).replace('{{count}}', String(n));

/** A parameter's field, by its label's exact text. */
const param = (page: Page, label: string): Locator =>
  page.getByRole('main').locator('label.report-param').filter({ has: page.locator('.report-param-label').getByText(label, { exact: true }) });

async function typeDate(page: Page, lang: Lang, name: string, value: string) {
  const input = param(page, t(lang, `reports:params.${name}`)).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/**
 * Fills the form (`fill`) and runs the report (Run; Enter in a field runs it too); resolves with
 * the answer the page shows.
 */
async function run(page: Page, lang: Lang, expectUrl: RegExp, fill: () => Promise<void> = async () => undefined): Promise<Answer> {
  const answer = page.waitForResponse((r) => r.url().includes(`${API}/reports/approvalStatus?`) && expectUrl.test(r.url()) && r.status() === 200);
  await fill();
  await page.getByRole('main').getByRole('button', { name: t(lang, 'reports:page.run') }).click();
  return ((await (await answer).json()) as { data: Answer }).data;
}

/** The print view as A4 PDF pages, and PNG pages to look at (pdftoppm). */
async function printPdf(page: Page, lang: Lang) {
  const dir = path.join(screensDir, 'reports');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `approval-status-print-${lang}-a4.pdf`);
  await page.pdf({ path: file, printBackground: true, preferCSSPageSize: true });
  try {
    execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
  } catch {
    // pdftoppm is not installed: the PDF alone.
  }
  return file;
}

test('the accountant runs approval status with filters, exports it to xlsx and prints it', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'accountant', lang);
  const first = page.waitForResponse((r) => r.url().includes(`${API}/reports/approvalStatus?`) && r.status() === 200);
  await goInApp(page, PATH);
  const defaults = ((await (await first).json()) as { data: { params: Record<string, string | null> } }).data.params;
  const main = page.getByRole('main');
  await expect(main.getByText(t(lang, 'reports:approvalStatus.description'))).toBeVisible();
  // the form shows the defaults the server applied (this month to today)
  await expect(param(page, 'From').locator('input')).toHaveValue(defaults.dateFrom!);
  await expect(param(page, 'To').locator('input')).toHaveValue(defaults.dateTo!);

  // 1: the whole history
  const all = await run(page, lang, new RegExp(`dateFrom=${FROM}`), () => typeDate(page, lang, 'dateFrom', FROM));
  expect(all.total).toBeGreaterThan(0);
  await expect(main.getByText(rowCount(lang, all.total))).toBeVisible();
  const totals = main.locator('.report-totals');
  await expect(totals).toContainText('Total');
  const applied = Number(all.totals.amountApplied);
  await expect(totals).toContainText(applied.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

  // 2: rejected applications only
  const rejected = await run(page, lang, /status=reject/, async () => {
    await param(page, 'Status').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText(t(lang, 'enums:loanStatus.reject'), { exact: true }).click();
  });
  expect(rejected.rows.every((r) => r.status === 'reject')).toBe(true);
  const rows = main.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(rejected.rows.length);
  if (rejected.rows.length) await expect(rows.first()).toContainText(t(lang, 'enums:loanStatus.reject'));

  // 3: sorted by amount applied, server side
  // (every status again: the answer may come from the cache of the first run)
  await param(page, 'Status').locator('.ant-select').hover();
  await param(page, 'Status').locator('.ant-select-clear').click();
  await page.getByRole('main').getByRole('button', { name: t(lang, 'reports:page.run') }).click();
  // every status again: at least the first run's rows (another test may have added an application since)
  const shownCount = main.getByText(new RegExp(`^${t(lang, 'reports:page.rows_other').replace('{{count}}', '\\d+')}$`));
  await expect.poll(async () => Number(/\d+/.exec((await shownCount.textContent()) ?? '')?.[0] ?? 0)).toBeGreaterThanOrEqual(all.total);
  const sorted = page.waitForResponse((r) => r.url().includes('/reports/approvalStatus?') && r.url().includes('sort=amountApplied%3Aasc') && !r.url().includes('status='));
  await main.getByRole('columnheader', { name: 'Amount applied' }).click();
  const bySort = ((await (await sorted).json()) as { data: Answer }).data;
  const amounts = bySort.rows.map((r) => Number(r.amountApplied));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await expectScreenAccessible(page);

  // export to xlsx: the browser saves the file under the server's name
  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: t(lang, 'reports:page.exportXlsx') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^approvalStatus-${FROM}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const saved = await file.path();
  expect(readFileSync(saved).subarray(0, 2).toString()).toBe('PK');

  // the print view: company, title, parameters, every row and the totals on A4 landscape
  // (its rows are read again: other tests add applications while this one runs)
  const printRun = page.waitForResponse((r) => r.url().includes(`${API}/reports/approvalStatus?`) && r.status() === 200);
  await main.getByRole('button', { name: t(lang, 'reports:page.print') }).click();
  await expect(page).toHaveURL(/print=1/);
  const printed = ((await (await printRun).json()) as { data: Answer }).data;
  expect(printed.total).toBeGreaterThanOrEqual(bySort.total);
  const sheet = page.locator('.report-sheet-preview .report-sheet');
  await expect(sheet.locator('h1')).toHaveText(t(lang, 'reports:approvalStatus.title'));
  await expect(sheet.locator('tbody tr')).toHaveCount(printed.total);
  await expect(sheet.locator('tfoot')).toContainText(Number(printed.totals.amountApplied).toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await expect(sheet).toContainText(FROM);
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: t(lang, 'reports:page.printNow') }).click();
  await expect(page.locator('.report-printout .report-sheet')).toHaveCount(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  await printPdf(page, lang);
  await page.emulateMedia({ media: 'screen' });
});

/** Runs the report `name` from its page after `fill`, and resolves with the answer the page shows. */
async function runReport(page: Page, lang: Lang, name: string, expectUrl: RegExp, fill: () => Promise<void>): Promise<Answer> {
  const answer = page.waitForResponse((r) => r.url().includes(`${API}/reports/${name}?`) && expectUrl.test(r.url()) && r.status() === 200);
  await fill();
  await page.getByRole('main').getByRole('button', { name: t(lang, 'reports:page.run') }).click();
  return ((await (await answer).json()) as { data: Answer }).data;
}

async function chooseParam(page: Page, label: string, option: string) {
  await param(page, label).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

test('the accountant runs the loan report of one store and the overdue report with its ageing buckets', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'accountant', lang);
  const main = page.getByRole('main');

  // loans paid out since 2020 in Mong Kok only
  await goInApp(page, '/reports/loan');
  const loans = await runReport(page, lang, 'loan', /store=\d+/, async () => {
    await typeDate(page, lang, 'dateFrom', FROM);
    await chooseParam(page, t(lang, 'reports:params.store'), 'Mong Kok');
  });
  expect(loans.total).toBeGreaterThan(0);
  expect(new Set(loans.rows.map((r) => r.storeName))).toEqual(new Set(['Mong Kok']));
  await expect(main.getByText(rowCount(lang, loans.total))).toBeVisible();
  const lent = loans.rows.reduce((sum, r) => sum + Math.round(Number(r.loanAmount) * 100), 0);
  if (loans.total === loans.rows.length) expect(Math.round(Number(loans.totals.loanAmount) * 100)).toBe(lent);
  await expect(main.locator('.report-totals')).toContainText(Number(loans.totals.loanAmount).toLocaleString('en-US', { minimumFractionDigits: 2 }));

  // overdue loans as of today (the page runs it on opening), the ageing buckets adding up to each loan's overdue total
  const opened = page.waitForResponse((r) => r.url().includes(`${API}/reports/overdue?`) && r.status() === 200);
  await goInApp(page, '/reports/overdue');
  const overdue = ((await (await opened).json()) as { data: Answer }).data;
  expect(overdue.total).toBeGreaterThan(0);
  for (const r of overdue.rows) {
    const buckets = ['d1to30', 'd31to60', 'd61to90', 'd90plus'].reduce((sum, k) => sum + Math.round(Number(r[k] ?? 0) * 100), 0);
    expect(buckets).toBe(Math.round(Number(r.totalOverdue) * 100));
    expect(String(r.mobile ?? '****')).toMatch(/^\*+\d{0,4}$/);
  }
  await expect(main.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(overdue.rows.length);
  await shot(page, 'reports-overdue');
});

test('a clerk sees only their store’s applications', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  const clerk = await apiLogin(request, 'clerk');
  const api = (await (await request.get(`${API}/reports/approvalStatus?dateFrom=${FROM}&pageSize=200`, { headers: bearer(clerk) })).json()) as { data: Answer };
  const stores = new Set(api.data.rows.map((r) => r.storeName));
  expect(stores.size).toBe(1);
  await signIn(page, 'clerk', lang);
  await goInApp(page, `${PATH}?dateFrom=${FROM}`);
  const main = page.getByRole('main');
  await expect(main.getByText(rowCount(lang, api.data.total))).toBeVisible();
  const storeCells = main.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)');
  await expect(storeCells.first()).toBeVisible();
  for (const text of await storeCells.allTextContents()) expect(stores.has(text)).toBe(true);
  // another store's filter gives nothing (the clerk's role reaches one store)
  const all = (await (await request.get(`${API}/stores?pageSize=50`, { headers: bearer(await apiLogin(request, 'manager')) })).json()) as { data: { items: { id: number }[] } };
  const mine = (await (await request.get(`${API}/reports/approvalStatus?dateFrom=${FROM}&pageSize=1`, { headers: bearer(clerk) })).json()) as { data: Answer };
  expect(mine.data.total).toBe(api.data.total);
  for (const s of all.data.items) {
    const other = (await (await request.get(`${API}/reports/approvalStatus?dateFrom=${FROM}&store=${s.id}`, { headers: bearer(clerk) })).json()) as { data: Answer };
    expect([0, api.data.total]).toContain(other.data.total);
  }
});

test('a role without the report’s key has no menu entry, and the API refuses it', async ({ page, request }) => {
  const collector = await apiLogin(request, 'collector');
  expect((await request.get(`${API}/reports/approvalStatus`, { headers: bearer(collector) })).status()).toBe(403);
  expect((await request.get(`${API}/reports/approvalStatus/export?format=xlsx`, { headers: bearer(collector) })).status()).toBe(403);
  const lang: Lang = 'en';
  await signIn(page, 'collector', lang);
  // the collector's menu has its own reports (overdue) but not this one
  await expect(page.locator('li.ant-menu-item, li.ant-menu-submenu').first()).toBeVisible();
  await expect(page.locator(`li.ant-menu-item[data-menu-id$="${PATH}"]`)).toHaveCount(0);
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, PATH);
  await expect(page).toHaveURL(/\/401/);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`approval status report and print view in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, `${PATH}?dateFrom=${FROM}`);
      await expect(page.getByRole('main').locator('.report-totals')).toBeVisible();
      await shot(page, 'report-approval-status');
      await page.getByRole('main').getByRole('button', { name: t(lang, 'reports:page.print') }).click();
      await expect(page.locator('.report-sheet-preview tfoot')).toBeVisible();
      await shot(page, 'report-approval-status-print', { fullPage: true });
    });
  }
}
