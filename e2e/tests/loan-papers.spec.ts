/**
 * The papers Hong Kong law asks for, printed from a paid-out loan: the s.18 note with every item
 * (a)–(j) and the principal in words, in Traditional Chinese and English; each paper screenshotted
 * at desktop and phone sizes; the s.18 note and the Ordinance's summary printed to A4 PDF (and to
 * PNG with pdftoppm when installed) to be looked at as printed pages. Each print is audited first.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiLogin, bearer, clickSettled, expect, goInApp, screensDir, shot, signIn, t, test, type Lang, type TokenPair, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const PAPERS = ['s18', 'summary', 'terms', 'intermediary', 'affordability', 'schedule', 'receipt'] as const;

let loanId = 0;
let loanNo = '';
let payoutDate = '';
let lastDue = '';

async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

test.beforeAll(async ({ request }) => {
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const find = async (q: string) => (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent(q)}`)).items[0]!.id;
  const borrower = await find('陳志明');
  const surety = await find('李美玲');
  // Today in Hong Kong (the server's business date).
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId: borrower,
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: '50000',
    totalTenor: 12,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '0.7',
    partakers: [{ customerId: surety, role: 'guarantor', relation: '朋友' }],
    creditReferences: [{ creditName: '甲財務有限公司', creditType: '私人貸款', loanAmount: '30000', instalmentAmount: '2800', outstandingTenors: 8 }],
    collaterals: [{ ownerName: '陳志明', address: '九龍旺角彌敦道 688 號 12 樓 B 室' }],
  });
  loanId = loan.id;
  await api(request, clerk, 'POST', `/loans/${loanId}/submit`, {});
  await api(request, manager, 'POST', `/loans/${loanId}/approve`, { handlingFee: '500', overdueRate: '24', overduePenalty: '300' });
  await api(request, accountant, 'POST', `/loans/${loanId}/signedNote`, { receivedOn: today });
  const paid = await api<{ loanNo: string; payoutDate: string; instalments: { dueDate: string }[] }>(request, accountant, 'POST', `/loans/${loanId}/payout`, {
    payoutDate: today,
    method: 'cheque',
    chequeNo: '000456',
  });
  loanNo = paid.loanNo;
  payoutDate = paid.payoutDate;
  lastDue = paid.instalments.at(-1)!.dueDate;
});

/** The paper on screen (the shell keeps earlier pages, hidden, in its tabs). */
const sheet = (page: Page, paper: string) => page.getByRole('main').locator(`.loan-papers section[data-paper="${paper}"]:visible`);

