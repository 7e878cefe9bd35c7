/**
 * Tools → application form builder, application form and address searching in the browser: the
 * manager hides a field and requires another for the revolving loan; the loan form no longer shows
 * the hidden one and refuses a save without the required one, with the message under the field;
 * the blank application form prints without the hidden field and with the required one marked
 * (an A4 PDF is kept to look at); a recorded address is found. Then screenshots of the three
 * screens in zh-TW and en, desktop and phone. The revolving loan's layout is put back at the end
 * (other specs share the server).
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { API, apiLogin, chooseOption, bearer, expect, expectScreenAccessible, goInApp, screensDir, signIn, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const LOAN_TYPE = 'revolving';
const typeName = (lang: Lang) => (lang === 'en' ? 'Revolving loan' : '循環貸款');

async function choose(page: Page, label: string, option: string | RegExp) {
  // Pages visited before stay mounted, hidden: the builder's "Loan type" too.
  await chooseOption(page.getByRole('main').getByLabel(label, { exact: true }).filter({ visible: true }), option);
}

test.afterAll(async ({ request }) => {
  const tokens = await apiLogin(request, 'admin');
  const res = await request.put(`${API}/formLayouts/${LOAN_TYPE}`, { headers: bearer(tokens), data: { fields: [] } });
  expect(res.ok()).toBe(true);
});

test('a field hidden and a field required in the builder are obeyed by the loan form', async ({ page }) => {
  test.setTimeout(120_000);
  const lang: Lang = 'en';
  await signIn(page, 'manager', lang);
  await goInApp(page, '/tools/formBuilder');
  const main = page.getByRole('main');
  await choose(page, t(lang, 'formLayout:builder.loanType'), typeName(lang));
  const remarks = t(lang, 'loans:fields.remarks');
  const purpose = t(lang, 'loans:fields.loanPurpose');
  await main.getByRole('switch', { name: `${remarks} ${t(lang, 'formLayout:builder.shown')}` }).click();
  await main.getByRole('switch', { name: `${purpose} ${t(lang, 'formLayout:builder.required')}` }).click();
  // Fixed fields cannot be switched.
  await expect(main.getByRole('switch', { name: `${t(lang, 'loans:fields.loanAmount')} ${t(lang, 'formLayout:builder.shown')}` })).toBeDisabled();
  await main.getByRole('button', { name: btn(t(lang, 'formLayout:builder.save')) }).click();
  await expect(page.getByText(t(lang, 'success:saved')).first()).toBeVisible();
  await expect(main.getByText(t(lang, 'formLayout:builder.updatedAt'))).toBeVisible();

  // The loan form for the revolving loan: no remarks, the purpose marked required and checked.
  await goInApp(page, '/loan/create');
  const picker = main.getByLabel(t(lang, 'loans:fields.customer'), { exact: true });
  await picker.click();
  await picker.fill('陳志明');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '陳志明' }).click();
  await choose(page, t(lang, 'loans:fields.loanType'), typeName(lang));
  await expect(main.getByLabel(remarks, { exact: true })).toHaveCount(0);
  await expect(main.locator('.ant-form-item-required', { hasText: purpose })).toBeVisible();
  await main.getByLabel(t(lang, 'loans:fields.loanAmount'), { exact: true }).fill('20000');
  await main.getByLabel(t(lang, 'loans:fields.flatRate'), { exact: true }).fill('1');
  await main.getByRole('button', { name: btn(t(lang, 'loans:form.save')) }).filter({ visible: true }).first().click();
  await expect(main.locator('.ant-form-item-explain-error', { hasText: t(lang, 'formLayout:required') })).toBeVisible();
  await expect(page).toHaveURL(/\/loan\/create$/);
  // Another loan type keeps its remarks.
  await choose(page, t(lang, 'loans:fields.loanType'), 'Private loan');
  await expect(main.getByLabel(remarks, { exact: true })).toBeVisible();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  test(`the blank application form follows the layout and prints on A4 (${lang})`, async ({ page }) => {
    await signIn(page, 'clerk', lang);
    await goInApp(page, `/tools/applicationForm?loanType=${LOAN_TYPE}`);
    const main = page.getByRole('main');
    const sheet = main.locator('.app-sheet');
    await expect(sheet.getByRole('heading', { name: t(lang, 'formLayout:print.title') })).toBeVisible();
    await expect(sheet.getByText(typeName(lang))).toBeVisible();
    await expect(sheet.locator('.app-sheet-label', { hasText: t(lang, 'loans:fields.remarks') })).toHaveCount(0);
    await expect(sheet.locator('.app-sheet-label', { hasText: t(lang, 'loans:fields.loanPurpose') }).locator('.app-sheet-star')).toBeVisible();
    // The printout's language is chosen apart from the screen's.
    const other: Lang = lang === 'en' ? 'zh-TW' : 'en';
    // antd's radio buttons: the input is hidden under its label, which takes the click.
    await main.locator('.ant-radio-button-wrapper', { hasText: t(lang, `common:languages.${other}`) }).click();
    await expect(sheet.getByRole('heading', { name: t(other, 'formLayout:print.title') })).toBeVisible();
    await main.locator('.ant-radio-button-wrapper', { hasText: t(lang, `common:languages.${lang}`) }).click();
    await expect(sheet.getByRole('heading', { name: t(lang, 'formLayout:print.title') })).toBeVisible();

    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await main.getByRole('button', { name: btn(t(lang, 'formLayout:print.print')) }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.harbour-print-root .app-sheet')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    const dir = path.join(screensDir, 'tools');
    mkdirSync(dir, { recursive: true });
    await page.pdf({ path: path.join(dir, `application-form-blank-${lang}.pdf`), format: 'A4', printBackground: true, preferCSSPageSize: true });
    await shot(page, 'application-form-print', { folder: 'tools', fullPage: true });
  });
}

test('a recorded address is found', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'clerk', lang);
  await goInApp(page, '/tools/addressSearch');
  const main = page.getByRole('main');
  await main.getByLabel(t(lang, 'address:q'), { exact: true }).fill('彌敦道');
  await main.getByRole('button', { name: btn(t(lang, 'address:search')) }).click();
  // The residential address: another test may pledge the same flat as a collateral.
  const row = main.getByRole('row', { name: /陳志明/ }).filter({ hasText: t(lang, 'address:sources.residential') });
  await expect(row).toBeVisible();
  await expect(row.getByText('九龍旺角彌敦道 688 號 12 樓 B 室')).toBeVisible();
  await expect(row.getByText(t(lang, 'address:sources.residential'))).toBeVisible();
  // Too short a text is not sent.
  await main.getByLabel(t(lang, 'address:q'), { exact: true }).fill('彌');
  await expect(main.getByText(t(lang, 'address:tooShort'))).toBeVisible();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`tools form screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      const main = page.getByRole('main');
      const settled = () => expect(main.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });

      await goInApp(page, '/tools/formBuilder');
      await expect(main.getByRole('switch').first()).toBeVisible();
      await settled();
      if (size.width === 1440) await expectScreenAccessible(page);
      await shot(page, 'form-builder', { folder: 'tools' });
      await shot(page, 'form-builder-full', { folder: 'tools', fullPage: true });

      await goInApp(page, `/tools/applicationForm?loanType=${LOAN_TYPE}`);
      await expect(main.locator('.app-sheet h1')).toBeVisible();
      await settled();
      if (size.width === 1440) await expectScreenAccessible(page);
      await shot(page, 'application-form', { folder: 'tools' });
      await shot(page, 'application-form-full', { folder: 'tools', fullPage: true });

      await goInApp(page, '/tools/addressSearch');
      await main.getByLabel(t(lang, 'address:q'), { exact: true }).fill('九龍');
      await main.getByRole('button', { name: btn(t(lang, 'address:search')) }).click();
      await expect(main.getByRole('row', { name: /九龍/ }).filter({ visible: true }).first()).toBeVisible();
      await settled();
      if (size.width === 1440) await expectScreenAccessible(page);
      await shot(page, 'address-search', { folder: 'tools' });
    });
  }
}
