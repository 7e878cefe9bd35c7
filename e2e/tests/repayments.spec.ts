/**
 * Repayments: a manager posts a 20,000.00 cash receipt on demo loan 1 (旺角 陳志明, repaying) at the
 * counter after previewing its allocation, finds it in the repayment list and voids it with a
 * reason (the loan is back as it was). Both screens screenshotted in zh-TW and en at desktop and
 * phone sizes, and checked with axe.
 */
import type { Page } from '@playwright/test';
import { expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { approvedBySecondPerson } from './four-eyes-steps.js';

test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');

/** The counter of loan 1 with 20,000.00 typed in and its allocation previewed. */
async function previewed(page: Page, lang: Lang) {
  await goInApp(page, '/repayment/process?loanId=1');
  const m = main(page);
  await expect(m.getByText(t(lang, 'repayments:process.dueState'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await m.getByLabel(t(lang, 'repayments:fields.received'), { exact: true }).fill('20000.00');
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.preview')) }).click();
  await expect(m.getByText(t(lang, 'repayments:process.allocation'), { exact: true })).toBeVisible();
}

test('a manager posts a cash receipt at the counter, then voids it in the list', async ({ page, request }) => {
  const lang: Lang = 'en';
  await signIn(page, 'manager', lang);
  await previewed(page, lang);
  await expectScreenAccessible(page);

  const m = main(page);
  await m.getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const posting = page.waitForResponse((r) => /\/repayments$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:process.post')) }).click();
  const res = await posting;
  expect(res.status()).toBe(200);
  const receipt = ((await res.json()) as { data: { id: number; repayNo: string; received: string } }).data;
  expect(receipt.received).toBe('20000.00');
  await expect(m.getByText(t(lang, 'repayments:process.posted').replace('{{repayNo}}', receipt.repayNo)).first()).toBeVisible();
  // The receipt to print: its number and the amount received.
  const sheet = m.locator('section[data-paper="receipt"]:visible');
  await expect(sheet).toContainText(receipt.repayNo);
  await expect(sheet).toContainText('20,000.00');
  await sheet.scrollIntoViewIfNeeded();
  await shot(page, 'repayment-receipt');

  await goInApp(page, `/repayment/list?repayNo=${encodeURIComponent(receipt.repayNo)}`);
  const row = main(page).locator('tr', { hasText: receipt.repayNo });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('20,000.00');
  await expectScreenAccessible(page);
  await row.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: receipt.repayNo });
  await dialog.getByLabel(t(lang, 'repayments:fields.reason'), { exact: true }).fill('Entered on the wrong loan');
  await dialog.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  const correcting = page.waitForResponse((r) => r.url().endsWith(`/repayments/${receipt.id}/correct`));
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) }).click();
  // under four eyes the void is a request until a second person approves it
  await approvedBySecondPerson(request, await correcting);
  await page.reload();
  await expect(row.getByText(t(lang, 'enums:repaymentCorrection.void'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('button', { name: btn(t(lang, 'repayments:actions.correct')) })).toHaveCount(0);

  // The drawer shows the correction and its reason.
  await row.click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Entered on the wrong loan' });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('section[data-paper="receipt"]')).toContainText(t(lang, 'repayments:receipt.title'));
  await shot(page, 'repayment-detail');
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`repayment screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await previewed(page, lang);
      await shot(page, 'repayment-process');
      await shot(page, 'repayment-process-full', { fullPage: true });
      await goInApp(page, '/repayment/list');
      await expect(main(page).getByText(t(lang, 'repayments:fields.repayNo'), { exact: true }).first()).toBeVisible({ timeout: 15_000 });
      await shot(page, 'repayment-list');
    });
  }
}
