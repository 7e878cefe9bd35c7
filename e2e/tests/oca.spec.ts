/**
 * OCA / write-off (spec §2, §3, §8), on the 觀塘 demo loans: the manager transfers 劉國強's overdue
 * loan to an OCA agent, records money recovered on it and finds it on the process list; writes
 * off 何詠詩's OCA loan, records recovery income, and is refused the cancellation while that
 * recovery stands (the spec's message). Then both screens in zh-TW and en, desktop and phone.
 */
import type { Page } from '@playwright/test';
import { expect, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { approvedBySecondPerson } from './four-eyes-steps.js';

test.describe.configure({ mode: 'serial' });

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, title: string) => page.locator('.ant-modal:visible').filter({ hasText: title });
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');
const row = (page: Page, text: string) => main(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).filter({ visible: true });
const posted = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === 'POST');

test('the manager transfers an overdue loan to an agent, records a recovery and sees it on the process list', async ({ page }) => {
  const lang: Lang = 'en';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager', lang);
  await goInApp(page, '/oca/list');
  await expect(row(page, '何詠詩')).toBeVisible({ timeout: 15_000 });

  await main(page).getByRole('button', { name: btn(t(lang, 'collection:list.transfer')) }).click();
  const form = dialog(page, t(lang, 'collection:list.transfer'));
  const search = page.waitForResponse((r) => r.url().includes('/collection/overdueLoans') && r.url().includes('search='));
  await form.getByLabel(t(lang, 'collection:forms.loan'), { exact: true }).fill('劉國強');
  await search;
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '劉國強' }).first().click();
  await form.getByLabel(t(lang, 'collection:fields.agent'), { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Eastern Collection Agency' }).click();
  await expect(form.getByLabel(t(lang, 'collection:fields.chargePercent'), { exact: true })).toHaveValue('25');
  await form.getByLabel(t(lang, 'collection:fields.solicitorFee'), { exact: true }).fill('800');
  await form.getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  const transferring = posted(page, '/collection/transfers');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  const transfer = await transferring;
  expect(transfer.status()).toBe(200);
  const loanNo = ((await transfer.json()) as { data: { loanNo: string } }).data.loanNo;
  await expect(page.getByText(t(lang, 'collection:success.transferred')).first()).toBeVisible();

  const loanRow = row(page, loanNo);
  await expect(loanRow).toContainText('Eastern Collection Agency');
  await expect(loanRow).toContainText('800.00');
  await loanRow.getByRole('button', { name: btn(t(lang, 'collection:actions.recover')) }).click();
  const rec = dialog(page, loanNo);
  await rec.getByLabel(t(lang, 'collection:fields.amount'), { exact: true }).fill('1200');
  await rec.getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  const recovering = posted(page, '/collection/recoveries');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  expect((await recovering).status()).toBe(200);
  await expect(loanRow).toContainText('1,200.00');
  // 25% of it is owed to the agent
  await expect(loanRow).toContainText('300.00');

  await goInApp(page, '/oca/processList');
  // newest first: the recovery and the transfer of the loan lead the list
  const step = row(page, loanNo).filter({ hasText: t(lang, 'collection:kinds.recovery') });
  await expect(step).toContainText('1,200.00');
  await expect(step).toContainText('Eastern Collection Agency');
  await expect(row(page, loanNo).filter({ hasText: t(lang, 'collection:kinds.transfer') })).toHaveCount(1);
});

test('the manager writes off an OCA loan; the cancellation is refused while a recovery stands', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager', lang);
  await goInApp(page, '/oca/list');
  const loanRow = row(page, '何詠詩');
  await expect(loanRow).toBeVisible({ timeout: 15_000 });

  await loanRow.getByRole('button', { name: btn(t(lang, 'collection:actions.writeOff')) }).click();
  const w = dialog(page, t(lang, 'collection:actions.writeOff'));
  await w.getByLabel(t(lang, 'collection:fields.reason'), { exact: true }).fill('代理表示無法追收');
  const writing = posted(page, '/collection/writeOffs');
  await w.getByRole('button', { name: btn(t(lang, 'collection:actions.writeOff')) }).click();
  // under four eyes the write-off is a request until a second person approves it
  await approvedBySecondPerson(request, await writing);
  await page.reload();
  await expect(loanRow).toContainText(t(lang, 'collection:status.bad'), { timeout: 15_000 });

  await loanRow.getByRole('button', { name: btn(t(lang, 'collection:actions.recover')) }).click();
  const rec = page.locator('.ant-modal:visible').filter({ has: page.getByLabel(t(lang, 'collection:fields.amount'), { exact: true }) });
  await rec.getByLabel(t(lang, 'collection:fields.amount'), { exact: true }).fill('500');
  await rec.getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  const recovering = posted(page, '/collection/recoveries');
  await confirmBox(page).getByRole('button', { name: btn(t(lang, 'collection:forms.ok')) }).click();
  expect((await recovering).status()).toBe(200);

  await loanRow.getByRole('button', { name: btn(t(lang, 'collection:actions.cancelWriteOff')) }).click();
  const c = dialog(page, t(lang, 'collection:actions.cancelWriteOff'));
  await c.getByLabel(t(lang, 'collection:fields.reason'), { exact: true }).fill('客戶願意還款');
  const cancelling = posted(page, '/collection/writeOffs/cancel');
  await c.getByRole('button', { name: btn(t(lang, 'collection:actions.cancelWriteOff')) }).click();
  expect((await cancelling).status()).toBe(422);
  await expect(page.getByText(t(lang, 'collection:errors.recoveriesStand')).first()).toBeVisible();
  await shot(page, 'oca-cancel-refused');
  await c.getByRole('button', { name: new RegExp(`^${btn(t(lang, 'admin:resource.cancel')).source}$`) }).click();
  await expect(loanRow).toContainText(t(lang, 'collection:status.bad'));
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`the OCA screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, '/oca/list');
      await expect(row(page, '何詠詩')).toBeVisible({ timeout: 15_000 });
      await shot(page, 'oca-list', { fullPage: size.width > 400 });
      await goInApp(page, '/oca/processList');
      // the steps' tags are the process list's own (the list's tab stays mounted behind it)
      await expect(main(page).locator('.ant-tag', { hasText: t(lang, 'collection:kinds.transfer') }).first()).toBeVisible({ timeout: 15_000 });
      await shot(page, 'oca-process-list');
    });
  }
}
