/** Master data → holiday: the list, the import of Hong Kong holidays and of an 1823 file. */
import { expect, t, test, type Lang, screenSizes, shot } from '../fixtures/index.js';
import { btn, expectAccessible, goInApp, signIn } from './tools-helpers.js';

const YEAR_RULES = 2029;

test('imports the Hong Kong general holidays of a year, then skips them on a second run', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'manager', lang);
  await goInApp(page, '/masterdata/holidays');
  const main = page.getByRole('main');
  await expect(main.locator('.ant-table-tbody:visible')).toHaveCount(1);

  await main.getByRole('button', { name: btn(t(lang, 'holidays:import.button')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t(lang, 'holidays:import.year')).fill(String(YEAR_RULES));
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.submit')) }).click();
  await expect(dialog.getByRole('status')).toContainText('Added 17 holidays, skipped 0');
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.submit')) }).click();
  await expect(dialog.getByRole('status')).toContainText('Added 0 holidays, skipped 17');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: btn(t(lang, 'holidays:import.close')) }).click();

  // The list shows them (filtered to that year through the URL the list keeps its state in).
  await goInApp(page, `/masterdata/holidays?dateFrom=${YEAR_RULES}-01-01&dateTo=${YEAR_RULES}-12-31`);
  await expect(main.getByText(`${YEAR_RULES}-12-25`)).toBeVisible();
});

test('uploads an 1823 holiday file and rejects a file that is not one', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, '/masterdata/holidays');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: btn(t(lang, 'holidays:import.button')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: t(lang, 'holidays:import.fileTab') }).click();

  const file = {
    vcalendar: [
      {
        vevent: [
          { dtstart: ['20310101', { value: 'DATE' }], dtend: ['20310102', { value: 'DATE' }], summary: '一月一日' },
          { dtstart: ['20310123', { value: 'DATE' }], dtend: ['20310124', { value: 'DATE' }], summary: '農曆年初一' },
        ],
      },
    ],
  };
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.chooseFile')) }).click();
  await (await chooser).setFiles({ name: 'tc.json', mimeType: 'application/json', buffer: Buffer.from(`\uFEFF${JSON.stringify(file)}`) });
  await expect(dialog.getByText('tc.json', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.submit')) }).click();
  await expect(dialog.getByRole('status')).toContainText('已加入 2 個假期');

  const bad = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.chooseFile')) }).click();
  await (await bad).setFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
  await dialog.getByRole('button', { name: btn(t(lang, 'holidays:import.submit')) }).click();
  await expect(dialog.locator('.ant-alert-error')).toContainText('1823 公眾假期檔案');
  await shot(page, 'holidays-import-error', { folder: 'tools' });
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`holiday screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, '/masterdata/holidays');
      const main = page.getByRole('main');
      await expect(main.locator('.ant-table-tbody:visible')).toHaveCount(1);
      await expect(main.getByText('2026-01-01')).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'holidays', { folder: 'tools' });
      await main.getByRole('button', { name: btn(t(lang, 'holidays:import.button')) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      if (size.width === 1440) await expectAccessible(page);
      await shot(page, 'holidays-import', { folder: 'tools' });
    });
  }
}
