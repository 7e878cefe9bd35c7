/**
 * The repayment calculator: the schedule appears as the terms are typed (answered by the real
 * server's domain maths), in Traditional Chinese and English, at desktop and phone sizes.
 */
import { expect, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn, expectAccessible, goInApp, signIn } from './tools-helpers.js';

async function fillTerms(page: import('@playwright/test').Page, lang: Lang, terms: { amount: string; tenor: string; rate: string }) {
  const main = page.getByRole('main');
  await main.getByLabel(t(lang, 'tools:calculator.fields.loanAmount'), { exact: true }).fill(terms.amount);
  await main.getByLabel(t(lang, 'tools:calculator.fields.totalTenor'), { exact: true }).fill(terms.tenor);
  await main.getByLabel(t(lang, 'tools:calculator.fields.rate'), { exact: true }).fill(terms.rate);
}

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  test(`the calculator shows the schedule as the terms are typed (${lang})`, async ({ page }) => {
    await signIn(page, 'clerk', lang);
    await goInApp(page, '/tools/calculator');
    const main = page.getByRole('main');
    await expect(main.getByText(t(lang, 'tools:calculator.empty'))).toBeVisible();

    await fillTerms(page, lang, { amount: '50000', tenor: '12', rate: '0.7' });
    const schedule = main.locator('.calc-schedule');
    // 12 instalments of 4,516.67 (the last absorbs the rounding); the effective rate of the real
    // cash flows over actual days is 16.17–16.39 % depending on the months the loan runs through
    await expect(schedule.locator('tbody tr.ant-table-row')).toHaveCount(12);
    await expect(main.getByText('4,516.67').first()).toBeVisible();
    await expect(main.getByText(/16\.[1-3]\d%/).first()).toBeVisible();
    await expect(main.getByText(t(lang, 'tools:calculator.mlo.ok'))).toBeVisible();

    // Changing one term recalculates without a button.
    await main.getByLabel(t(lang, 'tools:calculator.fields.totalTenor'), { exact: true }).fill('24');
    await expect(schedule.locator('tbody tr.ant-table-row')).toHaveCount(24);

    // A bad value gets the server's message under the field.
    await main.getByLabel(t(lang, 'tools:calculator.fields.totalTenor'), { exact: true }).fill('0');
    await expect(main.locator('.ant-form-item-explain-error')).toHaveCount(1);
    await expect(schedule).toHaveCount(0);
  });
}

test('the calculator exports the schedule as xlsx', async ({ page }) => {
  await signIn(page, 'clerk', 'en');
  await goInApp(page, '/tools/calculator');
  await fillTerms(page, 'en', { amount: '60000', tenor: '24', rate: '0.5' });
  await page.getByRole('main').getByLabel(t('en', 'tools:calculator.fields.amountDeducted'), { exact: true }).fill('1200');
  await expect(page.getByRole('main').getByText('2,800.00').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: btn(t('en', 'tools:calculator.actions.export')) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`calculator screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'clerk', lang);
      await goInApp(page, '/tools/calculator');
      await fillTerms(page, lang, { amount: '10000', tenor: '12', rate: '1.8' });
      await expect(page.getByRole('main').locator('.calc-schedule tbody tr.ant-table-row')).toHaveCount(12);
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'calculator', { folder: 'tools' });
      await shot(page, 'calculator-full', { folder: 'tools', fullPage: true });
      // The print view (A4, so printed from the desktop layout): only the summary and the schedule.
      if (size.width !== 1440) return;
      // The browser's print dialog is not part of the test: let the Print button render the printout only.
      await page.evaluate(() => {
        window.print = () => undefined;
      });
      await page.getByRole('button', { name: btn(t(lang, 'tools:calculator.actions.print')) }).click();
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.calc-print-root .calc-schedule tbody tr.ant-table-row')).toHaveCount(12);
      await expect(page.locator('#root')).toBeHidden();
      await shot(page, 'calculator-print', { folder: 'tools', fullPage: true });
    });
  }
}
