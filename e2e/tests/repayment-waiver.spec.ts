/**
 * Waivers of overdue interest and fees (issue 26) on demo loan 陳志明's 20,000 in Mong Kok (paid out
 * 65 days ago, behind with its instalments): a manager opens the loan's operation page, waives the
 * overdue interest in full and 50.00 of the handling fee with a reason, sees the waiver in the
 * loan's history and on the s.19 statement, and prints the statement. The dialog and the statement
 * screenshotted in zh-TW and en at desktop and phone sizes; the statement printed to A4.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RepaymentOperation } from '@harbour/contracts';
import { dec, formatMoney, moneyText } from '@harbour/domain';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, type TokenPair, screenSizes } from '../fixtures/index.js';
import { screensDir } from '../fixtures/shots.js';
import { btn } from './tools-helpers.js';
import { approvedBySecondPerson } from './four-eyes-steps.js';

test.describe.configure({ mode: 'serial' });

let loanId: number;
let before: RepaymentOperation['waivable'];

async function api<T>(request: APIRequestContext, who: TokenPair, url: string): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { headers: bearer(who) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, lang: Lang) => page.locator('.ant-modal', { hasText: t(lang, 'repayments:waiver.title') });
const fmt = (v: string) => formatMoney(v, { grouped: true });

test.beforeAll(async ({ request }) => {
  const manager = await apiLogin(request, 'manager');
  // A demo loan behind with its instalments (陳志明's 20,000 first): other specs post receipts on some
  // of them side by side, so the first one that still owes overdue interest and more than 50.00 of fee.
  const list = await api<{ items: { id: number; loanAmount: string; status: string; customer: { name: string } }[] }>(request, manager, `/loans?pageSize=100`);
  const repaying = list.items.filter((l) => l.status === 'repaying');
  repaying.sort((a, b) => Number(!(a.customer.name === '陳志明' && dec(a.loanAmount).eq(20000))) - Number(!(b.customer.name === '陳志明' && dec(b.loanAmount).eq(20000))));
  for (const l of repaying) {
    const waivable = (await api<RepaymentOperation>(request, manager, `/repayments/operation?loanId=${l.id}`)).waivable;
    if (dec(waivable.overdueInterest).gt(0) && dec(waivable.fee).gt(50)) {
      loanId = l.id;
      before = waivable;
      break;
    }
  }
  expect(before, 'a demo loan owes overdue interest and a fee').toBeDefined();
});

async function openOperation(page: Page) {
  const loaded = page.waitForResponse((r) => r.url().includes(`/repayments/operation?loanId=${loanId}`) && r.status() === 200);
  await goInApp(page, `/repayment/operation?loanId=${loanId}`);
  return ((await (await loaded).json()) as { data: RepaymentOperation }).data;
}

test('a manager waives the overdue interest in full and part of the fee, and sees it in the history and on the statement', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  const op = await openOperation(page);
  const m = main(page);
  await m.getByRole('button', { name: btn(t(lang, 'repayments:waiver.action')) }).click();
  const d = dialog(page, lang);
  await expect(d).toBeVisible();
  // each component's figure outstanding today, as the server counts it
  await expect(d.locator('[data-component=overdueInterest]')).toContainText(fmt(op.waivable.overdueInterest));
  await expect(d.locator('[data-component=fee]')).toContainText(fmt(op.waivable.fee));
  await d.getByLabel(`${t(lang, 'repayments:waiver.overdueInterest')} ${t(lang, 'repayments:waiver.inFull')}`).check();
  await d.getByLabel(`${t(lang, 'repayments:waiver.fee')} ${t(lang, 'repayments:waiver.amount')}`).fill('50');
  // the reason is required
  await d.getByRole('button', { name: btn(t(lang, 'repayments:waiver.action')) }).click();
  await expect(d.getByText(t(lang, 'validation:required'))).toBeVisible();
  await d.getByLabel(t(lang, 'repayments:waiver.reason')).fill('客戶住院，酌情減免');
  await d.getByRole('button', { name: btn(t(lang, 'repayments:waiver.action')) }).click();
  const total = moneyText(dec(op.waivable.overdueInterest).plus('50'));
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(fmt(total));
  const posted = page.waitForResponse((r) => r.url().endsWith(`${API}/repayments/waive`));
  await confirm.getByRole('button', { name: btn(t(lang, 'repayments:waiver.action')) }).click();
  // a waiver waits for a second person (four eyes): the administrator approves it
  await expect(page.getByText(t(lang, 'approvals:success.requested'))).toBeVisible();
  await approvedBySecondPerson(page.request, await posted);
  await page.reload();

  const history = m.locator('.ant-card', { hasText: t(lang, 'repayments:waiver.history') });
  const row = history.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('客戶住院，酌情減免');
  await expect(row).toContainText(fmt(op.waivable.overdueInterest));
  await expect(row).toContainText('50.00');
  await expect(row).toContainText(fmt(total));
  // the waiver was made when the second person (the administrator) approved the manager's request
  await expect(row).toContainText('系統管理員');
  await expect(row.locator('.harbour-money').first()).toHaveCSS('text-align', 'right');
  await expectScreenAccessible(page);

  await goInApp(page, `/repayment/statement?loanId=${loanId}`);
  const sheet = main(page).locator('section[data-paper="statement"]');
  await expect(sheet).toContainText(t(lang, 'statements:sections.waived'), { timeout: 15_000 });
  const waived = sheet.locator('table', { hasText: '客戶住院，酌情減免' });
  await expect(waived).toContainText(fmt(op.waivable.overdueInterest));
  await expect(waived).toContainText(fmt(total));
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`waiver dialog and statement in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await openOperation(page);
      await main(page).getByRole('button', { name: btn(t(lang, 'repayments:waiver.action')) }).click();
      await expect(dialog(page, lang)).toBeVisible();
      await shot(page, 'repayment-waiver-dialog');
      await page.keyboard.press('Escape');
      await expect(dialog(page, lang)).toBeHidden();
      await main(page).locator('.ant-card', { hasText: t(lang, 'repayments:waiver.history') }).scrollIntoViewIfNeeded();
      await shot(page, 'repayment-waiver-history');
      await goInApp(page, `/repayment/statement?loanId=${loanId}`);
      await expect(main(page).locator('section[data-paper="statement"]')).toContainText(t(lang, 'statements:sections.waived'), { timeout: 15_000 });
      await shot(page, 'repayment-waiver-statement', { fullPage: true });
    });
  }
}

test('the statement with its waiver prints to A4', async ({ page }) => {
  for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
    await signIn(page, 'manager', lang);
    await goInApp(page, `/repayment/statement?loanId=${loanId}`);
    await expect(main(page).locator('section[data-paper="statement"]')).toContainText(t(lang, 'statements:sections.waived'), { timeout: 15_000 });
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await main(page).getByRole('button', { name: btn(t(lang, 'statements:labels.print')) }).click();
    await expect(page.locator('.loan-papers-print section[data-paper="statement"]')).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root')).toBeHidden();
    const dir = path.join(screensDir, 'waiver');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `statement-${lang}-a4.pdf`);
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