const open = async (page: Page, paper: string, lang: Lang) => {
  await goInApp(page, `/loan/papers?id=${loanId}&paper=${paper}&lang=${lang}`);
  await expect(sheet(page, paper)).toBeVisible({ timeout: 15_000 });
};

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  test(`the s.18 note carries every item (a)–(j) and the principal in words (${lang})`, async ({ page }) => {
    await signIn(page, 'manager', lang);
    await open(page, 's18', lang);
    const note = sheet(page, 's18');
    const row = (item: string) => note.locator('tr', { has: page.locator('th', { hasText: t(lang, `papers:s18.${item}`) }) });
    for (const item of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) await expect(row(item), item).toBeVisible();
    // (a) the lender, (b) the borrower with the whole ID number (a reveal-key holder), (c) the surety.
    await expect(row('a')).toContainText(lang === 'en' ? 'Harbour Finance Limited' : '海港財務有限公司');
    await expect(row('a')).toContainText(lang === 'en' ? '12/F, 580 Nathan Road' : '九龍旺角彌敦道 580 號 12 樓');
    await expect(row('b')).toContainText('陳志明');
    await expect(row('b')).toContainText('九龍旺角彌敦道 688 號 12 樓 B 室');
    await expect(row('b')).toContainText('A382916(5)');
    await expect(row('c')).toContainText('李美玲');
    await expect(row('c')).toContainText('九龍油麻地上海街 321 號 5 樓');
    // (d) in figures and in words.
    await expect(row('d')).toContainText('50,000.00');
    await expect(row('d')).toContainText(lang === 'en' ? 'HONG KONG DOLLARS FIFTY THOUSAND ONLY' : '港幣伍萬元正');
    // (e) (f) dates, (g) 12 instalments to the last due date, (h) the property and the guarantee.
    await expect(row('e')).toContainText(payoutDate);
    await expect(row('f')).toContainText(payoutDate);
    await expect(row('g')).toContainText('4,516.67');
    await expect(row('g')).toContainText(lastDue);
    await expect(row('h')).toContainText('九龍旺角彌敦道 688 號 12 樓 B 室');
    await expect(row('h')).toContainText('李美玲');
    // (i) a rate a year and the Schedule 2 rate (with the 500 fee kept back), (j) the branch's address.
    await expect(row('i')).toContainText(/\d+\.\d{2}%.*\d+\.\d{2}%/);
    await expect(row('j')).toContainText('九龍旺角彌敦道 580 號');
    await expect(note).toContainText(loanNo);
    // Signature blocks for the borrower, the surety and the lender.
    await expect(note.locator('.paper-signature')).toHaveCount(3);

    // Print: the audited print record first, then the A4 printout without the application around it.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    const recorded = page.waitForResponse((r) => r.url().endsWith(`/loans/${loanId}/print`) && r.request().method() === 'POST');
    await page.getByRole('main').getByRole('button', { name: btn(t(lang, 'papers:print')) }).click();
    expect((await recorded).status()).toBe(200);
    await expect(page.locator('.loan-papers-print section[data-paper="s18"]')).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root')).toBeHidden();
    await pdfOf(page, 's18', lang);
    await page.emulateMedia({ media: 'screen' });
  });
}

/** The printout as A4 PDF pages, and as PNG pages to look at when pdftoppm is installed. */
async function pdfOf(page: Page, name: string, lang: Lang) {
  const dir = path.join(screensDir, 'papers');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${lang}-a4.pdf`);
  await page.pdf({ path: file, format: 'A4', printBackground: true, preferCSSPageSize: true });
  try {
    execFileSync('pdftoppm', ['-png', '-r', '70', file, file.replace(/\.pdf$/, '')]);
  } catch {
    // pdftoppm is not installed: the PDF alone.
  }
}

test('the Ordinance’s summary prints to A4 in both languages', async ({ page }) => {
  await signIn(page, 'clerk', 'zh-TW');
  for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
    await open(page, 'summary', lang);
    await expect(sheet(page, 'summary')).toContainText(lang === 'en' ? 'Section 18' : '第18條');
    // A clerk has no reveal key: told that ID numbers are masked.
    await expect(page.getByRole('main').locator('.ant-alert:visible', { hasText: t('zh-TW', 'papers:idMasked') })).toHaveCount(1);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('main').getByRole('button', { name: btn(t('zh-TW', 'papers:print')) }).click();
    await expect(page.locator('.loan-papers-print section[data-paper="summary"]')).toHaveCount(1);
    await pdfOf(page, 'summary', lang);
    // The printout closes after printing (the browser's afterprint).
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.locator('.loan-papers-print')).toHaveCount(0);
  }
});

test('the operation page offers the papers of the loan’s status', async ({ page }) => {
  await signIn(page, 'manager', 'en');
  await goInApp(page, `/loan/operation?id=${loanId}`);
  await page.getByRole('main').getByRole('button', { name: btn(t('en', 'papers:printMenu')) }).click();
  await expect(page.getByRole('menuitem', { name: t('en', 'papers:names.receipt') })).toBeVisible();
  await clickSettled(page.getByRole('menuitem', { name: t('en', 'papers:names.receipt') }));
  await page.waitForURL(/\/loan\/papers\?id=\d+&paper=receipt/);
  const receipt = sheet(page, 'receipt');
  await expect(receipt).toContainText('000456');
  await expect(receipt).toContainText('49,500.00');
  await expect(receipt).toContainText('HONG KONG DOLLARS FORTY-NINE THOUSAND FIVE HUNDRED ONLY');
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`loan papers in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      for (const paper of PAPERS) {
        await open(page, paper, lang);
        await shot(page, `papers-${paper}`, { fullPage: true });
      }
    });
  }
}
