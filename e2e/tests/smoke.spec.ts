/** The whole system stands up: the login page renders with its captcha, and admin reaches /dashboard. */
import { test, expect, loginAs, openLogin, shot, t, LANGUAGES, type Lang } from '../fixtures/index.js';

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

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  test(`admin logs in through the form and reaches the dashboard (${lang})`, async ({ page }) => {
    await loginAs(page, 'admin', undefined, lang);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard page itself, not only the shell around it.
    await expect(page.getByRole('heading', { name: t(lang, 'shell:dashboard.quickLinks') })).toBeVisible();
    await shot(page, 'dashboard');
  });
}
