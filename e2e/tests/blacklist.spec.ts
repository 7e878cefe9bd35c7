/**
 * Blacklist in the browser against the real server: the page opens from its menu path in
 * Traditional Chinese and English with the numbers masked, passes axe at desktop size and is
 * photographed at desktop and phone sizes; a person is added after the confirmation, found by a
 * phone typed with +852 and spaces, a number revealed, and the person removed after confirmation.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { expectAccessible, label, named, openScreen, signIn, unique } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const SCREEN = { path: '/blacklist/list', title: 'shell:menu.blacklist.list' };
const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: named(t(lang, key)) });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice-title').getByText(text, { exact: true });
const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr', { hasText: text }).filter({ visible: true });
/** A fresh mobile number (8 digits starting with 5) so reruns never clash. */
const phone = () => `5${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`blacklist in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const main = await openScreen(page, lang, SCREEN);
      const demo = row(page, '黃大強');
      await expect(demo).toHaveCount(1);
      // Masked to the "visible tel. no." digits; the whole number never reaches the list.
      await expect(demo).toContainText('****5676');
      await expect(demo).toContainText('****4598');
      await expect(main).not.toContainText('K2345676');
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'blacklist', { folder: 'admin' });
    });
  }
}

test('a person is blacklisted after confirming, found by phone, revealed, then removed after confirming', async ({ page }) => {
  const lang: Lang = 'en';
  const name = `Test Person ${unique()}`;
  const number = phone();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, SCREEN);

  await button(page, lang, 'admin:resource.create').click();
  const d = page.getByRole('dialog');
  await d.getByLabel(label(t(lang, 'blacklisting:fields.name'))).fill(name);
  await d.getByLabel(label(t(lang, 'blacklisting:fields.phone'))).fill(`+852 ${number.slice(0, 4)} ${number.slice(4)}`);
  await d.getByLabel(label(t(lang, 'fields:remarks'))).fill('Forged payslips');
  await button(page, lang, 'admin:resource.save').click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText(t(lang, 'blacklisting:confirmAdd'));
  await shot(page, 'blacklist-confirm-add', { folder: 'admin' });
  await confirm.getByRole('button', { name: named(t(lang, 'common:actions.confirm')) }).click();
  await expect(toast(page, t(lang, 'success:blacklisted'))).toBeVisible();

  // Found by the whole number written another way; shown masked until revealed.
  await page.getByRole('search').getByLabel(label(t(lang, 'blacklisting:fields.phone'))).fill(`${number.slice(0, 4)}-${number.slice(4)}`);
  await button(page, lang, 'admin:resource.search').click();
  const r = row(page, name);
  await expect(r).toHaveCount(1);
  await expect(r).toContainText(`****${number.slice(4)}`);
  await expect(r).not.toContainText(number);
  const reveal = page.waitForResponse((res) => /\/blacklist\/\d+\/reveal$/.test(new URL(res.url()).pathname));
  await r.getByRole('button', { name: t(lang, 'admin:staff.revealField').replace('{{field}}', t(lang, 'blacklisting:fields.phone')) }).click();
  expect((await reveal).ok()).toBe(true);
  await expect(r).toContainText(number);

  await r.getByRole('button', { name: named(t(lang, 'blacklisting:remove')) }).click();
  const pop = page.locator('.ant-popconfirm:visible');
  await expect(pop).toContainText(t(lang, 'blacklisting:confirmRemove'));
  await pop.getByRole('button', { name: named(t(lang, 'blacklisting:remove')) }).click();
  await expect(toast(page, t(lang, 'success:removedFromBlacklist'))).toBeVisible();
  await expect(r).toHaveCount(0);
});
