/**
 * Early settlement (MLO s.21): a paid-out loan within its lock period with a temporary amount held —
 * the quote on screen and printed to A4 in Traditional Chinese and English, then posted with a
 * cheque after the confirmation, leaving the receipt number and the loan complete. Each screen is
 * screenshotted at desktop and phone sizes in both languages.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, goInApp, screensDir, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { api, paidOutLoan } from './loan-steps.js';

test.describe.configure({ mode: 'serial' });

/**
 * A 24,000 loan over 12 months at 1% flat, approved with a 6-month lock period and an 800.00 fee,
 * paid out today, with 1,000.00 received before anything fell due (held as a temporary amount).
 */
async function settlingLoan(request: APIRequestContext): Promise<{ id: number; loanNo: string }> {
  const loan = await paidOutLoan(request, {
    borrower: '陳志明',
    loanAmount: '24000',
    totalTenor: 12,
    approval: { overdueRate: '24', overduePenalty: '300', earlySettleLockMonths: 6, lockPeriodFee: '800' },
  });
  const clerk = await apiLogin(request, 'clerk');
  await api(request, clerk, 'POST', '/repayments', { loanId: loan.id, received: '1000.00', method: 'cash', idempotencyKey: `e2e-settle-${loan.id}-temp` });
  return loan;
}

const sheet = (page: Page) => page.getByRole('main').locator('.settlement-quote-sheet:visible');

test('the loan operation page leads to the early settlement of a repaying loan', async ({ page, request }) => {
  const loan = await settlingLoan(request);
  await signIn(page, 'clerk', 'en');
  await goInApp(page, `/loan/operation?id=${loan.id}`);
  await page.getByRole('main').getByRole('button', { name: btn(t('en', 'settlement:title')) }).click();
  await page.waitForURL(new RegExp(`/repayment/settlement\\?loanId=${loan.id}`));
  await expect(sheet(page)).toContainText(loan.loanNo);
});

async function openQuote(page: Page, loanId: number, lang: Lang) {
  await goInApp(page, `/repayment/settlement?loanId=${loanId}&lang=${lang}`);
  await expect(sheet(page)).toBeVisible({ timeout: 15_000 });
}

test('the quote prints to A4 in both languages', async ({ page, request }) => {
  const loan = await settlingLoan(request);
  await signIn(page, 'clerk', 'zh-TW');
  for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
    await openQuote(page, loan.id, lang);
    const q = sheet(page);
    await expect(q).toContainText(t(lang, 'settlement:quoteTitle'));
    await expect(q).toContainText(loan.loanNo);
    await expect(q).toContainText('陳志明');
    // principal 24,000, no interest on the day of the loan; 1,000 held. The 800 lock-period fee agreed
    // was charged whole before s.21 bounded it: paying back on the payout day what was received
    // leaves no room for any fee (the rate of settling is 0.00%)
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.principal') }).first()).toContainText('24,000.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.agreedLockPeriodFee') })).toContainText('800.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.lockPeriodFeeCeiling') })).toContainText('0.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.lockPeriodFee') }).first()).toContainText('0.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.total') })).toContainText('24,000.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.payable') })).toContainText('23,000.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.settlementRate') })).toContainText(t(lang, 'settlement:ratePerYear').replace('{{rate}}', '0.00'));
    await expect(q).toContainText(t(lang, 'settlement:inLockPeriod'));
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('main').getByRole('button', { name: btn(t('zh-TW', 'settlement:print')) }).click();
    await expect(page.locator('.loan-papers-print .settlement-quote-sheet')).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root')).toBeHidden();
    const dir = path.join(screensDir, 'settlement');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `quote-${lang}-a4.pdf`);
    await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
    try {
      execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
    } catch {
      // pdftoppm is not installed: the PDF alone.
    }
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('.loan-papers-print')).toHaveCount(0);
  }
});

test('charges kept back at payout: the quote takes off the rebate that keeps it within 48%, on screen and on paper', async ({ page, request }) => {
  // 12,000 with 600 kept back at payout today: settling today may ask back no more than the 11,400 received
  const loan = await paidOutLoan(request, { borrower: '陳志明', loanAmount: '12000', totalTenor: 12, approval: { overdueRate: '24', handlingFee: '600' } });
  await signIn(page, 'clerk', 'zh-TW');
  for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
    await openQuote(page, loan.id, lang);
    const q = sheet(page);
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.principal') }).first()).toContainText('12,000.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.capRebate') })).toContainText('-600.00');
    await expect(q.locator('tr', { hasText: t(lang, 'settlement:fields.payable') })).toContainText('11,400.00');
    if (lang === 'zh-TW') await shot(page, 'repayment-settlement-cap-rebate', { fullPage: true });
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('main').getByRole('button', { name: btn(t('zh-TW', 'settlement:print')) }).click();
    await expect(page.locator('.loan-papers-print .settlement-quote-sheet')).toContainText('-600.00');
    await page.emulateMedia({ media: 'print' });
    const dir = path.join(screensDir, 'settlement');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `quote-cap-rebate-${lang}-a4.pdf`);
    await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
    try {
      execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
    } catch {
      // pdftoppm is not installed: the PDF alone.
    }
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('.loan-papers-print')).toHaveCount(0);
  }
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`posting the early settlement completes the loan (${lang}, ${size.width}×${size.height})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const loan = await settlingLoan(request);
      await page.setViewportSize(size);
      await signIn(page, 'clerk', lang);
      await openQuote(page, loan.id, lang);
      await shot(page, 'repayment-settlement', { fullPage: true });
      const main = page.getByRole('main');
      await main.getByRole('combobox', { name: t(lang, 'settlement:fields.method') }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: t(lang, 'enums:paymentMethod.cheque') }).click();
      // a cheque needs its number: asked for before anything is confirmed
      await main.getByRole('button', { name: btn(t(lang, 'settlement:post')) }).last().click();
      await expect(main.locator('.ant-form-item-explain-error', { hasText: t(lang, 'repayments:validation.chequeNoRequired') })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await main.getByRole('textbox', { name: t(lang, 'settlement:fields.chequeNo') }).fill('HSBC 204518');
      await main.getByRole('textbox', { name: t(lang, 'settlement:fields.remarks') }).fill('Settled early by the borrower');
      await main.getByRole('button', { name: btn(t(lang, 'settlement:post')) }).last().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(loan.loanNo);
      await expect(dialog).toContainText('23,000.00');
      await expect(main.locator('.ant-form-item-explain-error')).toHaveCount(0);
      await shot(page, 'repayment-settlement-confirm');
      const posted = page.waitForResponse((r) => r.url().endsWith('/repayments/settle') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: btn(t(lang, 'settlement:post')) }).click();
      expect((await posted).status()).toBe(200);
      const result = main.locator('.ant-result-success');
      await expect(result).toBeVisible();
      await expect(result).toContainText(t(lang, 'enums:loanStatus.complete'));
      await expect(result).toContainText('23,000.00');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot(page, 'repayment-settlement-posted', { fullPage: true });
      const clerk = await apiLogin(request, 'clerk');
      const after = await api<{ status: string }>(request, clerk, 'GET', `/loans/${loan.id}`);
      expect(after.status).toBe('complete');
    });
  }
}
