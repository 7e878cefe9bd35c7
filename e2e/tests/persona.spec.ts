/**
 * Persona list (the customer register) in the browser against the real server: the list, a
 * customer's detail and the create form in Traditional Chinese and English, at desktop (axe) and
 * phone sizes, photographed; then a customer is created, shown with a masked ID number, and put on
 * the black list through the confirmation that asks for the reason.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { hkidCheckDigit } from '@harbour/domain';
import { t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { expectAccessible, goInApp, label, named, openScreen, signIn } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const LIST = { path: '/persona/list', title: 'shell:menu.persona.list' };
const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: named(t(lang, key)) });
const main = (page: Page) => page.getByRole('main');

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`Persona list, detail and form in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const list = await openScreen(page, lang, LIST);
      const rows = list.locator('.ant-table-tbody:visible tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      // Masked: the ID number column shows stars and the last digits only.
      await expect(rows.first()).toContainText('****');
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'persona-list', { folder: 'admin' });

      await rows.filter({ hasText: 'C000001' }).getByRole('button', { name: named(t(lang, 'customers:view')) }).click();
      await expect(main(page).getByRole('heading', { name: '陳志明' })).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'persona-detail', { folder: 'admin' });

      await goInApp(page, '/persona/create');
      await expect(main(page).getByRole('heading', { name: t(lang, 'customers:create') })).toBeVisible();
      await expect(page.locator('form:visible').getByLabel(label(t(lang, 'customers:fields.idNumber')))).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'persona-form', { folder: 'admin' });
    });
  }
}

test('a customer is created, shown masked, and blacklisted with a confirmed reason', async ({ page }) => {
  const lang: Lang = 'en';
  const digits = String(100000 + Math.floor(Math.random() * 899999));
  const hkid = `H${digits}(${hkidCheckDigit('H', digits)})`;
  const mobile = `6${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, LIST);
  await button(page, lang, 'admin:resource.create').click();
  // Pages visited before stay mounted but hidden: the shown form is the one with the Save button.
  const form = page.locator('form:visible').filter({ has: button(page, lang, 'customers:save') });
  await expect(main(page).getByRole('heading', { name: t(lang, 'customers:create') })).toBeVisible();
  await form.getByLabel(label(t(lang, 'customers:fields.name'))).fill('測試客戶');
  await form.getByLabel(label(t(lang, 'customers:fields.englishName'))).fill('TEST Customer');
  // A wrong check digit is said while typing.
  const idNumber = form.getByLabel(label(t(lang, 'customers:fields.idNumber')));
  await idNumber.fill(`H${digits}(${hkidCheckDigit('H', digits) === '1' ? '2' : '1'})`);
  await expect(form.getByText(t(lang, 'validation:hkid'), { exact: true })).toBeVisible();
  await idNumber.fill(hkid);
  await expect(form.getByText(t(lang, 'validation:hkid'), { exact: true })).toHaveCount(0);
  await form.getByLabel(label(t(lang, 'customers:fields.mobile1'))).fill(mobile);
  await button(page, lang, 'customers:save').click();
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:created'), { exact: true })).toBeVisible();

  // The detail page: the ID number masked, the whole one nowhere on the page.
  const detail = main(page);
  await expect(detail.getByRole('heading', { name: '測試客戶' })).toBeVisible();
  const tail = hkid.replace(/[()]/g, '').slice(-4);
  await expect(detail.getByText(`****${tail}`, { exact: true })).toBeVisible();
  expect(await detail.innerText()).not.toContain(hkid.replace(/[()]/g, ''));
  expect(await detail.innerText()).not.toContain(mobile);
  // The create form's tab closed when its save opened the customer.
  await expect(page.locator('.harbour-tag[data-path="/persona/create"]')).toHaveCount(0);

  // Blacklist: the dialog names the customer and will not go on without a reason.
  await button(page, lang, 'customers:blacklist').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('測試客戶');
  await dialog.getByRole('button', { name: named(t(lang, 'customers:blacklist')) }).click();
  await expect(dialog.getByText(t(lang, 'customers:reasonRequired'), { exact: true })).toBeVisible();
  await dialog.getByLabel(label(t(lang, 'customers:reason'))).fill('Forged payslip');
  await dialog.getByRole('button', { name: named(t(lang, 'customers:blacklist')) }).click();
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:blacklisted'), { exact: true })).toBeVisible();
  await expect(detail.locator('.ant-badge:visible', { hasText: t(lang, 'enums:listStatus.black') })).toBeVisible();
  await expect(detail.getByText('Forged payslip').first()).toBeVisible();
  await shot(page, 'persona-blacklisted', { folder: 'admin' });

  // A loan for this customer starts from their page, the customer already the borrower.
  await button(page, lang, 'customers:applyForLoan').click();
  await expect(page).toHaveURL(/\/loan\/create\?customerId=\d+$/);
  const application = page.locator('form:visible');
  await expect(application.getByText(`測試客戶 (TEST Customer) · ****${tail}`, { exact: false })).toBeVisible();
});
