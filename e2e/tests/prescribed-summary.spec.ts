/**
 * The prescribed summary (Cap. 163A Schedule 3) supplied by the lender, in Traditional Chinese: the
 * administrator enters a version on the company information page; an approved loan agreed on or
 * after its effective date prints that text with its version in the footer (A4 PDF through the
 * browser's print, and PNG pages with pdftoppm), and no "not official" notice; a loan agreed before
 * it is told on the operation page's papers menu that the official summary has not been entered.
 *
 * The version takes effect 30 days ahead so the other papers tests (loans agreed today) keep
 * Harbour's own summary whatever order the specs run in.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, screenSizes, screensDir, shot, signIn, t, test, type Lang, type TokenPair } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const lang = 'zh-TW' as const;
const hkDay = (ahead: number) => new Date(Date.now() + 8 * 3600_000 + ahead * 86_400_000).toISOString().slice(0, 10);
const effectiveFrom = hkDay(30);
const stamp = Date.now().toString(36);
const textZh = `# 訂明摘要測試 ${stamp}\n\n第一段：貸款人輸入的官方文本。\n\n# 第二節\n\n第二段文字。`;
const textEn = `# Prescribed summary test ${stamp}\n\nFirst paragraph: the official text as the lender entered it.`;

/** A text with its {{placeholders}} filled, as i18next renders it. */
const tt = (key: string, params: Record<string, string | number>) => t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

let laterLoan = 0;
let todayLoan = 0;

async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

test.beforeAll(async ({ request }) => {
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const borrower = (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent('陳志明')}`)).items[0]!.id;
  const approved = async (loanDate: string) => {
    const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
      customerId: borrower,
      loanType: 'private_loan',
      applyDate: hkDay(0),
      loanDate,
      interestStartDate: loanDate,
      loanAmount: '20000',
      totalTenor: 6,
      repayCycle: 'monthly',
      interestMethod: 'amortization',
      flatRate: '0.8',
    });
    await api(request, clerk, 'POST', `/loans/${loan.id}/submit`, {});
    await api(request, manager, 'POST', `/loans/${loan.id}/approve`, { handlingFee: '200' });
    return loan.id;
  };
  laterLoan = await approved(effectiveFrom);
  todayLoan = await approved(hkDay(0));
});

let version = 0;

test('the administrator enters the official summary on the company information page', async ({ page }) => {
  await signIn(page, 'admin', lang);
  await goInApp(page, '/masterdata/company');
  const main = page.getByRole('main');
  const card = main.locator('.ant-card', { has: page.getByText(t(lang, 'company:summary.title'), { exact: true }) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: btn(t(lang, 'company:summary.add')) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Saving blank texts is refused before anything is sent.
  await dialog.getByRole('button', { name: btn(t(lang, 'company:summary.save')) }).click();
  await expect(dialog.getByText(t(lang, 'company:summary.textRequired')).first()).toBeVisible();

  const date = dialog.getByLabel(t(lang, 'company:summary.effectiveFrom'));
  await date.click();
  await date.fill(effectiveFrom);
  await date.press('Enter');
  await dialog.getByLabel(t(lang, 'company:summary.textZh')).fill(textZh);
  await dialog.getByLabel(t(lang, 'company:summary.textEn')).fill(textEn);
  await shot(page, 'company-summary-dialog');
  const saved = page.waitForResponse((r) => r.url().endsWith('/companyInfo/prescribedSummaries') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: btn(t(lang, 'company:summary.save')) }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  version = ((await answer.json()) as { data: { version: number } }).data.version;
  await expect(dialog).toBeHidden();

  const row = card.locator('tr', { hasText: tt('company:summary.version', { version }) });
  await expect(row).toContainText(effectiveFrom);
  await expect(row).toContainText('系統管理員');
  await row.getByRole('button').first().click();
  await expect(card).toContainText('第一段：貸款人輸入的官方文本。');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'company-summary', { fullPage: true });
  await expectScreenAccessible(page);
});

/** The printout as A4 PDF pages, and PNG pages to look at when pdftoppm is installed (.artifacts/screens/papers/). */
async function pdfOf(page: Page, name: string) {
  const dir = path.join(screensDir, 'papers');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
  try {
    execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
  } catch {
    // pdftoppm is not installed: the PDF alone.
  }
}

test('a loan agreed on the effective date prints that text with its version', async ({ page }) => {
  await signIn(page, 'manager', lang);
  await goInApp(page, `/loan/papers?id=${laterLoan}&paper=summary&lang=${lang}`);
  const sheet = page.getByRole('main').locator('.loan-papers section[data-paper="summary"]:visible');
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet.locator('h3').first()).toHaveText(`訂明摘要測試 ${stamp}`);
  await expect(sheet).toContainText('第一段：貸款人輸入的官方文本。');
  await expect(sheet).toContainText(tt('papers:summary.version', { version, date: effectiveFrom }));
  await expect(sheet.locator('.paper-notice')).toHaveCount(0);

  await page.evaluate(() => {
    window.print = () => undefined;
  });
  const recorded = page.waitForResponse((r) => r.url().endsWith(`/loans/${laterLoan}/print`) && r.request().method() === 'POST');
  await page.getByRole('main').getByRole('button', { name: btn(t(lang, 'papers:print')) }).click();
  expect((await recorded).status()).toBe(200);
  const printed = page.locator('.loan-papers-print section[data-paper="summary"]');
  await expect(printed).toHaveCount(1);
  await expect(printed).toContainText(tt('papers:summary.version', { version, date: effectiveFrom }));
  await page.emulateMedia({ media: 'print' });
  await pdfOf(page, `official-summary-${lang}-a4`);
  await page.emulateMedia({ media: 'screen' });
});

test('a loan agreed before any version is in force: the papers menu says the official summary is not entered', async ({ page }) => {
  await signIn(page, 'manager', lang);
  await goInApp(page, `/loan/operation?id=${todayLoan}`);
  await page.getByRole('main').getByRole('button', { name: btn(t(lang, 'papers:printMenu')) }).click();
  await expect(page.getByRole('menuitem', { name: `${t(lang, 'papers:names.summary')} (${t(lang, 'papers:summaryNotEntered')})` })).toBeVisible();
  await page.keyboard.press('Escape');
  await goInApp(page, `/loan/papers?id=${todayLoan}&paper=summary&lang=${lang}`);
  const sheet = page.getByRole('main').locator('.loan-papers section[data-paper="summary"]:visible');
  await expect(sheet.locator('.paper-notice')).toHaveText(t(lang, 'papers:summary.notOfficial'));
});

for (const screenLang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(screenLang)) {
    test(`prescribed summary screens in ${screenLang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', screenLang);
      await goInApp(page, '/masterdata/company');
      const card = page.getByRole('main').locator('.ant-card', { has: page.getByText(t(screenLang, 'company:summary.title'), { exact: true }) });
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator('tr.ant-table-row').first()).toBeVisible();
      await shot(page, 'company-summary-card');
      await goInApp(page, `/loan/papers?id=${laterLoan}&paper=summary&lang=${screenLang === 'en' ? 'en' : 'zh-TW'}`);
      await expect(page.getByRole('main').locator('.loan-papers section[data-paper="summary"]:visible .paper-footer')).toBeVisible({ timeout: 15_000 });
      await shot(page, 'papers-official-summary', { fullPage: true });
    });
  }
}
