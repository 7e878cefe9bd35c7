/**
 * MLO s.19 statements: a manager records the borrower's written request for demo loan 14 (旺角
 * 黃家豪, paid out 40 days ago, one receipt), issues the statement and sees it logged; a second
 * s.19 request the same month is refused with the day the next is owed. The page and its A4
 * statement screenshotted in zh-TW and en at desktop and phone sizes, checked with axe.
 */
import type { Page } from '@playwright/test';
import { expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const HISTORY_LOAN = 14;
const main = (page: Page) => page.getByRole('main');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm:visible');

async function openStatement(page: Page, lang: Lang) {
  await goInApp(page, `/repayment/statement?loanId=${HISTORY_LOAN}`);
  const sheet = main(page).locator('section[data-paper="statement"]');
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet).toContainText(t(lang, 'statements:sections.notYetDue'));
  return sheet;
}

test('a manager issues an s.19 statement on a written request; a second within the month is refused', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'manager', lang);
  const sheet = await openStatement(page, lang);
  await expect(sheet).toContainText('黃家豪');
  // the receipt taken at the counter is among the amounts paid
  await expect(sheet).toContainText('3,500.00');
  await expectScreenAccessible(page);

  const m = main(page);
  const issue = async () => {
    await m.getByRole('button', { name: btn(t(lang, 'statements:issue')) }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith(`/loans/${HISTORY_LOAN}/statement`) && r.request().method() === 'POST');
    await confirmBox(page).getByRole('button', { name: btn(t(lang, 'statements:issue')) }).click();
    return answer;
  };
  expect((await issue()).status()).toBe(200);
  await expect(page.getByText(t(lang, 'statements:success.issued'))).toBeVisible();
  const log = m.locator('.ant-card', { hasText: t(lang, 'statements:sections.requests') });
  await expect(log.locator('tbody tr').filter({ hasText: t(lang, 'statements:kinds.s19') })).toHaveCount(1);

  expect((await issue()).status()).toBe(422);
  await expect(m.getByRole('alert').filter({ hasText: 'the next is owed from' }).first()).toBeVisible();
  await expect(log.locator('tbody tr').filter({ hasText: t(lang, 'statements:kinds.s19') })).toHaveCount(1);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`statement screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await openStatement(page, lang);
      await shot(page, 'repayment-statement');
      await shot(page, 'repayment-statement-full', { fullPage: true });
    });
  }
}
