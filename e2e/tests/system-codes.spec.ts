/** System → code format, active period and visible tel. no.: edited as admin, with the previews following the form. */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { approvedBySecondPerson, giveReason } from './four-eyes-steps.js';

const PAGES = { codeFormat: '/system/codeFormat', activePeriod: '/system/activePeriod', visibleTel: '/system/visibleTel' } as const;

/**
 * What `paths` answer now, to put back after a test changed it (other specs mask numbers with the
 * visible digits). Each test restores only what it changes: the tests run side by side.
 */
async function snapshot(request: APIRequestContext, paths: readonly ('/codeFormats/applyNo' | '/activePeriod' | '/visibleTel')[]) {
  const headers = bearer(await apiLogin(request, 'admin'));
  const read = async (path: string) => ((await (await request.get(`${API}${path}`, { headers })).json()) as { data: unknown }).data;
  const saved: [string, unknown][] = [];
  for (const path of paths) {
    if (path === '/codeFormats/applyNo') {
      const formats = (await read('/codeFormats')) as { items: { kind: string; format: unknown }[] };
      saved.push([path, formats.items.find((i) => i.kind === 'applyNo')!.format]);
    } else saved.push([path, await read(path)]);
  }
  return async () => {
    for (const [path, data] of saved) {
      // the active period is a rate setting: a change goes to a second person with the maker's reason
      const put = await request.put(`${API}${path}`, { headers, data: path === '/activePeriod' ? { ...(data as object), reason: 'put back after the browser test' } : data });
      expect(put.ok()).toBe(true);
      // the active period is under four eyes: putting it back waits for the accountant too
      if (put.status() === 202) await approvedBySecondPerson(request, put, 'accountant');
    }
  };
}

const saved = (page: Page, lang: Lang) => expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:saved'), { exact: true })).toBeVisible();

test('admin changes the application number format and sees the next number change', async ({ page, request }) => {
  const lang: Lang = 'en';
  const restore = await snapshot(request, ['/codeFormats/applyNo']);
  try {
    await signIn(page, 'admin', lang);
    await goInApp(page, PAGES.codeFormat);
    const main = page.getByRole('main');
    const card = main.locator('.ant-card').filter({ hasText: t(lang, 'settings:codeFormat.kinds.applyNo') });
    const next = card.getByTestId('next-applyNo');
    // The admin works in Mong Kok (MK); the default is AP + store + YYMM + 4 digits.
    await expect(next).toContainText(/^.*APMK\d{4}\d{4}/);
    await expectScreenAccessible(page);

    await card.getByLabel(t(lang, 'settings:codeFormat.fields.prefix'), { exact: true }).fill('app');
    await card.getByLabel(t(lang, 'settings:codeFormat.fields.seqWidth'), { exact: true }).fill('6');
    await card.getByLabel(t(lang, 'settings:codeFormat.fields.datePart'), { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(t(lang, 'settings:codeFormat.dateParts.YYYYMMDD')).click();
    // The example follows the form before it is saved.
    await expect(next).toContainText(/APPMK\d{8}\d{6}/);
    await card.getByRole('switch').click();
    await expect(next).toContainText(/APP\d{8}\d{6}/);
    await expect(next).not.toContainText('MK');

    const put = page.waitForResponse((r) => r.url().endsWith('/codeFormats/applyNo') && r.request().method() === 'PUT' && r.status() === 200);
    await card.getByRole('button', { name: btn(t(lang, 'settings:save')) }).click();
    await put;
    await saved(page, lang);

    await page.reload();
    const after = page.getByRole('main').getByTestId('next-applyNo');
    await expect(after).toContainText(/APP\d{8}\d{6}/);
  } finally {
    await restore();
  }
});

test('admin edits the active period and the visible tel. no. digits, with their previews', async ({ page, request }) => {
  const lang: Lang = 'en';
  const restore = await snapshot(request, ['/activePeriod', '/visibleTel']);
  try {
    await signIn(page, 'admin', lang);
    await goInApp(page, PAGES.activePeriod);
    let main = page.getByRole('main');
    const days = main.getByLabel(t(lang, 'settings:fields.activePeriodDays'), { exact: true });
    await days.fill('0');
    await expect(main.getByTestId('active-period-example')).toContainText('today only');
    await days.fill('10');
    await expect(main.getByTestId('active-period-example')).toContainText('until');
    // the active period is under four eyes: the change waits for a second person, the accountant
    const asked = page.waitForResponse((r) => r.url().endsWith('/activePeriod') && r.request().method() === 'PUT');
    await main.getByRole('button', { name: btn(t(lang, 'settings:save')) }).click();
    await giveReason(page, lang, 'Month-end closing takes longer');
    const request202 = await asked;
    await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'approvals:success.requested'), { exact: true })).toBeVisible();
    await approvedBySecondPerson(request, request202, 'accountant');
    await page.reload();
    await expect(page.getByRole('main').getByLabel(t(lang, 'settings:fields.activePeriodDays'), { exact: true })).toHaveValue('10');

    await goInApp(page, PAGES.visibleTel);
    main = page.getByRole('main');
    const digits = main.getByLabel(t(lang, 'settings:fields.visibleTelDigits'), { exact: true });
    await digits.fill('2');
    await expect(main.getByTestId('masked-phone')).toContainText('9123 4567 → ******67');
    await expect(main.getByTestId('masked-hkid')).toContainText('K987654(5) → ******45');
    const put = page.waitForResponse((r) => r.url().endsWith('/visibleTel') && r.request().method() === 'PUT' && r.status() === 200);
    await main.getByRole('button', { name: btn(t(lang, 'settings:save')) }).click();
    await put;
    await saved(page, lang);
    // Off the Save button: its hover colour is the theme's, not the page's contrast.
    await page.mouse.move(1, 1);
    await expectScreenAccessible(page);
  } finally {
    await restore();
  }
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`code format, active period and visible tel. no. screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      await goInApp(page, PAGES.codeFormat);
      await expect(page.getByRole('main').getByTestId('next-customerCode')).toBeVisible();
      await shot(page, 'system-code-format');
      await shot(page, 'system-code-format-full', { fullPage: true });
      await goInApp(page, PAGES.activePeriod);
      await expect(page.getByRole('main').getByTestId('active-period-example')).toBeVisible();
      await shot(page, 'system-active-period');
      await goInApp(page, PAGES.visibleTel);
      await expect(page.getByRole('main').getByTestId('masked-hkid')).toBeVisible();
      await shot(page, 'system-visible-tel');
    });
  }
}
