/**
 * Repayment → collector's desk (docs/collection.md). The collector, in zh-TW, finds the demo
 * overdue loan of 李美玲 (Mong Kok) on the work queue, logs a call with a promise to pay today in
 * the row's small dialog, sees the promise in the loan's contact log at the repayment counter, and finds it under today's
 * promises. Only contacts are written (no receipt), so the demo loan stays as other specs read it.
 */
import type { DeskPage } from '@harbour/contracts';
import { DESKTOP, apiLogin, expect, expectScreenAccessible, goInApp, screenSizes, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { api, hongKongToday } from './loan-steps.js';
import { btn } from './tools-helpers.js';

const PATH = '/repayment/collectorDesk';

/** The demo overdue loan the walk works on: 李美玲's in Mong Kok, found on the queue by name. */
async function demoOverdueLoan(request: Parameters<typeof apiLogin>[0]) {
  const collector = await apiLogin(request, 'collector');
  const queue = await api<DeskPage>(request, collector, 'GET', `/collection/desk?view=queue&customerName=${encodeURIComponent('李美玲')}`);
  expect(queue.items.length, 'the demo overdue loan of 李美玲').toBeGreaterThan(0);
  return queue.items[0]!;
}

test('the collector logs a call with a promise on the queue, sees it on the loan and under today’s promises', async ({ page, request }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  const loan = await demoOverdueLoan(request);
  const today = hongKongToday();
  await signIn(page, 'collector', lang);
  await goInApp(page, PATH);
  const main = page.getByRole('main');
  // the desk's screen in zh-TW at 1440×900 is this one (the screens below take the other sizes)
  await expect(main.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expectScreenAccessible(page);
  await shot(page, 'collector-desk');
  await main.getByPlaceholder(t(lang, 'collection:desk.fields.loanNo')).fill(loan.loanNo);
  await main.getByRole('button', { name: btn(t(lang, 'collection:search')) }).click();
  const row = main.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: loan.loanNo });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.harbour-money').first()).toHaveCSS('text-align', 'right');

  await row.getByRole('button', { name: btn(t(lang, 'collection:desk.actions.promised')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t(lang, 'collection:desk.fields.promiseAmount')).fill('1500');
  await dialog.getByLabel(t(lang, 'collection:desk.fields.note')).fill('客戶答應今日下午到店還款');
  // the date last: Enter in it saves the dialog
  const logged = page.waitForResponse((r) => r.url().endsWith('/collection/contacts') && r.request().method() === 'POST');
  const date = dialog.getByLabel(t(lang, 'collection:desk.fields.promiseDate'));
  await date.fill(today);
  await date.press('Enter');
  expect((await logged).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`1,500.00，${today} 或之前`);
  await expect(row).toContainText(t(lang, 'collection:desk.outcomes.promised'));
  await shot(page, 'collector-desk-walk');

  // the loan at the repayment counter: its contact log, collapsed below the due state, newest first
  await row.getByRole('link', { name: loan.loanNo }).click();
  await expect(page).toHaveURL(new RegExp(`/repayment/process\\?loanId=${loan.loanId}$`));
  const panel = main.locator('.ant-collapse').filter({ hasText: t(lang, 'collection:desk.panel.title') });
  await panel.getByRole('button', { name: t(lang, 'collection:desk.panel.title') }).click();
  const entry = panel.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '客戶答應今日下午到店還款' });
  await expect(entry).toContainText(t(lang, 'collection:desk.outcomes.promised'));
  await expect(entry).toContainText(`1,500.00，${today} 或之前`);
  await expect(entry).toContainText('張收數');

  // back on the desk: under today's promises
  await goInApp(page, PATH);
  await main.locator('.ant-segmented-item').filter({ hasText: t(lang, 'collection:desk.views.today') }).click();
  await main.getByPlaceholder(t(lang, 'collection:desk.fields.loanNo')).fill(loan.loanNo);
  await main.getByRole('button', { name: btn(t(lang, 'collection:search')) }).click();
  await expect(main.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: loan.loanNo }).first()).toContainText(`1,500.00，${today} 或之前`);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  // zh-TW at 1440×900 is the walk's own screen
  for (const size of screenSizes(lang).filter((s) => lang !== 'zh-TW' || s.width !== DESKTOP.width)) {
    test(`collector's desk screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'collector', lang);
      await goInApp(page, PATH);
      await expect(page.getByRole('main').locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      await expectScreenAccessible(page);
      await shot(page, 'collector-desk');
    });
  }
}
