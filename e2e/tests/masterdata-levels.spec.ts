/**
 * Master data → staff level and privilege and referral agents in the browser against the real
 * server: each page opens from its menu path in Traditional Chinese and in English, passes axe at
 * desktop size and is photographed (list and edit drawer) at desktop and phone sizes; the staff
 * list shows each member's level and limit; a level is created with its amount, and one that
 * staff hold cannot be deleted.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { expectAccessible, label, named, openScreen, signIn, unique } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const SCREENS = [
  { name: 'staff-levels', path: '/masterdata/staffLevel', title: 'shell:menu.masterdata.staffLevel.list', first: { 'zh-TW': '文員', en: 'Clerk' } },
  { name: 'referral-agents', path: '/masterdata/referralAgent', title: 'shell:menu.masterdata.referralAgent.list', first: { 'zh-TW': '德興財務顧問有限公司', en: 'Tak Hing Financial Consultants Limited' } },
] as const;
const STAFF = { name: 'staff-with-levels', path: '/admin/list', title: 'shell:menu.admin.list' };

const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: named(t(lang, key)) });
const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr', { hasText: text }).filter({ visible: true });

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`staff levels and referral agents in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      for (const screen of SCREENS) {
        const main = await openScreen(page, lang, screen);
        await expect(main.locator('.ant-table-tbody:visible tr.ant-table-row').first()).toBeVisible();
        if (size.width === 1440) await expectAccessible(page);
        await shot(page, screen.name, { folder: 'admin' });
        // The edit drawer of a demo row.
        await row(page, screen.first[lang as 'en']).getByRole('button', { name: named(t(lang, 'admin:resource.edit')) }).click();
        const d = page.getByRole('dialog');
        await expect(d.getByLabel(label(t(lang, 'parties:fields.nameZh')))).toHaveValue(/.+/);
        // Photographed once the drawer has slid in completely.
        await expect(d.getByRole('button', { name: named(t(lang, 'admin:resource.save')) })).toBeInViewport({ ratio: 1 });
        await expect(async () => {
          const box = await d.boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(size.width + 1);
        }).toPass();
        await shot(page, `${screen.name}-form`, { folder: 'admin' });
        await d.getByRole('button', { name: named(t(lang, 'admin:resource.cancel')) }).click();
        await expect(d).toBeHidden();
      }
      // Levels show "no upper limit" for the owner, amounts with separators for the others.
      await openScreen(page, lang, SCREENS[0]);
      await expect(row(page, lang === 'en' ? 'Owner' : '東主')).toContainText(t(lang, 'levels:unlimited'));
      await expect(row(page, lang === 'en' ? 'Branch manager' : '分店經理')).toContainText('500,000.00');
      // The staff list names each member's level and its limit.
      await openScreen(page, lang, STAFF);
      await expect(row(page, 'collector')).toContainText(lang === 'en' ? 'Loan officer' : '信貸主任');
      await expect(row(page, 'collector')).toContainText('100,000.00');
      await shot(page, STAFF.name, { folder: 'admin' });
    });
  }
}

test('a level is created with its amount; one staff hold cannot be deleted', async ({ page }) => {
  const lang: Lang = 'en';
  const name = `Senior officer ${unique()}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, SCREENS[0]);
  await button(page, lang, 'admin:resource.create').click();
  const d = page.getByRole('dialog');
  await d.getByLabel(label(t(lang, 'levels:fields.rank'))).fill('25');
  await d.getByLabel(label(t(lang, 'parties:fields.nameZh'))).fill('高級主任');
  await d.getByLabel(label(t(lang, 'parties:fields.nameEn'))).fill(name);
  await d.getByLabel(label(t(lang, 'levels:fields.maxApprovedAmount'))).fill('250000');
  await button(page, lang, 'admin:resource.save').click();
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:created'), { exact: true })).toBeVisible();
  await expect(row(page, name)).toContainText('250,000.00');

  // The clerk holds "Clerk": deleting it is refused with the reason.
  await row(page, 'Clerk').filter({ hasNotText: 'officer' }).getByRole('button', { name: named(t(lang, 'admin:resource.delete')) }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: named(t(lang, 'admin:resource.delete')) }).click();
  await expect(page.getByText(/hold this level, so it cannot be deleted; disable it instead/)).toBeVisible();
  await expect(row(page, 'Clerk').first()).toBeVisible();
});
