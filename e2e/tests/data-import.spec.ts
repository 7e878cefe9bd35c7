/**
 * Tools → Data import in the browser (zh-TW, 1440×900): the template downloads with the zh-TW
 * headers; a workbook built here with one deliberate error is checked and the problem is named by
 * its row and column (axe on that screen and on the committed one); the fixed file commits as a
 * batch whose progress reaches committed; the imported loan opens. Its customer code, HKID and loan number are new on every run.
 * `HARBOUR_SCREENS=all` also keeps the screens with problems and with the committed batch in
 * zh-TW and en at desktop and phone size.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { hkidCheckDigit } from '@harbour/domain';
import { API, apiLogin, bearer, DESKTOP, expect, expectScreenAccessible, goInApp, PHONE, screensDir, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.use({ viewport: DESKTOP });

const RUN = String(Date.now()).slice(-7);
const CUSTOMER = `IMPW-${RUN}`;
const LOAN_NO = `IMPW-L-${RUN}`;
const DIGITS = RUN.slice(-6);
const HKID = `K${DIGITS}(${hkidCheckDigit('K', DIGITS)})`;
const WRONG_HKID = `K${DIGITS}(${hkidCheckDigit('K', DIGITS) === '1' ? '2' : '1'})`;
/** Yesterday in Hong Kong: the cut-over date. */
const CUT_OVER = new Date(Date.now() + 8 * 3600_000 - 24 * 3600_000).toISOString().slice(0, 10);

/**
 * The lender's export: a customer, a loan paid out in January, its first instalment's receipt, and
 * the previous system's opening position, which missed that receipt (the reconciliation names it).
 */
