/** Master data → company information: edited and saved as admin, the document title follows. */
import type { APIRequestContext } from '@playwright/test';
import { API, DEMO_COMPANY, apiLogin, bearer, expect, expectScreenAccessible, goInApp, signIn, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

const PATH = '/masterdata/company';

/** The record as saved now, to put back after a test changed it (other specs title pages with it). */
async function snapshot(request: APIRequestContext) {
  const headers = bearer(await apiLogin(request, 'admin'));
  const res = await request.get(`${API}/companyInfo`, { headers });
  const { logoUrl: _logo, updatedAt: _at, ...body } = ((await res.json()) as { data: Record<string, unknown> }).data;
  return async () => {
    const put = await request.put(`${API}/companyInfo`, { headers, data: body });
    expect(put.ok()).toBe(true);
  };
}

// In English, editing the English name: the other specs title their pages in Chinese with the
// Chinese name, so running beside them this edit never shows them a name they do not expect.
test('admin edits the company information in English and the title follows', async ({ page, request }) => {
  const lang: Lang = 'en';
  const restore = await snapshot(request);
  try {
    await signIn(page, 'admin', lang);
    await goInApp(page, PATH);
    const pageTitle = t(lang, 'shell:menu.masterdata.company');
    await expect(page).toHaveTitle(`${pageTitle} - ${DEMO_COMPANY.nameEn}`);
    const main = page.getByRole('main');
    const nameEn = main.getByLabel(t(lang, 'company:fields.nameEn'), { exact: true });
    await expect(nameEn).toHaveValue(DEMO_COMPANY.nameEn);
    await expectScreenAccessible(page);

    // The form checks before sending: the licence number is required.
    const licence = main.getByLabel(t(lang, 'company:fields.licenceNo'), { exact: true });
    await licence.fill('');
    const save = main.getByRole('button', { name: btn(t(lang, 'company:save')) }).first();
    await save.click();
    await expect(main.getByText(t(lang, 'company:licenceRequired'))).toBeVisible();

    await nameEn.fill('Harbour Credit Limited');
    await licence.fill(' 1234/2026 ');
    const saved = page.waitForResponse((r) => r.url().endsWith('/companyInfo') && r.request().method() === 'PUT' && r.status() === 200);
    await save.click();
    await saved;
    await expect(page.locator('.ant-message-notice-title').getByText(t(lang, 'success:saved'), { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${pageTitle} - Harbour Credit Limited`);
    await expect(licence).toHaveValue('1234/2026');

    await page.reload();
    await expect(page.getByRole('main').getByLabel(t(lang, 'company:fields.nameEn'), { exact: true })).toHaveValue('Harbour Credit Limited');
    await expect(page).toHaveTitle(`${pageTitle} - Harbour Credit Limited`);
  } finally {
    await restore();
  }
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`company information screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      await goInApp(page, PATH);
      await expect(page.getByRole('main').getByText(t(lang, 'company:sections.names'))).toBeVisible();
      await shot(page, 'company', { folder: 'masterdata' });
      await shot(page, 'company-full', { folder: 'masterdata', fullPage: true });
    });
  }
}
