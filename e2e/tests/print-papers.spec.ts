/**
 * Printing is a feature, not a page: every paper printed the way a browser prints the page as it
 * is (`page.pdf()`, as Ctrl+P does — no in-page Print button pressed) is the paper alone: no
 * sidebar, top bar, tabs or buttons, A4, and no page under a quarter full. Each paper is printed in
 * zh-TW and English at 1440×900 to `.artifacts/screens/print/*.pdf` and PNG pages to look at. And
 * the payout receipt prints right after the payout, without reloading the page.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiLogin, expect, goInApp, screensDir, signIn, t, test, type Lang } from '../fixtures/index.js';
import { act, api, hongKongToday, paidOutLoan } from './loan-steps.js';
import { btn } from './tools-helpers.js';


test.use({ viewport: { width: 1440, height: 900 } });

const dir = path.join(screensDir, 'print');
const LANGS = ['zh-TW', 'en'] satisfies Lang[];

let loan = { id: 0, loanNo: '' };
let repayNo = '';

test.beforeAll(async ({ request }) => {
  loan = await paidOutLoan(request, { borrower: '陳志明', loanAmount: '36000', totalTenor: 12, approval: { handlingFee: '500', overdueRate: '24', overduePenalty: '300' } });
  const collector = await apiLogin(request, 'manager');
  const due = await api<{ instalments: { unpaid: string }[] }>(request, collector, 'GET', `/repayments/due?loanId=${loan.id}`);
  const receipt = await api<{ repayNo: string }>(request, collector, 'POST', '/repayments', {
    loanId: loan.id,
    received: due.instalments[0]!.unpaid,
    method: 'cash',
    repayType: 'instalment',
    idempotencyKey: `print-papers-${loan.id}-${Date.now()}`,
  });
  repayNo = receipt.repayNo;
});

/** Texts only the application's shell shows (the side menu, the skip link); a paper never carries them. */
const shellTexts = (lang: Lang) => [
  t(lang, 'shell:skipToContent'),
  ...['persona', 'sms', 'article'].map((g) => t(lang, `shell:menu.group.${g}`)),
];

/** A grey-scale PGM (P5) page: its height and the last row holding ink. */
function lastInkRow(file: string): { height: number; last: number } {
  const buf = readFileSync(file);
  // header: "P5\n<w> <h>\n<max>\n" (no comments from pdftoppm)
  const header = buf.subarray(0, 64).toString('latin1');
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header)!;
  const [width, height] = [Number(m[1]), Number(m[2])];
  const start = m[0].length;
  let last = -1;
  for (let y = 0; y < height; y++) {
    const row = buf.subarray(start + y * width, start + (y + 1) * width);
    if (row.some((v) => v < 160)) last = y;
  }
  return { height, last };
}

/**
 * Prints the page as it is (no Print button), then checks the printout: the shell's elements are
 * not printed (DOM under print media and the PDF's text), and every page is at least a quarter
 * full (the last inked row below a quarter of the page height). Answers the PDF's text.
 */
