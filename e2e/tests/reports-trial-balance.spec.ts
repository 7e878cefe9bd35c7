/**
 * Reports → Trial balance: the ledger's accounts and totals for a store and a period. The demo
 * loans' payouts and those of other specs (on the same server) post to the ledger, so the empty
 * state is checked for a period without payouts and the accounts for the default one; the store
 * filter follows the caller's store reach.
 */
import { API, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';

const PATH = '/reports/trialBalance';

test('an accountant sees the ledger of the current store only; the period goes to the server', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'accountant', lang);
  const first = page.waitForResponse((r) => r.url().includes(`${API}/ledger/trialBalance`) && r.status() === 200);
  await goInApp(page, PATH);
  await first;
  const main = page.getByRole('main');
  // one store only (the current one, Mong Kok): the filter shows it and cannot be changed
  const store = main.getByRole('combobox', { name: t(lang, 'ledger:trialBalance.store') });
  await expect(store).toBeDisabled();
  await expect(main.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: t(lang, 'ledger:trialBalance.store') }) })).toContainText('Mong Kok');
  await expectScreenAccessible(page);

  const period = page.waitForResponse((r) => r.url().includes('/ledger/trialBalance?') && r.url().includes('from=2026-01-01') && r.url().includes('to=2026-01-31'));
  const from = main.getByPlaceholder(t(lang, 'ledger:trialBalance.from'));
  await from.click();
  await from.fill('2026-01-01');
  await from.press('Enter');
  const to = main.getByPlaceholder(t(lang, 'ledger:trialBalance.to'));
  await to.fill('2026-01-31');
  await to.press('Enter');
  expect((await period).status()).toBe(200);
  await expect(main.getByText(/2026-01-01 – 2026-01-31/)).toBeVisible();
  // Nothing was paid out in January 2026: the empty state, and nothing to export.
  await expect(main.getByText(t(lang, 'ledger:trialBalance.empty'))).toBeVisible();
  await expect(main.getByRole('button', { name: /Export xlsx/ })).toBeDisabled();
});

test('a manager may read all stores or pick one', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, PATH);
  const main = page.getByRole('main');
  const store = main.getByRole('combobox', { name: t(lang, 'ledger:trialBalance.store') });
  await expect(store).toBeEnabled();
  await expect(main.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: t(lang, 'ledger:trialBalance.store') }) })).toContainText(t(lang, 'ledger:trialBalance.allStores'));
  const one = page.waitForResponse((r) => r.url().includes('/ledger/trialBalance?') && /storeId=\d+/.test(r.url()));
  await store.click();
  await page.locator('.ant-select-dropdown:visible').getByText('觀塘店', { exact: true }).click();
  const answer = await one;
  expect(answer.status()).toBe(200);
  // Kwun Tong's own figures: its demo loan was paid out in cash (cash at stores, 1010, moved).
  const kwunTong = ((await answer.json()) as { data: { storeId: number; entryCount: number } }).data;
  expect(kwunTong.entryCount).toBeGreaterThan(0);
  await expect(main.getByText(/^1010$/)).toBeVisible();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`trial balance screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, PATH);
      // The demo's loans are paid out when the server starts (cash at stores, 1010, moved), so all
      // stores' ledger for the default period has accounts whatever other specs have posted.
      const main = page.getByRole('main');
      await expect(main.getByText(/^1010$/)).toBeVisible();
      await expect(main.getByText(t(lang, 'ledger:trialBalance.empty'))).toHaveCount(0);
      await shot(page, 'trial-balance');
    });
  }
}
