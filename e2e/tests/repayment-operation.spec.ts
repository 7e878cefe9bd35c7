/**
 * Repayment → process list and operation. A Mong Kok demo loan behind with its instalments (paid
 * out 50 days ago): the collector takes its overdue interest and fee. The collector opens the process list, keeps the overdue loans,
 * opens the loan's operation page (instalments, the receipt, the temporary amount) and goes to the
 * counter with the loan chosen. Screens in zh-TW and English, desktop and phone.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { DueState, RepaymentOperation } from '@harbour/contracts';
import { dec, formatMoney } from '@harbour/domain';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, type TokenPair, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const LIST = '/repayment/processList';
let loan: { id: number; loanNo: string; repayNo: string };
let received: string;

async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

const main = (page: Page) => page.getByRole('main');

test.beforeAll(async ({ request }) => {
  const manager = await apiLogin(request, 'manager');
  const collector = await apiLogin(request, 'collector');
  // Nothing is ever due on the day money is lent (a late payout is re-based), so the overdue loan is
  // the demo's: 李美玲's 18,000 in Mong Kok, paid out 50 days ago and behind with its instalments.
  const list = await api<{ items: { id: number; loanNo: string | null; loanAmount: string; status: string }[] }>(
    request, manager, 'GET', `/loans?q=${encodeURIComponent('李美玲')}&pageSize=50`,
  );
  const demo = list.items.find((l) => l.status === 'repaying' && dec(l.loanAmount).eq(18000))!;
  const made = { id: demo.id };
  const paid = { loanNo: demo.loanNo! };
  // what the counter asks at least: the overdue interest and the fee; the instalments stay overdue
  const due = await api<DueState>(request, collector, 'GET', `/repayments/due?loanId=${made.id}`);
  received = dec(due.overdueInterest).plus(due.handlingFee).toFixed(2);
  const receipt = await api<{ repayNo: string }>(request, collector, 'POST', '/repayments', {
    loanId: made.id,
    received,
    repayType: 'auto',
    method: 'cash',
    idempotencyKey: `e2e-operation-${made.id}`,
  });
  loan = { id: made.id, loanNo: paid.loanNo, repayNo: receipt.repayNo };
});

test('the collector keeps the overdue loans, opens one’s operation page and goes to the counter', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'collector', lang);
  const first = page.waitForResponse((r) => r.url().includes(`${API}/repayments/processList?`) && r.status() === 200);
  await goInApp(page, LIST);
  expect(new URL((await first).url()).searchParams.get('status')).toBe('repaying');
  const m = main(page);
  await expect(m.getByRole('row').filter({ hasText: loan.loanNo })).toBeVisible();
  await expectScreenAccessible(page);

  await m.getByLabel(t(lang, 'processing:list.overdueOnly')).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: t(lang, 'processing:list.overdueOnly') }).click();
  const filtered = page.waitForResponse((r) => r.url().includes('/repayments/processList?') && r.url().includes('overdueOnly=yes'));
  await m.getByRole('button', { name: btn(t(lang, 'processing:list.search')) }).click();
  expect((await filtered).status()).toBe(200);
  const row = m.locator('.ant-table-tbody tr.ant-table-row', { hasText: loan.loanNo });
  await expect(row).toBeVisible();
  // every row kept is overdue; the ID number is masked; amounts right-aligned
  const days = m.locator('.ant-table-tbody tr.ant-table-row');
  for (let k = 0; k < (await days.count()); k++) await expect(days.nth(k).locator('.ant-tag', { hasText: /\d+ days?/ })).toHaveCount(1);
  await expect(row).toContainText('*');
  await expect(row.locator('.harbour-money').first()).toHaveCSS('text-align', 'right');

  const opened = page.waitForResponse((r) => r.url().includes(`/repayments/operation?loanId=${loan.id}`));
  await row.getByRole('link', { name: loan.loanNo }).click();
  await expect(page).toHaveURL(new RegExp(`/repayment/operation\\?loanId=${loan.id}$`));
  const op = ((await (await opened).json()) as { data: RepaymentOperation }).data;
  expect(op.instalments.filter((i) => i.state === 'overdue').map((i) => i.tenor)).toEqual([1]);
  await expect(m.getByText(`${loan.loanNo} · ${op.customer.name}`)).toBeVisible();
  const instalments = m.locator('.ant-card', { hasText: t(lang, 'processing:operation.instalments') });
  await expect(instalments.locator('.ant-tag', { hasText: t(lang, 'processing:operation.state.overdue') })).toHaveCount(1);
  await expect(instalments.getByRole('row', { name: new RegExp(`^${t(lang, 'processing:operation.total')}`) })).toContainText('18,000.00');
  const receipts = m.locator('.ant-card', { hasText: t(lang, 'processing:operation.receipts') });
  await expect(receipts.getByRole('row').filter({ hasText: loan.repayNo })).toContainText(formatMoney(received, { grouped: true }));
  // the collector may ask for the void; under four eyes a manager approves it (four-eyes.spec.ts)
  await expect(m.getByRole('button', { name: btn(t(lang, 'processing:operation.voidLatest')) })).toBeVisible();
  await expectScreenAccessible(page);

  await receipts.getByRole('button', { name: btn(t(lang, 'processing:operation.print')) }).click();
  await expect(page.locator('section[data-paper="receipt"]:visible')).toContainText(loan.repayNo);
  await page.keyboard.press('Escape');

  const counter = page.waitForResponse((r) => r.url().includes(`/repayments/due?loanId=${loan.id}`));
  await m.getByRole('button', { name: btn(t(lang, 'processing:operation.repay')) }).click();
  await expect(page).toHaveURL(new RegExp(`/repayment/process\\?loanId=${loan.id}$`));
  expect((await counter).status()).toBe(200);
});

test('the manager may void the latest receipt from the operation page', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, `/repayment/operation?loanId=${loan.id}`);
  const m = main(page);
  await m.getByRole('button', { name: btn(t(lang, 'processing:operation.voidLatest')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: loan.repayNo });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`process list and operation screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'collector', lang);
      await goInApp(page, LIST);
      await expect(main(page).getByRole('row').filter({ hasText: loan.loanNo })).toBeVisible();
      await shot(page, 'repayment-process-list');
      await goInApp(page, `/repayment/operation?loanId=${loan.id}`);
      await expect(main(page).getByRole('row').filter({ hasText: loan.repayNo }).first()).toBeVisible();
      await shot(page, 'repayment-operation');
      await shot(page, 'repayment-operation-full', { fullPage: true });
    });
  }
}