async function printAsIs(page: Page, name: string, lang: Lang, expectPages?: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  await page.emulateMedia({ media: 'print' });
  for (const shell of ['.ant-layout-sider', '.harbour-skip-link', '[aria-label="breadcrumb"]', '.ant-tabs-nav']) {
    await expect(page.locator(`${shell}:visible`), `${name}: ${shell} printed`).toHaveCount(0);
  }
  await expect(page.locator('button:visible'), `${name}: a button printed`).toHaveCount(0);
  await expect(page.locator('.harbour-paper:visible').first()).toBeVisible();
  const file = path.join(dir, `${name}-${lang}.pdf`);
  await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });

  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  // A printed shell brings the skip link and every menu group with it; one of these words alone may be
  // the paper's own data (a customer named 黑名單客戶 in a report), so two or more are the shell's.
  const shellFound = shellTexts(lang).filter((s) => text.includes(s));
  expect(shellFound.length, `${name} (${lang}) prints the shell: ${shellFound.join(', ')}`).toBeLessThan(2);

  const stem = path.join(dir, `${name}-${lang}`);
  for (const f of readdirSync(dir).filter((f) => f.startsWith(`${name}-${lang}-`) && /\.(pgm|png)$/.test(f))) rmSync(path.join(dir, f));
  execFileSync('pdftoppm', ['-gray', '-r', '30', file, stem]);
  execFileSync('pdftoppm', ['-png', '-r', '70', file, stem]);
  const pages = readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-${lang}-`) && f.endsWith('.pgm'))
    .sort();
  expect(pages.length, `${name} (${lang}) has pages`).toBeGreaterThan(0);
  if (expectPages !== undefined) expect(pages.length, `${name} (${lang}) pages`).toBe(expectPages);
  for (const p of pages) {
    const { height, last } = lastInkRow(path.join(dir, p));
    expect(last / height, `${p} is under a quarter full`).toBeGreaterThanOrEqual(0.25);
    rmSync(path.join(dir, p));
  }
  return text;
}

const main = (page: Page) => page.getByRole('main');

for (const lang of LANGS) {
  test(`every loan paper prints alone with Ctrl+P, each page at least a quarter full (${lang})`, async ({ page }) => {
    await signIn(page, 'manager', 'zh-TW');
    for (const paper of ['s18', 'summary', 'terms', 'intermediary', 'affordability', 'schedule', 'receipt', 'all']) {
      await goInApp(page, `/loan/papers?id=${loan.id}&paper=${paper}&lang=${lang}`);
      const first = paper === 'all' ? 's18' : paper;
      await expect(main(page).locator(`.loan-papers section[data-paper="${first}"]:visible`)).toBeVisible({ timeout: 15_000 });
      const text = await printAsIs(page, `loan-${paper}`, lang);
      // every paper carries the lender's header: names, licence number, telephone
      expect(text).toContain(lang === 'en' ? 'Harbour Finance Limited' : '海港財務有限公司');
      expect(text).toContain(t(lang, 'papers:header.licence').split('{{')[0]!.trim());
      if (paper === 'receipt') {
        // (b) the borrower's name and address
        expect(text).toContain('陳志明');
        expect(text).toMatch(/九龍|Kowloon/);
      }
    }
  });

  test(`the repayment receipt prints alone with HK$ amounts, words, balance and next due date (${lang})`, async ({ page }) => {
    await signIn(page, 'manager', lang);
    await goInApp(page, `/repayment/list?repayNo=${encodeURIComponent(repayNo)}`);
    const row = main(page).locator('tr', { hasText: repayNo });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByText(repayNo).click();
    const drawer = page.getByRole('dialog').filter({ hasText: repayNo });
    const sheet = drawer.locator('section[data-paper="receipt"]');
    await expect(sheet).toBeVisible();
    await drawer.getByRole('radio', { name: t(lang, `papers:langs.${lang}`) }).check();
    await expect(sheet).toContainText(t(lang, 'repayments:receipt.title'));
    await expect(sheet.getByTestId('receipt-balance')).toBeVisible();
    const text = await printAsIs(page, 'repayment-receipt', lang, 1);
    expect(text).toContain('HK$');
    expect(text).toContain(lang === 'en' ? 'HONG KONG DOLLARS' : '港幣');
    expect(text).toContain(t(lang, 'repayments:receipt.nextDue'));
    expect(text).toContain(t(lang, 'repayments:receipt.outstanding'));
  });

  test(`the statement, the settlement quote, a report, the calculator and the trial balance print alone (${lang})`, async ({ page }) => {
    await signIn(page, 'manager', lang);
    await goInApp(page, `/repayment/statement?loanId=${loan.id}`);
    await expect(main(page).locator('section[data-paper="statement"]:visible')).toBeVisible({ timeout: 15_000 });
    await printAsIs(page, 'statement', lang);

    await goInApp(page, `/repayment/settlement?loanId=${loan.id}&lang=${lang}`);
    await expect(main(page).locator('.settlement-quote-sheet:visible')).toBeVisible({ timeout: 15_000 });
    const quote = await printAsIs(page, 'settlement-quote', lang);
    // the common header: licence number and telephone
    expect(quote).toContain(t(lang, 'papers:header.licence').split('{{')[0]!.trim());
    expect(quote).toContain(t(lang, 'papers:header.tel').split('{{')[0]!.trim());

    await goInApp(page, `/reports/approvalStatus?dateFrom=2020-01-01&print=1`);
    await expect(main(page).locator('.report-sheet-preview .report-sheet:visible')).toBeVisible({ timeout: 15_000 });
    await expect(main(page).locator('.report-sheet-preview tbody tr').first()).toBeVisible({ timeout: 15_000 });
    const report = await printAsIs(page, 'report-approval-status', lang);
    expect(report).toContain(t(lang, 'reports:approvalStatus.title'));

    await goInApp(page, '/tools/calculator');
    const calc = main(page);
    await calc.getByLabel(t(lang, 'tools:calculator.fields.loanAmount'), { exact: true }).fill('50000');
    await calc.getByLabel(t(lang, 'tools:calculator.fields.totalTenor'), { exact: true }).fill('12');
    await calc.getByLabel(t(lang, 'tools:calculator.fields.rate'), { exact: true }).fill('1');
    await expect(calc.locator('.harbour-paper .calc-schedule:visible')).toBeVisible({ timeout: 15_000 });
    const calculator = await printAsIs(page, 'calculator', lang);
    expect(calculator).toContain(t(lang, 'tools:calculator.printTitle'));

    await goInApp(page, '/reports/trialBalance');
    await expect(main(page).locator('.harbour-paper:visible')).toBeVisible({ timeout: 15_000 });
    await printAsIs(page, 'trial-balance', lang);
  });
}

test('the payout receipt prints right after the payout, without reloading the page', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const today = hongKongToday();
  const customerId = (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent('陳志明')}`)).items[0]!.id;
  const fresh = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId,
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: '20000',
    totalTenor: 6,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1',
  });
  await api(request, clerk, 'POST', `/loans/${fresh.id}/submit`, {});
  await api(request, manager, 'POST', `/loans/${fresh.id}/approve`, { handlingFee: '200' });
  await api(request, accountant, 'POST', `/loans/${fresh.id}/signedNote`, { receivedOn: today });

  await signIn(page, 'accountant', lang);
  // The papers were looked at before the payout: the receipt was not there yet.
  await goInApp(page, `/loan/papers?id=${fresh.id}&paper=receipt&lang=${lang}`);
  await expect(main(page).getByText(t(lang, 'papers:unavailable'))).toBeVisible({ timeout: 15_000 });

  await goInApp(page, `/payout/detail/${fresh.id}`);
  await act(page, lang, 'payout', async () => {
    const dialog = page.getByRole('dialog');
    const cheque = dialog.getByLabel(t(lang, 'loans:fields.chequeNo'), { exact: true });
    if (await cheque.count()) await cheque.fill('000777');
    await expect(dialog.getByText(t(lang, 'loans:fields.amountReceived'))).toBeVisible({ timeout: 15_000 });
  });
  // One click: the payout receipt, with nothing greyed out and no reload (the page's own state survives).
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await main(page).getByRole('button', { name: btn(t(lang, 'papers:printReceipt')) }).click();
  const receipt = main(page).locator('.loan-papers section[data-paper="receipt"]:visible');
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(main(page).getByText(t(lang, 'papers:unavailable'))).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: btn(t(lang, 'papers:print')) })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  const text = await printAsIs(page, 'payout-receipt-right-after', lang, 1);
  expect(text).toContain(t(lang, 'papers:receipt.title'));
});
