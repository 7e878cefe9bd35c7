/**
 * Four eyes (zh-TW): the collector asks for the void of a receipt — the answer is "sent for
 * approval", nothing is reversed, and the collector has no approve button (the API refuses too);
 * the manager approves it in 待覆核; the receipt is reversed; the audit list shows the request by
 * the collector and the void by the manager. The approvals page screenshotted in zh-TW and en at
 * desktop and phone sizes.
 */
import type { Page } from '@playwright/test';
import type { ApprovalRequested, RepaymentItem } from '@harbour/contracts';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, screenSizes, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { api, paidOutLoan } from './loan-steps.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');
const lang: Lang = 'zh-TW';
let receipt: RepaymentItem;
let requestId: number;

test('the collector asks for a void: sent for approval, nothing reversed, no approve button', async ({ page, request }) => {
  const loan = await paidOutLoan(request, { borrower: '陳志明', loanAmount: '12000', totalTenor: 6, approval: { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'Four-eyes e2e loan' } });
  const collector = await apiLogin(request, 'collector');
  receipt = await api<RepaymentItem>(request, collector, 'POST', '/repayments', { loanId: loan.id, received: '1000.00', method: 'cash', repayType: 'auto', idempotencyKey: `four-eyes-e2e-${Date.now()}` });

  await signIn(page, 'collector', lang);
  await goInApp(page, `/repayment/list?repayNo=${encodeURIComponent(receipt.repayNo)}`);
  const row = main(page).locator('tr:visible', { hasText: receipt.repayNo });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: receipt.repayNo });
  await dialog.getByLabel(t(lang, 'repayments:fields.reason'), { exact: true }).fill('收款金額輸入錯誤');
  await dialog.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const asking = page.waitForResponse((r) => r.url().endsWith(`/repayments/${receipt.id}/correct`));
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const answer = await asking;
  expect(answer.status()).toBe(202);
  requestId = ((await answer.json()) as { data: ApprovalRequested }).data.approvalRequest.id;
  await expect(page.getByText(t(lang, 'approvals:success.requested'))).toBeVisible();
  // nothing is reversed yet
  await expect(row.getByText(t(lang, 'enums:repaymentCorrection.void'), { exact: true })).toHaveCount(0);

  await goInApp(page, '/approval/requests');
  // the request's row (its reason): the receipt list's row of the same receipt stays visible a
  // moment while the tab changes, and has a View button too
  const mine = main(page).locator('tr:visible', { hasText: receipt.repayNo }).filter({ hasText: '收款金額輸入錯誤' });
  await expect(mine).toBeVisible({ timeout: 15_000 });
  await mine.getByRole('button', { name: btn(t(lang, 'approvals:actions.view')) }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '收款金額輸入錯誤' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: btn(t(lang, 'approvals:actions.approve')) })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: btn(t(lang, 'approvals:actions.withdraw')) })).toBeVisible();
  // and the server refuses the collector's approval whatever the page offers
  const refused = await request.fetch(`${API}/approvalRequests/${requestId}/approve`, { method: 'POST', headers: bearer(collector), data: {} });
  expect(refused.status()).toBe(403);
});

test('the manager approves; the receipt is reversed; the audit list names both', async ({ page, request }) => {
  await signIn(page, 'manager', lang);
  await goInApp(page, '/approval/requests');
  const row = main(page).locator('tr:visible', { hasText: receipt.repayNo });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('張收數');
  await expectScreenAccessible(page);
  await row.getByRole('button', { name: btn(t(lang, 'approvals:actions.view')) }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '收款金額輸入錯誤' });
  await expect(drawer).toContainText(receipt.repayNo);
  await expect(drawer).toContainText('1,000.00');
  await shot(page, 'approvals-detail');
  await drawer.getByRole('button', { name: btn(t(lang, 'approvals:actions.approve')) }).click();
  const approving = page.waitForResponse((r) => r.url().endsWith(`/approvalRequests/${requestId}/approve`));
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'approvals:actions.approve')) }).click();
  expect((await approving).status()).toBe(200);
  await expect(drawer.getByText(t(lang, 'approvals:statuses.approved'), { exact: true })).toBeVisible();

  await goInApp(page, `/repayment/list?repayNo=${encodeURIComponent(receipt.repayNo)}`);
  const receiptRow = main(page).locator('tr:visible', { hasText: receipt.repayNo });
  await expect(receiptRow.getByText(t(lang, 'enums:repaymentCorrection.void'), { exact: true })).toBeVisible({ timeout: 15_000 });

  // the audit list: the request by the collector, the void by the manager (naming the requester)
  const admin = await apiLogin(request, 'admin');
  const rows = await api<{ items: { staffName: string; action: string; module: string; reference: string | null; after: { fourEyes?: { requestedByName: string } } }[] }>(
    request,
    admin,
    'GET',
    `/auditLogs?pageSize=100&sort=id:desc&dateFrom=${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)}`,
  );
  const requested = rows.items.find((r) => r.module === 'approvals' && r.action === 'request' && r.reference === String(requestId));
  const voided = rows.items.find((r) => r.module === 'repayments' && r.action === 'void' && r.reference === String(receipt.id));
  expect(requested?.staffName).toBe('張收數');
  expect(voided?.staffName).toBe('陳經理');
  expect(voided?.after.fourEyes?.requestedByName).toBe('張收數');
  await signIn(page, 'admin', lang);
  // filtered to the two rows: other specs write audit rows side by side, pushing them off a first page
  const log = main(page);
  await goInApp(page, `/admin/log?action=request&reference=${requestId}`);
  await expect(log.locator('tr:visible', { hasText: t(lang, 'enums:auditAction.request') }).filter({ hasText: '張收數' }).first()).toBeVisible({ timeout: 15_000 });
  await goInApp(page, `/admin/log?action=void&reference=${receipt.id}`);
  await expect(log.locator('tr:visible', { hasText: t(lang, 'enums:auditAction.void') }).filter({ hasText: '陳經理' }).first()).toBeVisible({ timeout: 15_000 });
});

for (const l of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(l)) {
    test(`approvals page in ${l} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', l);
      await goInApp(page, '/approval/requests');
      await page.getByRole('main').getByRole('combobox', { name: t(l, 'approvals:fields.status') }).waitFor({ timeout: 15_000 });
      await expect(page.getByRole('main').locator('.ant-table')).toBeVisible();
      await shot(page, 'approvals-list');
    });
  }
}
