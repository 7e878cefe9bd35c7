/**
 * Member list (the company's website and app accounts) in the browser against the real server:
 * the list, a member's detail and the create drawer in Traditional Chinese and English, at desktop
 * (axe) and phone sizes, photographed; the status filter; then a member is created, disabled
 * through the confirmation that asks for the reason, and linked to a customer picked by search.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { shot, t, type Lang, screenSizes } from '../fixtures/index.js';
import { expectAccessible, goInApp, label, named, openScreen, signIn, unique } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const LIST = { path: '/member/list', title: 'shell:menu.member.list' };
const main = (page: Page) => page.getByRole('main');
const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: named(t(lang, key)) });
const notice = (page: Page, text: string) => page.locator('.ant-message-notice-title').getByText(text, { exact: true });

/** Picks `option` in the antd select labelled `name` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, name: string, option: string) {
  await scope.getByLabel(label(name)).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`Member list, detail and form in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const list = await openScreen(page, lang, LIST);
      const rows = list.locator('.ant-table-tbody:visible tr.ant-table-row');
      const chan = rows.filter({ hasText: '陳志明' });
      await expect(chan).toBeVisible();
      // The mobile login is masked; the linked customer is named by code and name.
      await expect(chan).toContainText('****4501');
      await expect(chan).toContainText('C000001');
      expect(await list.innerText()).not.toContain('91234501');
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'members-list');

      await chan.getByRole('button', { name: named(t(lang, 'members:view')) }).click();
      await expect(main(page).getByRole('heading', { name: '陳志明' })).toBeVisible();
      // The list stays mounted (hidden) in its tab: look at the shown page only.
      await expect(main(page).getByText('****4501', { exact: true }).filter({ visible: true })).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'members-detail');

      await openScreen(page, lang, LIST);
      await button(page, lang, 'admin:resource.create').click();
      const drawer = page.locator('.ant-drawer:visible');
      await expect(drawer.getByLabel(label(t(lang, 'members:fields.loginName')))).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'members-form');
    });
  }
}

test('the status filter shows disabled members only', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'admin', lang);
  const list = await openScreen(page, lang, LIST);
  const filters = list.getByRole('search');
  await choose(page, filters, t(lang, 'members:fields.status'), t(lang, 'enums:memberStatus.disabled'));
  await filters.getByRole('button', { name: named(t(lang, 'admin:resource.search')) }).click();
  await expect(page).toHaveURL(/status=disabled/);
  const rows = list.locator('.ant-table-tbody:visible tr.ant-table-row');
  await expect(rows.filter({ hasText: '周先生' })).toBeVisible();
  await expect(rows.filter({ hasText: '陳志明' })).toHaveCount(0);
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText(t(lang, 'enums:memberStatus.disabled'));
});

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  test(`a member is created, disabled with a confirmed reason and linked to a customer (${lang})`, async ({ page }) => {
    const name = `Member ${unique()}`;
    const email = `${name.replace(' ', '.').toLowerCase()}@example.com`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', lang);
    const list = await openScreen(page, lang, LIST);
    await button(page, lang, 'admin:resource.create').click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByLabel(label(t(lang, 'members:fields.loginName'))).fill('not a login');
    await drawer.getByLabel(label(t(lang, 'members:fields.displayName'))).fill(name);
    await drawer.getByRole('button', { name: named(t(lang, 'admin:resource.save')) }).click();
    await expect(drawer.getByText(t(lang, 'members:loginName'), { exact: true })).toBeVisible();
    await drawer.getByLabel(label(t(lang, 'members:fields.loginName'))).fill(email);
    await drawer.getByRole('button', { name: named(t(lang, 'admin:resource.save')) }).click();
    await expect(notice(page, t(lang, 'success:created'))).toBeVisible();

    const filters = list.getByRole('search');
    await filters.getByLabel(label(t(lang, 'members:fields.search'))).fill(name);
    await filters.getByRole('button', { name: named(t(lang, 'admin:resource.search')) }).click();
    const row = list.locator('.ant-table-tbody:visible tr.ant-table-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: named(t(lang, 'members:view')) }).click();
    const detail = main(page);
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await expect(detail.getByText(t(lang, 'members:notLinkedYet'))).toBeVisible();

    // Disable: the dialog names the member and will not go on without a reason.
    await button(page, lang, 'members:disable').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: named(t(lang, 'members:disable')) }).click();
    await expect(dialog.getByText(t(lang, 'members:reasonRequired'), { exact: true })).toBeVisible();
    await dialog.getByLabel(label(t(lang, 'members:reason'))).fill('Reported stolen phone');
    await shot(page, 'members-disable');
    await dialog.getByRole('button', { name: named(t(lang, 'members:disable')) }).click();
    await expect(notice(page, t(lang, 'members:disabled'))).toBeVisible();
    await expect(detail.getByText('Reported stolen phone').first()).toBeVisible();
    await expect(button(page, lang, 'members:enable')).toBeVisible();

    // Link: the customer picker searches the Persona list as typed.
    await button(page, lang, 'members:link').click();
    const linkDialog = page.getByRole('dialog');
    const picker = linkDialog.getByLabel(label(t(lang, 'members:pickCustomer')));
    await picker.click();
    await picker.fill('C000003');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'C000003' }).click();
    await shot(page, 'members-link');
    await linkDialog.getByRole('button', { name: named(t(lang, 'members:link')) }).click();
    await expect(notice(page, t(lang, 'members:linked'))).toBeVisible();
    await expect(detail.getByText('C000003', { exact: true })).toBeVisible();
    await expect(detail.getByText('黃家豪', { exact: true })).toBeVisible();
    await shot(page, 'members-linked');

    // Unlink asks first.
    await button(page, lang, 'members:unlink').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: named(t(lang, 'members:unlink')) }).click();
    await expect(notice(page, t(lang, 'members:unlinked'))).toBeVisible();
    await expect(detail.getByText(t(lang, 'members:notLinkedYet'))).toBeVisible();

    // Back on the list the new member shows disabled.
    await goInApp(page, `${LIST.path}?q=${encodeURIComponent(name)}`);
    await expect(list.locator('.ant-table-tbody:visible tr.ant-table-row').filter({ hasText: name })).toContainText(t(lang, 'enums:memberStatus.disabled'));
  });
}
