/** System → default settings: a change is saved, survives a reload, and the screen reads well. */
import { expect, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn, expectAccessible, goInApp, signIn } from './tools-helpers.js';
import { approvedBySecondPerson, giveReason } from './four-eyes-steps.js';

test('settings save and survive a reload', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'admin', lang);
  await goInApp(page, '/system/settings');
  const main = page.getByRole('main');
  const sms = main.getByLabel(t(lang, 'settings:fields.smsCharCount'), { exact: true });
  await expect(sms).toHaveValue('70');
  await sms.fill('140');
  await main.getByRole('radio', { name: t(lang, 'settings:options.maxAprExcessAction.prompt-and-confirm') }).check();
  await expect(main.getByRole('radio', { name: t(lang, 'settings:options.dayCount.actual/365') })).toBeChecked();
  // a button-style radio: its input is hidden, the label is what a person clicks
  await main.locator('label.ant-radio-button-wrapper', { hasText: t(lang, 'settings:options.dayCount.30/360') }).click();
  const asked = page.waitForResponse((r) => r.url().endsWith('/createSystemPresets') && r.request().method() === 'POST');
  await main.getByRole('button', { name: btn(t(lang, 'settings:save')) }).first().click();
  // the rate settings are under four eyes: the maker says why, and the whole change waits for the accountant's approval
  await giveReason(page, lang, 'Board decision of the month');
  const answer = await asked;
  await expect(page.getByText(t(lang, 'approvals:success.requested'))).toBeVisible();
  await approvedBySecondPerson(page.request, answer, 'accountant');

  await page.reload();
  await expect(page.getByRole('main').getByLabel(t(lang, 'settings:fields.smsCharCount'), { exact: true })).toHaveValue('140');
  await expect(
    page.getByRole('main').getByRole('radio', { name: t(lang, 'settings:options.maxAprExcessAction.prompt-and-confirm') }),
  ).toBeChecked();
  await expect(page.getByRole('main').getByRole('radio', { name: t(lang, 'settings:options.dayCount.30/360') })).toBeChecked();
});

test('settings refuse a bad value with the server’s message under the field', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'admin', lang);
  await goInApp(page, '/system/settings');
  const main = page.getByRole('main');
  // Every interest method switched off: the server says at least one is needed.
  for (const m of ['amortization', 'interest-first']) {
    await main.getByRole('checkbox', { name: t(lang, `settings:options.interestMethods.${m}`) }).uncheck();
  }
  await main.getByRole('button', { name: btn(t(lang, 'settings:save')) }).first().click();
  await giveReason(page, lang, '測試');
  await expect(main.locator('.ant-form-item-explain-error')).toContainText('至少選擇一項');
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`default settings screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      await goInApp(page, '/system/settings');
      await expect(page.getByRole('main').getByText(t(lang, 'settings:sections.security'))).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'settings', { folder: 'tools' });
      await shot(page, 'settings-full', { folder: 'tools', fullPage: true });
    });
  }
}
