/** The whole system stands up: the login page renders with its captcha, and admin reaches /dashboard. */
import { existsSync } from 'node:fs';
import { test, expect, loginAs, openLogin, shot, webIndex, LANGUAGES } from '../fixtures/index.js';

// TEMPORARY guard while the web app's production build is being written; remove once it builds.
test.skip(!existsSync(webIndex), 'apps/web/dist is not built yet');

for (const lang of LANGUAGES) {
  test(`login page renders with a loaded captcha image (${lang})`, async ({ page }) => {
    const form = await openLogin(page, lang);
    await expect(form.password).toBeVisible();
    await expect(form.captcha).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await expect(form.captchaImage).toBeVisible();
    // Loaded, not just present: a broken image has no natural size.
    await expect
      .poll(() => form.captchaImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, 'login');
  });
}

test('admin logs in through the form and reaches the dashboard', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await shot(page, 'dashboard');
});
