/**
 * Master data → bank / creditor, solicitor and OCA agent in the browser against the real server:
 * each page opens from its menu path in Traditional Chinese and in English, passes axe at desktop
 * size and is photographed at desktop and phone sizes; an OCA agent is created and found by name.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { t, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { expectAccessible, label, named, openScreen, signIn, unique } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const PARTY_SCREENS = [
  { name: 'banks', path: '/masterdata/bank', title: 'shell:menu.masterdata.bank.list' },
  { name: 'solicitors', path: '/masterdata/solicitor', title: 'shell:menu.masterdata.solicitor.list' },
  { name: 'oca-agents', path: '/masterdata/ocaAgent', title: 'shell:menu.masterdata.ocaAgent.list' },
] as const;

const button = (page: Page, lang: Lang, key: string) => page.getByRole('button', { name: named(t(lang, key)) });

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`outside parties in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      for (const screen of PARTY_SCREENS) {
        const main = await openScreen(page, lang, screen);
        await expect(main.locator('.ant-table-tbody:visible tr.ant-table-row').first()).toBeVisible();
        if (size.width === 1440) await expectAccessible(page);
        await shot(page, screen.name, { folder: 'admin' });
      }
    });
  }
}

test('an OCA agent is created with its charge and found by its English name', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  const english = `Kowloon Recovery ${unique()}`;
  await signIn(page, 'admin', lang);
  await openScreen(page, lang, PARTY_SCREENS[2]);
  await button(page, lang, 'admin:resource.create').click();
  const d = page.getByRole('dialog');
  await d.getByLabel(label(t(lang, 'parties:fields.nameZh'))).fill('九龍追收');
  await d.getByLabel(label(t(lang, 'parties:fields.nameEn'))).fill(english);
  await d.getByLabel(label(t(lang, 'parties:fields.chargePercent'))).fill('27.5');
  await button(page, lang, 'admin:resource.save').click();
  await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:created'), { exact: true })).toBeVisible();
  await page.getByRole('search').getByLabel(label(t(lang, 'parties:fields.nameEn'))).fill(english);
  await button(page, lang, 'admin:resource.search').click();
  const r = page.locator('.ant-table-tbody tr', { hasText: english }).filter({ visible: true });
  await expect(r).toHaveCount(1);
  await expect(r).toContainText('27.50');
});
