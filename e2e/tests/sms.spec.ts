/**
 * SMS reminders in the browser against the real server (issue 13): the collector edits the overdue
 * template and previews a Chinese message with its SMS parts, selects two overdue loans on
 * SendSmsList, sends them after the confirmation and finds them in the sent record. Then (after
 * those, in this file's serial order, since "queue now" queues every overdue reminder) the manager
 * saves an HTTP gateway on the "Gateway and schedule" tab — the password is never shown again, only
 * "set" — and queues today's reminders now; and opts a customer out on the customer's detail page,
 * after which that customer's overdue loan cannot be chosen on the SMS list nor sent. The screens are
 * photographed in Traditional Chinese and English at desktop and phone sizes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { SmsCandidate, SmsSendResult } from '@harbour/contracts';
import { API, DESKTOP, apiLogin, bearer, expect, goInApp, shot, signIn, t, test, type Lang, screenSizes, type TokenPair } from '../fixtures/index.js';
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

test('the collector selects two overdue loans, sends, and sees them in the sent record', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'collector', lang);
  const listed = page.waitForResponse((r) => r.url().includes(`${API}/sms/candidates`) && r.url().includes('kind=overdue'));
  await goInApp(page, '/sms/list');
  expect((await listed).status()).toBe(200);
  await expect(main(page).getByRole('tab', { name: t(lang, 'enums:smsKind.overdue') })).toHaveAttribute('aria-selected', 'true');
  const open = rows(page).filter({ has: page.locator('input[type=checkbox]:not([disabled])') });
  // the demo's Mong Kok loans behind with their instalments (nothing is due on the day money is lent,
  // so the loans other specs pay out today are never overdue here)
  await expect(open.nth(1)).toBeVisible();
  // the preview is the edited template in Chinese
  await expect(open.first()).toContainText('如已還款請忽略');
  sentLoans = [];
  for (let i = 0; i < 2; i++) {
    const r = open.nth(i);
    sentLoans.push((await r.locator('td').nth(1).innerText()).trim());
    await r.locator('input[type=checkbox]').check();
  }
  await shot(page, 'sms-list-overdue');
  await main(page).getByRole('button', { name: named(tx(lang, 'reminders:send.button', { count: 2 })) }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(tx(lang, 'reminders:send.confirmTitle', { count: 2, kind: t(lang, 'enums:smsKind.overdue') }));
  const sent = page.waitForResponse((r) => r.url().endsWith(`${API}/sms/send`));
  await confirm.getByRole('button', { name: named(t(lang, 'reminders:send.ok')) }).click();
  const res = await sent;
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { data: SmsSendResult }).data.queued).toBe(2);

  await main(page).getByRole('tab', { name: t(lang, 'reminders:record.title') }).click();
  for (const loanNo of sentLoans) {
    const r = rows(page).filter({ hasText: loanNo });
    await expect(r.first()).toBeVisible();
    await expect(r.first()).toContainText('*');
  }
  await shot(page, 'sms-sent-record');
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
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

// ---- gateway and schedule, opt-out ----------------------------------------------------------------

const SECRET = 'gw-pass-7731';

async function api<T>(request: APIRequestContext, tokens: TokenPair, method: string, url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(tokens), data });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

async function openGatewayTab(page: Page, lang: Lang) {
  await goInApp(page, '/sms/list');
  await main(page).getByRole('tab', { name: t(lang, 'reminders:gateway.title') }).click();
  await expect(main(page).getByRole('button', { name: named(t(lang, 'reminders:gateway.runNow')) })).toBeVisible();
}

test.afterAll(async ({ request }) => {
  // back to the outbox, so other files' runs never post to the example gateway
  const manager = await apiLogin(request, 'manager');
  await api(request, manager, 'PUT', '/sms/gateway', { provider: 'outbox' });
});

test('the manager saves an HTTP gateway; the password is never shown again; queue today’s reminders now', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'manager', lang);
  await openGatewayTab(page, lang);
  const tab = main(page);
  await tab.getByRole('combobox', { name: t(lang, 'reminders:gateway.provider') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: t(lang, 'reminders:gateway.providers.http') }).click();
  await tab.getByLabel(label(t(lang, 'reminders:gateway.url'))).fill('https://sms.example.hk/api/v1/send');
  await tab.getByLabel(label(t(lang, 'reminders:gateway.username'))).fill('harbour-hk');
  await tab.getByLabel(t(lang, 'reminders:gateway.password'), { exact: true }).fill(SECRET);
  await tab.getByLabel(label(t(lang, 'reminders:gateway.senderId'))).fill('HARBOUR');
  const saved = page.waitForResponse((r) => r.url().endsWith(`${API}/sms/gateway`) && r.request().method() === 'PUT');
  await tab.getByRole('button', { name: named(t(lang, 'reminders:gateway.save')) }).click();
  const res = await saved;
  expect(res.status()).toBe(200);
  expect(await res.text()).not.toContain(SECRET);
  await expect(page.getByText(t(lang, 'success:saved'))).toBeVisible();
  // the password shows as "set", never as a value, also after opening the page again
  await expect(tab.getByText(t(lang, 'reminders:gateway.secretSet'), { exact: true })).toHaveCount(1);
  await page.reload();
  await openGatewayTab(page, lang);
  await expect(tab.getByText(t(lang, 'reminders:gateway.secretSet'), { exact: true })).toHaveCount(1);
  await expect(tab.getByLabel(label(t(lang, 'reminders:gateway.url')))).toHaveValue('https://sms.example.hk/api/v1/send');
  expect(await page.content()).not.toContain(SECRET);
  await expect(tab.getByRole('button', { name: `${t(lang, 'reminders:gateway.change')} ${t(lang, 'reminders:gateway.password')}` })).toBeVisible();

  // queue today's reminders now: confirmation, then how many were queued
  await tab.getByRole('button', { name: named(t(lang, 'reminders:gateway.runNow')) }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(t(lang, 'reminders:gateway.runConfirmTitle'));
  const ran = page.waitForResponse((r) => r.url().endsWith(`${API}/sms/schedule/run`));
  await confirm.getByRole('button', { name: named(t(lang, 'reminders:gateway.runOk')) }).click();
  const run = await ran;
  expect(run.status()).toBe(200);
  const queued = ((await run.json()) as { data: { queued: { upcoming: number; overdue: number } } }).data.queued;
  await expect(page.getByText(tx(lang, 'reminders:gateway.runDone', queued))).toBeVisible();
});

test('an opted-out customer’s overdue loan is listed but cannot be chosen on the SMS list', async ({ page, request }) => {
  const lang: Lang = 'en';
  const manager = await apiLogin(request, 'manager');
  const page1 = await api<{ items: SmsCandidate[] }>(request, manager, 'GET', '/sms/candidates?kind=overdue&pageSize=100');
  const target = page1.items.find((c) => !c.optedOut)!;
  expect(target, 'an overdue demo loan of a customer receiving reminders').toBeTruthy();

  await page.setViewportSize(DESKTOP);
  await signIn(page, 'manager', lang);
  await goInApp(page, `/persona/detail?id=${target.customerId}`);
  const smsSwitch = main(page).getByRole('switch', { name: t(lang, 'reminders:optOut.label') });
  await expect(smsSwitch).toBeChecked();
  await smsSwitch.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(target.customerName);
  await dialog.getByLabel(t(lang, 'reminders:optOut.reason')).fill('Asked by phone to stop messages');
  const put = page.waitForResponse((r) => r.url().endsWith(`${API}/sms/preference`));
  await dialog.getByRole('button', { name: named(t(lang, 'reminders:optOut.turnOff')) }).click();
  expect((await put).status()).toBe(200);
  await expect(smsSwitch).not.toBeChecked();
  await expect(main(page).getByText(t(lang, 'reminders:optOut.off'), { exact: true })).toBeVisible();

  await goInApp(page, '/sms/list');
  await main(page).getByLabel(t(lang, 'reminders:list.loanNo')).fill(target.loanNo);
  await main(page).getByRole('button', { name: named(t(lang, 'reminders:list.search')) }).click();
  const row = main(page).locator('.ant-table-tbody:visible tr.ant-table-row').filter({ hasText: target.loanNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t(lang, 'reminders:list.optedOut'));
  await expect(row.locator('input[type=checkbox]')).toBeDisabled();
  // nor through the API
  const sent = await api<{ queued: number; skipped: { reason: string }[] }>(request, manager, 'POST', '/sms/send', { kind: 'overdue', loanIds: [target.loanId] });
  expect(sent).toEqual({ queued: 0, skipped: [{ loanId: target.loanId, reason: 'optedOut' }] });

  // back on, with the switch (no reason needed)
  await goInApp(page, `/persona/detail?id=${target.customerId}`);
  await smsSwitch.click();
  await page.getByRole('dialog').getByRole('button', { name: named(t(lang, 'reminders:optOut.turnOn')) }).click();
  await expect(smsSwitch).toBeChecked();
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`gateway and opt-out screens in ${lang} at ${size.width}×${size.height}`, async ({ page, request }) => {
      const manager = await apiLogin(request, 'manager');
      const customer = (await api<{ items: SmsCandidate[] }>(request, manager, 'GET', '/sms/candidates?kind=overdue&pageSize=1')).items[0]!;
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await openGatewayTab(page, lang);
      await shot(page, 'sms-gateway', { fullPage: true });
      await goInApp(page, `/persona/detail?id=${customer.customerId}`);
      await expect(main(page).getByText(t(lang, 'customers:fields.smsReminders'))).toBeVisible();
      await main(page).getByText(t(lang, 'customers:fields.smsReminders')).scrollIntoViewIfNeeded();
      await shot(page, 'persona-sms-optout');
    });
  }
}
