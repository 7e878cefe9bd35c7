/** Master data → customer related and loan related: the option lists of each group. */
import { expect, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn, expectAccessible, goInApp, signIn } from './tools-helpers.js';

test('adds a customer-related option and disables it, in zh-TW; the loan-related list opens too', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'admin', lang);

  // Loan related: the loan types first, then another category through the selector.
  await goInApp(page, '/masterdata/loan');
  const main = page.getByRole('main');
  await expect(main.getByRole('cell', { name: '私人貸款' })).toBeVisible();
  await main.getByText(t(lang, 'enums:optionCategory.repayCycle'), { exact: true }).click();
  await expect(main.getByRole('cell', { name: '每月兩次' })).toBeVisible();
  await expect(main.getByRole('cell', { name: '私人貸款' })).toHaveCount(0);

  // Customer related: sources, add one, then disable it.
  await goInApp(page, '/masterdata/customer?category=source');
  await expect(main.getByRole('cell', { name: '電視' })).toBeVisible();
  const code = `web_${Date.now().toString(36)}`;
  await main.getByRole('button', { name: btn(t(lang, 'admin:resource.create')) }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(t(lang, 'options:fields.code')).fill(code);
  await drawer.getByLabel(t(lang, 'options:fields.labelZhTw')).fill('互聯網');
  await drawer.getByLabel(t(lang, 'options:fields.labelEn')).fill('Internet');
  await drawer.getByLabel(t(lang, 'options:fields.labelZhCn')).fill('互联网');
  await drawer.getByLabel(t(lang, 'options:fields.sortOrder')).fill('40');
  await drawer.getByRole('button', { name: btn(t(lang, 'admin:resource.save')) }).click();
  await expect(page.getByText(t(lang, 'success:created'))).toBeVisible();

  const row = main.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell', { name: '互聯網' })).toBeVisible();
  await row.getByRole('button', { name: btn(t(lang, 'options:disable')) }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: btn(t(lang, 'options:disable')) }).click();
  await expect(page.getByText(t(lang, 'success:statusChanged'))).toBeVisible();
  await expect(row).toContainText(t(lang, 'enums:optionState.disabled'));
  await expect(row.getByRole('button', { name: btn(t(lang, 'options:enable')) })).toBeVisible();

  // A built-in option's code is shown locked in the form; its name can still be edited.
  const builtIn = main.getByRole('row').filter({ hasText: 'television' });
  await builtIn.getByRole('button', { name: btn(t(lang, 'admin:resource.edit')) }).click();
  await expect(drawer.getByLabel(t(lang, 'options:fields.code'))).toBeDisabled();
  await expect(drawer.getByLabel(t(lang, 'options:fields.code'))).toHaveValue('television');
  await expect(drawer.getByText(t(lang, 'options:builtinHint'))).toBeVisible();
  await expect(drawer.getByLabel(t(lang, 'options:fields.labelEn'))).toBeEnabled();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`option list screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'admin', lang);
      const main = page.getByRole('main');
      for (const [group, first] of [['customer', lang === 'en' ? 'Hong Kong identity card' : '香港身份證'], ['loan', lang === 'en' ? 'Private loan' : '私人貸款']] as const) {
        await goInApp(page, `/masterdata/${group}`);
        await expect(main.getByRole('cell', { name: first })).toBeVisible();
        if (size.width === 1440) await expectAccessible(page);
        await shot(page, `options-${group}`, { folder: 'tools' });
      }
      await main.getByRole('button', { name: btn(t(lang, 'admin:resource.create')) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      if (size.width === 1440) await expectAccessible(page, 'drawer');
      await shot(page, 'options-loan-create', { folder: 'tools' });
    });
  }
}
