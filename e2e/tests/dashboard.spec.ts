/**
 * The dashboard's figures (issue 12 item 4): the manager's current store, every store, the links
 * to the tips list with its filters, and ECharts loaded only with the dashboard, never on /login.
 */
import { API, chooseOption, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';

test('/login loads no ECharts; the dashboard draws its charts after sign-in', async ({ page }) => {
  const lang: Lang = 'en';
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const atLogin = [...scripts];
  await signIn(page, 'manager', lang);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: t(lang, 'portfolio:title') })).toBeVisible();
  await expect(main.getByRole('img', { name: t(lang, 'portfolio:parTrend') }).locator('svg')).toBeVisible();
  const chartChunks = scripts.filter((s) => /echarts-setup/i.test(s));
  expect(chartChunks.length).toBeGreaterThan(0);
  // none of what /login fetched is the charts' chunk
  expect(atLogin.filter((s) => chartChunks.includes(s))).toEqual([]);
  await expectScreenAccessible(page);
});

test('a manager switches to all stores; the counts open the tips list with their filters', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, '/dashboard');
  const main = page.getByRole('main');
  const outstanding = main.getByTestId('fig-outstanding');
  await expect(outstanding).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);
  const all = page.waitForResponse((r) => r.url().includes(`${API}/dashboard?store=all`) && r.status() === 200);
  await chooseOption(main.getByRole('combobox', { name: t(lang, 'portfolio:store') }), t(lang, 'portfolio:storeAll'));
  const data = ((await (await all).json()) as { data: { book: { outstandingPrincipal: string }; overdue: number } }).data;
  await expect(outstanding).toContainText(Number(data.book.outstandingPrincipal).toLocaleString('en', { minimumFractionDigits: 2 }));
  // waiting for the list's answer from before the click: it may come before the address is checked
  const tips = page.waitForResponse((r) => r.url().includes(`${API}/repayments/tips`) && r.url().includes('overdueOnly=yes'));
  await main.getByTestId('fig-overdue').getByRole('link').click();
  await expect(page).toHaveURL(/\/repayment\/tipsList\?overdueOnly=yes$/);
  expect((await tips).status()).toBe(200);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`dashboard screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, '/dashboard');
      const main = page.getByRole('main');
      await expect(main.getByTestId('fig-outstanding')).toBeVisible();
      await expect(main.getByRole('img', { name: t(lang, 'portfolio:monthsChart') }).locator('svg')).toBeVisible();
      await shot(page, 'dashboard', { fullPage: true });
    });
  }
}
