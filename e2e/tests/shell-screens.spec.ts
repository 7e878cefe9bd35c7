/**
 * Screenshots of every shell state in Traditional Chinese and English, desktop and phone, saved to
 * .artifacts/screens/ for people to look at; each screen is also checked with axe.
 */
import { test, expect, openLogin, t, buttonName, shot, apiLogin, bearer, API, type Lang, screenSizes } from '../fixtures/index.js';
import { expectAccessible, openTabMenu, signIn, spaGo, userMenu } from './shell-helpers.js';


for (const lang of ['zh-TW', 'en'] as const satisfies readonly Lang[]) {
  for (const size of screenSizes(lang)) {
    const mobile = size.width < 1024;
    test(`shell screens in ${lang} at ${size.width}×${size.height}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);

      await openLogin(page, lang);
      await shot(page, 'shell-login');
      await expectAccessible(page);

      await signIn(page, 'admin', lang);
      await expect(page).toHaveURL(/\/dashboard$/);
      // the picture shows the charts drawn, not their loading placeholders
      await expect(page.locator('main div[role="img"] svg')).toHaveCount(2);
      await shot(page, 'shell-dashboard');
      await expectAccessible(page);

      if (mobile) {
        await page.getByRole('button', { name: t(lang, 'shell:nav.toggleSidebar') }).click();
        await expect(page.getByRole('navigation', { name: t(lang, 'shell:nav.mainMenu') })).toBeVisible();
        await shot(page, 'shell-mobile-menu');
        await expectAccessible(page);
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: t(lang, 'shell:nav.toggleSidebar') }).click();
        await shot(page, 'shell-sidebar-collapsed');
        await page.getByRole('button', { name: t(lang, 'shell:nav.toggleSidebar') }).click();
      }

      for (let n = 1; n <= 6; n++) await spaGo(page, `/test/${n}`);
      await spaGo(page, '/adminModify');
      await expect(page.getByLabel(t(lang, 'shell:profile.name'), { exact: true })).not.toHaveValue('');
      await shot(page, 'shell-profile');
      await expectAccessible(page);

      await openTabMenu(page, '/test/3');
      await expect(page.getByRole('menuitem', { name: t(lang, 'shell:tags.closeOthers') })).toBeVisible();
      await shot(page, 'shell-tab-context-menu');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: t(lang, 'shell:nav.settings') }).click();
      await expect(page.getByRole('dialog', { name: t(lang, 'shell:settings.title') })).toBeVisible();
      await shot(page, 'shell-settings-drawer');
      await expectAccessible(page);
      await page.keyboard.press('Escape');

      // A page that fails is caught, and the error log button appears with the error inside.
      await spaGo(page, '/test/9');
      await page.getByRole('main').getByRole('button', { name: buttonName(t(lang, 'shell:test.throw')) }).filter({ visible: true }).click();
      await expect(page.getByText(t(lang, 'shell:errorLog.boundaryTitle'))).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'shell:nav.errorLog') }).click();
      const log = page.getByRole('dialog', { name: t(lang, 'shell:errorLog.title') });
      await expect(log).toContainText('Harbour self-test error');
      await shot(page, 'shell-error-log');
      await log.getByRole('button', { name: buttonName(t(lang, 'shell:errorLog.clearAll')) }).click();
      await expect(page.getByRole('button', { name: t(lang, 'shell:nav.errorLog') })).toHaveCount(0);

      await page.getByRole('button', { name: t(lang, 'shell:nav.theme') }).click();
      await spaGo(page, '/dashboard');
      await shot(page, 'shell-dark');
      await page.getByRole('button', { name: t(lang, 'shell:nav.themeLight') }).click();

      await page.goto('/role/none');
      await expect(page).toHaveURL(/\/404$/);
      await shot(page, 'shell-404');
      // A catalogue page the clerk's menu does not include.
      const menu = JSON.stringify(await (await request.get(`${API}/userInfo`, { headers: bearer(await apiLogin(request, 'clerk')) })).json());
      const forbidden = ['/role/list', '/system/settings', '/staff/list', '/loan/list'].find((p) => !menu.includes(`"${p}"`))!;
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 2, name: t(lang, 'shell:dashboard.quickLinks') })).toBeVisible();
      // On a busy machine a click can land while the menu still slides in: open it and choose
      // Log out again until the login page shows.
      await expect(async () => {
        if (!/\/login/.test(page.url())) {
          await userMenu(page, lang).click();
          await page.getByRole('menuitem', { name: t(lang, 'shell:nav.logout') }).click({ timeout: 5_000 });
        }
        await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await signIn(page, 'clerk', lang);
      await page.goto(forbidden);
      await expect(page).toHaveURL(/\/401$/);
      await shot(page, 'shell-401');
      await expectAccessible(page);

      await page.goto('/privacy-policy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'legal:privacy.title'));
      await shot(page, 'shell-privacy-policy', { fullPage: true });
      await expectAccessible(page);
      await page.goto('/user-agreement');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'legal:agreement.title'));
      await shot(page, 'shell-user-agreement');
    });
  }
}
