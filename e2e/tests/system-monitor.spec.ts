/** System → system list, develop list and monitor: a parameter changed on the list, the figures read, screens for people. */
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

const SCREENS = [
  { path: '/system/list', name: 'system-list', ready: (lang: Lang) => t(lang, 'settings:sections.interest') },
  { path: '/system/developList', name: 'system-develop-list', ready: (lang: Lang) => t(lang, 'params:columns.listed') },
  { path: '/system/monitor', name: 'system-monitor', ready: (lang: Lang) => t(lang, 'monitor:database.size') },
] as const;

test('a parameter changed on the system list is saved, shown with who changed it, and read by the default settings', async ({ page, request }) => {
  const lang: Lang = 'en';
  const headers = bearer(await apiLogin(request, 'admin'));
  try {
    await signIn(page, 'admin', lang);
    await goInApp(page, '/system/list');
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: new RegExp(t(lang, 'settings:sections.operations')) }).click();
    const row = main.getByRole('row').filter({ hasText: t(lang, 'settings:fields.overdueReminderDays') });
    await expect(row).toContainText(t(lang, 'params:range.between').replace('{{min}}', '0').replace('{{max}}', '365'));
    await row.getByRole('button', { name: btn(t(lang, 'params:edit')) }).click();
    const dialog = page.getByRole('dialog');
    const input = dialog.getByLabel(t(lang, 'settings:fields.overdueReminderDays'), { exact: true });
    await input.fill('5');
    const saved = page.waitForResponse((r) => r.url().endsWith('/createSystem') && r.status() === 200);
    await dialog.getByRole('button', { name: btn(t(lang, 'params:save')) }).click();
    await saved;
    await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:saved'), { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('5');
    await expect(row).toContainText('系統管理員');

    const presets = (await (await request.get(`${API}/getSystemPresets`, { headers })).json()) as { data: { overdueReminderDays: number } };
    expect(presets.data.overdueReminderDays).toBe(5);
  } finally {
    const put = await request.post(`${API}/createSystem`, { headers, data: { key: 'overdueReminderDays', value: 3 } });
    expect(put.ok()).toBe(true);
  }
});

test('the develop list shows each definition in three languages', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'admin', lang);
  await goInApp(page, '/system/developList');
  const main = page.getByRole('main');
  const row = main.getByRole('row').filter({ hasText: 'idleTimeoutMinutes' });
  await row.getByRole('button').first().click();
  await expect(main.getByText('Idle timeout (minutes)')).toBeVisible();
  await expect(main.getByText('Log out after this long without activity')).toBeVisible();
});

test('the monitor answers real figures and refreshes', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'admin', lang);
  await goInApp(page, '/system/monitor');
  const main = page.getByRole('main');
  await expect(main.getByText(t(lang, 'monitor:migrations.upToDate'))).toBeVisible();
  await expect(main.getByText(/^\d+\.\d MB$/).first()).toBeVisible();
  await expect(main.getByText(/^PostgreSQL \d+/)).toBeVisible();
  // a count of 0 is shown as 0, not left blank
  await expect(main.locator('.ant-descriptions-row').filter({ hasText: t(lang, 'monitor:activity.serverErrors') })).toContainText('0');
  const again = page.waitForResponse((r) => r.url().endsWith('/getSystemMonitor') && r.status() === 200);
  const refresh = main.getByRole('button', { name: btn(t(lang, 'monitor:refresh')) });
  await refresh.click();
  await again;
  await expect(refresh).not.toHaveClass(/ant-btn-loading/);
  // the pointer still rests on the button (its hover colour is antd's, not this page's)
  await page.mouse.move(0, 0);
  await refresh.blur();
  await expectScreenAccessible(page);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`system list, develop list and monitor in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      for (const s of SCREENS) {
        await goInApp(page, s.path);
        await expect(page.getByRole('main').getByText(s.ready(lang)).first()).toBeVisible();
        // Only what is shown counts: a page left open in another tab (the dashboard signed in to,
        // whose charts wait for a visible box) stays in the DOM, hidden.
        await expect(page.getByRole('main').locator('.ant-skeleton:visible, .ant-spin-spinning:visible')).toHaveCount(0);
        if (size.width === 1440) await expectScreenAccessible(page);
        await shot(page, s.name);
        await shot(page, `${s.name}-full`, { fullPage: true });
      }
    });
  }
}