async function book(idNumber: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = (name: string, en: string[], rows: unknown[][]) => {
    const ws = wb.addWorksheet(name);
    ws.addRow(['']);
    ws.addRow(en);
    for (const r of rows) ws.addRow(r);
  };
  sheet('Customers', ['Customer code', 'Type', 'Name', 'English name', 'ID type', 'ID number', 'Mobile 1', 'Date of birth'], [
    [CUSTOMER, 'personal', '陳匯入', 'CHAN Import', 'hkid', idNumber, '+852 9123 4567', '15/08/1980'],
  ]);
  sheet('Loans', ['Loan no.', 'Customer code', 'Store code', 'Status', 'Loan type (code)', 'Application date', 'Loan date', 'Loan amount', 'Tenor', 'Repayment cycle', 'Interest method', 'Flat rate (%)', 'Payout method'], [
    [LOAN_NO, CUSTOMER, 'MK', 'repaying', 'private_loan', '10/01/2026', '2026/01/15', '12,000', 12, 'monthly', 'amortization', '1.5', 'cash'],
  ]);
  sheet('Receipts', ['Loan no.', 'Receipt no.', 'Receipt date', 'Amount', 'Payment method'], [[LOAN_NO, `OLD-${RUN}`, '2026-02-15', '1180', 'cash']]);
  sheet('Opening positions', ['Loan no.', 'Cut-over date', 'Principal paid', 'Interest paid', 'Overdue interest and fees paid', 'Outstanding principal'], [
    [LOAN_NO, CUT_OVER, '0', '0', '0', '12000'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The pictures a person looks at (`HARBOUR_SCREENS=all` only, to keep the walk short): this state at desktop and phone size. */
async function screens(page: Page, name: string) {
  if (process.env.HARBOUR_SCREENS !== 'all') return;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await shot(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

async function upload(page: Page, lang: Lang, file: Buffer) {
  const checked = page.waitForResponse((r) => r.url().includes('/tools/import/dryRun'));
  await page.getByRole('main').locator('input[type=file]').setInputFiles({ name: `book-${RUN}.xlsx`, mimeType: 'application/octet-stream', buffer: file });
  expect((await checked).status()).toBe(200);
}

test('a lender’s workbook is checked, fixed, committed as a batch, and its loan opens (zh-TW)', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, '/tools/dataImport');
  const main = page.getByRole('main');
  const download = main.getByRole('button', { name: btn(t(lang, 'tools:importPage.downloadTemplate')) });
  await expect(download).toBeVisible();
  const downloading = page.waitForEvent('download');
  await download.click();
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(await (await (await downloading).createReadStream()).toArray().then((c) => Buffer.concat(c)) as unknown as ArrayBuffer);
  const customers = template.getWorksheet(t(lang, 'tools:import.sheets.customers'))!;
  expect(customers.getRow(1).getCell(1).value).toBe(t('zh-TW', 'tools:import.columns.customers.customerCode'));

  // The cut-over date is left empty: the opening positions carry their own.
  await upload(page, lang, await book(WRONG_HKID));
  const problems = main.getByRole('table', { name: t(lang, 'tools:importPage.problems') });
  const problem = problems.getByRole('row').filter({ hasText: t(lang, 'tools:import.columns.customers.idNumber') });
  await expect(problem.getByRole('cell').nth(1)).toHaveText('3');
  await expect(problem.getByRole('cell').first()).toHaveText(t(lang, 'tools:import.sheets.customers'));
  await expect(main.getByRole('button', { name: btn(t(lang, 'tools:importPage.commit')) })).toBeDisabled();
  await screens(page, 'data-import-problems');
  await expectScreenAccessible(page);

  await upload(page, lang, await book(HKID));
  await expect(main.getByText(t(lang, 'tools:importPage.noProblems'))).toBeVisible();
  await main.getByRole('button', { name: btn(t(lang, 'tools:importPage.commit')) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`book-${RUN}.xlsx`);
  const started = page.waitForResponse((r) => r.url().includes('/tools/import/batches') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: btn(t(lang, 'tools:importPage.commit')) }).click();
  expect((await started).status()).toBe(200);
  const row = main.getByRole('row').filter({ hasText: `book-${RUN}.xlsx` });
  await expect(row.getByText(t(lang, 'tools:importPage.states.committed'))).toBeVisible({ timeout: 10_000 });
  await screens(page, 'data-import-committed');
  await expectScreenAccessible(page);

  // The reconciliation: Harbour's figures on the cut-over date, the previous system's where they differ.
  await row.getByRole('button', { name: btn(t(lang, 'tools:importPage.reconciliation.open')) }).click();
  const reconciliation = main.getByRole('table', { name: t(lang, 'tools:importPage.reconciliation.title') });
  const loanRow = reconciliation.getByRole('row').filter({ hasText: LOAN_NO });
  await expect(loanRow).toContainText(t(lang, 'tools:importPage.reconciliation.figures.principalPaid'));
  await expect(loanRow).toContainText(`${t(lang, 'tools:importPage.reconciliation.previous')}: 0.00`);
  await screens(page, 'data-import-reconciliation');
  await expectScreenAccessible(page);
  if (process.env.HARBOUR_SCREENS === 'all') {
    // the paper as the browser prints the page (Ctrl+P), for a person to look at
    const dir = path.join(screensDir, 'print');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `import-reconciliation-${lang}.pdf`);
    await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
    try {
      execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
    } catch {
      // pdftoppm is not installed: the PDF alone.
    }
  }

  const tokens = await apiLogin(page.request, 'manager');
  const found = await (await page.request.get(`${API}/search?q=${LOAN_NO}`, { headers: bearer(tokens) })).json() as { data: { loans: { loanNo: string; path: string }[] } };
  const loan = found.data.loans.find((l) => l.loanNo === LOAN_NO)!;
  await goInApp(page, loan.path);
  // the data import tab stays open behind it, its reconciliation naming the loan too
  await expect(main.getByText(LOAN_NO).filter({ visible: true }).first()).toBeVisible();

  if (process.env.HARBOUR_SCREENS !== 'all') return;
  // The same screens in English: the committed batch in the list, then a file with a problem.
  await signIn(page, 'manager', 'en');
  await goInApp(page, '/tools/dataImport');
  await expect(main.getByRole('row').filter({ hasText: `book-${RUN}.xlsx` })).toBeVisible();
  await screens(page, 'data-import-committed');
  await expectScreenAccessible(page);
  await main.getByRole('row').filter({ hasText: `book-${RUN}.xlsx` }).getByRole('button', { name: btn(t('en', 'tools:importPage.reconciliation.open')) }).click();
  await expect(main.getByRole('table', { name: t('en', 'tools:importPage.reconciliation.title') }).getByRole('row').filter({ hasText: LOAN_NO })).toBeVisible();
  await screens(page, 'data-import-reconciliation');
  await expectScreenAccessible(page);
  await upload(page, 'en', await book(WRONG_HKID));
  await expect(main.getByRole('table', { name: t('en', 'tools:importPage.problems') })).toBeVisible();
  await screens(page, 'data-import-problems');
  await expectScreenAccessible(page);
});
