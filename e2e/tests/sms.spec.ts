/**
 * SMS reminders in the browser against the real server (issue 13): the collector edits the overdue
 * template and previews a Chinese message with its SMS parts, selects three overdue loans on
 * SendSmsList, sends them after the confirmation and finds them in the sent record. The screens are
 * photographed in Traditional Chinese and English at desktop and phone sizes.
 */
import type { Page } from '@playwright/test';
import type { SmsSendResult } from '@harbour/contracts';
import { API, expect, goInApp, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { label, named } from './admin-helpers.js';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('.ant-table-tbody:visible tr.ant-table-row');
let sentLoans: string[] = [];
/** A catalogue text with its `{{name}}` placeholders filled in. */
const tx = (lang: Lang, key: string, params: Record<string, string | number>) => t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

test('the collector edits the overdue template and previews the Chinese message with its SMS parts', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'collector', lang);
  await goInApp(page, '/masterdata/smsContent');
  await expect(main(page).getByRole('heading', { name: t(lang, 'shell:menu.masterdata.smsContent') })).toBeVisible();
  const row = rows(page).filter({ hasText: t(lang, 'enums:smsKind.overdue') }).filter({ hasText: t(lang, 'enums:smsLanguage.zh-TW') });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: named(t(lang, 'admin:resource.edit')) }).click();
  const drawer = page.getByRole('dialog');
  const content = drawer.getByLabel(label(t(lang, 'reminders:fields.content')));
  // an unknown placeholder is shown at once
  await content.fill('{customer}您好');
  await expect(drawer.getByTestId('sms-preview')).toContainText(tx(lang, 'reminders:preview.unknown', { name: 'customer' }));
  const text = '{customerName}您好，貸款{loanNo}已逾期{overdueDays}天，請即繳付HK${amountDue}，如已還款請忽略。查詢請致電{companyName} {companyPhone}，多謝。';
  await content.fill(text);
  const preview = drawer.getByTestId('sms-preview-text');
  await expect(preview).toContainText('陳大文您好，貸款MK2026000123已逾期5天');
  const meter = drawer.getByTestId('sms-meter');
  await expect(meter).toContainText(tx(lang, 'reminders:meter.segments', { count: 2 }));
  await expect(meter).toContainText(t(lang, 'reminders:meter.ucs'));
  await shot(page, 'sms-content-edit');
  const saved = page.waitForResponse((r) => r.url().includes(`${API}/smsTemplates/`) && r.request().method() === 'PUT');
  await drawer.getByRole('button', { name: named(t(lang, 'admin:resource.save')) }).click();
  expect((await saved).status()).toBe(200);
  await expect(rows(page).filter({ hasText: '如已還款請忽略' })).toHaveCount(1);
});

test('the collector selects three overdue loans, sends, and sees them in the sent record', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'collector', lang);
  const listed = page.waitForResponse((r) => r.url().includes(`${API}/sms/candidates`) && r.url().includes('kind=overdue'));
  await goInApp(page, '/sms/list');
  expect((await listed).status()).toBe(200);
  await expect(main(page).getByRole('tab', { name: t(lang, 'enums:smsKind.overdue') })).toHaveAttribute('aria-selected', 'true');
  const open = rows(page).filter({ has: page.locator('input[type=checkbox]:not([disabled])') });
  await expect(open.nth(2)).toBeVisible();
  // the preview is the edited template in Chinese
  await expect(open.first()).toContainText('如已還款請忽略');
  sentLoans = [];
  for (let i = 0; i < 3; i++) {
    const r = open.nth(i);
    sentLoans.push((await r.locator('td').nth(1).innerText()).trim());
    await r.locator('input[type=checkbox]').check();
  }
  await shot(page, 'sms-list-overdue');
  await main(page).getByRole('button', { name: named(tx(lang, 'reminders:send.button', { count: 3 })) }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(tx(lang, 'reminders:send.confirmTitle', { count: 3, kind: t(lang, 'enums:smsKind.overdue') }));
  const sent = page.waitForResponse((r) => r.url().endsWith(`${API}/sms/send`));
  await confirm.getByRole('button', { name: named(t(lang, 'reminders:send.ok')) }).click();
  const res = await sent;
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { data: SmsSendResult }).data.queued).toBe(3);

  await main(page).getByRole('tab', { name: t(lang, 'reminders:record.title') }).click();
  for (const loanNo of sentLoans) {
    const r = rows(page).filter({ hasText: loanNo });
    await expect(r.first()).toBeVisible();
    await expect(r.first()).toContainText('*');
  }
  await shot(page, 'sms-sent-record');
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`SMS screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'collector', lang);
      await goInApp(page, '/masterdata/smsContent');
      await expect(rows(page).first()).toBeVisible();
      await shot(page, 'sms-content');
      await goInApp(page, '/sms/list');
      await expect(main(page).locator('.ant-table-tbody:visible')).toHaveCount(1);
      await expect(main(page).locator('.ant-spin-spinning:visible')).toHaveCount(0);
      await shot(page, 'sms-list');
      await main(page).getByRole('tab', { name: t(lang, 'reminders:record.title') }).click();
      await expect(main(page).locator('.ant-spin-spinning:visible')).toHaveCount(0);
      await shot(page, 'sms-record');
    });
  }
}
