import type { APIRequestContext } from '@playwright/test';
import { test, expect, openLogin, apiLogin, bearer, API, t, buttonName, FIXED_CAPTCHA, shot, screenSizes, expectScreenAccessible, type Lang } from '../fixtures/index.js';

/**
 * The first login of a staff member whose password an administrator set (OWASP ASVS 5.0, issue 26
 * item 9): the login opens the change-password screen, nothing else answers until the password is
 * changed, and then the workspace opens.
 */
const HANDED_OVER = 'handed-over-password';
const OWN = 'my own harbour phrase';

async function newStaff(request: APIRequestContext): Promise<string> {
  const admin = await apiLogin(request, 'admin');
  const roles = (await (await request.get(`${API}/roles?pageSize=100`, { headers: bearer(admin) })).json()) as { data: { items: { id: number; name: string }[] } };
  const clerkRole = roles.data.items.find((x) => x.name === 'clerk')!;
  const username = `cp${Date.now().toString(36).slice(-6)}`;
  const mobile = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post(`${API}/staff`, {
    headers: bearer(admin),
    data: { username, name: 'First Login', password: HANDED_OVER, mobile, storeIds: [1], defaultStoreId: 1, roleIds: [clerkRole.id] },
  });
  expect(created.ok()).toBe(true);
  return username;
}

for (const lang of ['zh-TW', 'en'] as const satisfies readonly Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`first login asks for a new password before the workspace (${lang}, ${size.width}×${size.height})`, async ({ page }) => {
      await page.setViewportSize(size);
      const username = await newStaff(page.request);
      const form = await openLogin(page, lang);
      await form.username.fill(username);
      await form.password.fill(HANDED_OVER);
      await form.captcha.fill(FIXED_CAPTCHA);
      await form.submit.click();
      await expect(page).toHaveURL(/\/change-password/);
      await expect(page.getByRole('heading', { name: t(lang, 'shell:changePassword.title') })).toBeVisible();
      await expectScreenAccessible(page);
      await shot(page, 'change-password');

      const field = (key: string) => page.getByLabel(t(lang, key), { exact: true });
      await field('shell:profile.oldPassword').fill(HANDED_OVER);
      await field('shell:profile.newPassword').fill('password1234');
      await field('shell:profile.confirmPassword').fill('password1234');
      await page.getByRole('button', { name: buttonName(t(lang, 'shell:changePassword.submit')) }).click();
      await expect(page.getByText(t(lang, 'validation:passwordCommon'))).toBeVisible();
      await shot(page, 'change-password-refused');

      await field('shell:profile.newPassword').fill(OWN);
      await field('shell:profile.confirmPassword').fill(OWN);
      await page.getByRole('button', { name: buttonName(t(lang, 'shell:changePassword.submit')) }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
}
