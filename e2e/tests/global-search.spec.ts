/**
 * The navbar's global search in the browser against the real server: in Traditional Chinese and
 * English, at desktop (the box in the top bar; axe with the results open) and phone sizes (an icon
 * that opens a full-width box), a demo customer's name shows their loans and their record grouped,
 * numbers masked, photographed with the dropdown open; Enter opens the first hit. A clerk's search
 * by a whole HKID finds the customer without the page ever showing the whole number.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { runAxe, shot, t, type Lang, screenSizes } from '../fixtures/index.js';
import { goInApp, signIn } from './admin-helpers.js';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const box = (page: Page, lang: Lang) => page.getByRole('combobox', { name: t(lang, 'shell:search.label') });
const popup = (page: Page) => page.locator('.ant-select-dropdown:visible');

/** Opens the box as staff do: the icon on a phone, "/" or Ctrl+K on a desktop. */
async function openBox(page: Page, lang: Lang, how: 'icon' | '/' | 'Control+k') {
  if (how === 'icon') await page.getByRole('button', { name: t(lang, 'shell:search.open') }).click();
  else {
    await expect(box(page, lang)).toBeVisible();
    await page.locator('body').press(how);
  }
  await expect(box(page, lang)).toBeFocused();
}

/** Axe on the open dropdown (the dashboard behind it is its own spec's): no serious or critical finding. */
async function expectSearchAccessible(page: Page) {
  const result = await runAxe(page, ['.ant-select-dropdown']);
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad).toEqual([]);
}

for (const lang of ['zh-TW', 'en'] as Lang[]) {
  for (const size of screenSizes(lang)) {
    const mobile = size.width < 1024;
    test(`global search in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      await goInApp(page, '/dashboard');
      await openBox(page, lang, mobile ? 'icon' : lang === 'en' ? 'Control+k' : '/');
      await expect(popup(page)).toContainText(t(lang, 'shell:search.hint'));
      await box(page, lang).fill('陳志明');
      const list = popup(page);
      await expect(list.getByText(t(lang, 'shell:search.loans'), { exact: true })).toBeVisible();
      await expect(list.getByText(t(lang, 'shell:search.customers'), { exact: true })).toBeVisible();
      await expect(list).toContainText('CHAN Chi Ming');
      // masked: the demo HKID A382916(5) and mobile 9132 4501 never whole
      await expect(list).toContainText('*');
      expect(await list.innerText()).not.toMatch(/A3829165|382916|91324501/);
      if (!mobile) await expectSearchAccessible(page);
      await shot(page, 'global-search');

      // Enter opens the first hit: the newest loan of the borrower, on the loan operation page.
      await box(page, lang).press('Enter');
      await expect(page).toHaveURL(/\/loan\/operation\?id=\d+$/);
    });
  }
}

test('a clerk finds a customer by a whole HKID in any spelling, shown masked; one character asks for more', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'clerk', lang);
  await goInApp(page, '/dashboard');
  await openBox(page, lang, '/');
  await box(page, lang).fill('a');
  await expect(popup(page)).toContainText(t(lang, 'shell:search.hint'));
  await box(page, lang).fill('a382916(5)');
  const list = popup(page);
  await expect(list.getByText(t(lang, 'shell:search.customers'), { exact: true })).toBeVisible();
  await expect(list).toContainText('陳志明');
  expect(await list.innerText()).not.toMatch(/382916/);
  await box(page, lang).fill('zz-no-such-record');
  await expect(list).toContainText(t(lang, 'shell:search.none'));
});
