/**
 * Loans from application to payout in the browser: the clerk fills an application (zh-TW) and
 * sees the live schedule, saves and submits it; the clerk has no approve button; the manager
 * approves it; the accountant records the signed note, sees the payout quote and pays out by
 * cheque, after which the loan is repaying with its 12-row schedule. Then screenshots of the
 * loan list, form, operation page, approval list and payout list in zh-TW and en, desktop and phone.
 */
import { expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { act, choose, statusTag } from './loan-steps.js';

test.describe.configure({ mode: 'serial' });

let loanId = 0;
let applyNo = '';

test('the clerk applies, the manager approves, the accountant pays out by cheque', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const lang: Lang = 'zh-TW';
  await signIn(page, 'clerk', lang);
  await goInApp(page, '/loan/create');
  const main = page.getByRole('main');

  const picker = main.getByLabel(t(lang, 'loans:fields.customer'), { exact: true });
  await picker.click();
  await picker.fill('陳志明');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '陳志明' }).click();
  await choose(page, t(lang, 'loans:fields.loanType'), '私人貸款');
  await main.getByLabel(t(lang, 'loans:fields.loanAmount'), { exact: true }).fill('50000');
  await main.getByLabel(t(lang, 'loans:fields.flatRate'), { exact: true }).fill('0.7');
  // The live schedule, effective rate and Ordinance verdict come as the terms are typed.
  await expect(main.locator('.calc-schedule tbody tr.ant-table-row')).toHaveCount(12);
  await expect(main.getByText(/16\.[1-3]\d%/).first()).toBeVisible();
  await expect(main.getByText(t(lang, 'tools:calculator.mlo.ok'))).toBeVisible();

  await main.getByRole('button', { name: btn(t(lang, 'loans:form.save')) }).first().click();
  await page.waitForURL(/\/loan\/operation\?id=\d+/);
  loanId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(statusTag(page, lang, 'pending')).toBeVisible();
  applyNo = ((await main.getByRole('heading', { level: 4 }).innerText()).split(' ').pop() ?? '').trim();
  expect(applyNo).not.toBe('');

  await act(page, lang, 'submit');
  await expect(statusTag(page, lang, 'wait_approve')).toBeVisible();
  // Maker ≠ checker, and the clerk holds no approval key: no approve button.
  await expect(main.getByRole('button', { name: btn(t(lang, 'loans:actions.approve')) })).toHaveCount(0);

  // The manager approves from the approval list.
  const managerCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const manager = await managerCtx.newPage();
  await signIn(manager, 'manager', lang);
  await goInApp(manager, '/approval/list');
  await manager.getByRole('main').getByRole('row', { name: new RegExp(applyNo) }).click();
  await manager.waitForURL(new RegExp(`/approval/detail/${loanId}$`));
  await act(manager, lang, 'approve', async () => {
    await manager.getByRole('dialog').getByLabel(t(lang, 'loans:fields.handlingFee'), { exact: true }).fill('500');
  });
  await expect(statusTag(manager, lang, 'approved')).toBeVisible();
  await managerCtx.close();

  // The accountant records the signed note, sees the quote and pays out by cheque.
  const accCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const acc = await accCtx.newPage();
  await signIn(acc, 'accountant', lang);
  await goInApp(acc, '/payout/list');
  await acc.getByRole('main').getByRole('row', { name: new RegExp(applyNo) }).click();
  await acc.waitForURL(new RegExp(`/payout/detail/${loanId}$`));
  await expect(acc.getByRole('main').getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) })).toHaveCount(0);
  await act(acc, lang, 'signedNote');
  // The payout on one screen at 1440×900 and from the keyboard: the first field focused on open,
  // Enter moves on, Ctrl+Enter asks for the confirmation and posts.
  await acc.getByRole('main').getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) }).click();
  const dialog = acc.getByRole('dialog');
  await expect(dialog.getByLabel(t(lang, 'loans:fields.chequeNo'), { exact: true })).toBeFocused();
  await acc.keyboard.type('000123');
  await acc.keyboard.press('Enter');
  await expect(dialog.getByLabel(t(lang, 'loans:fields.payoutDate'), { exact: true })).toBeFocused();
  // The quote: 50,000 less the 500 handling fee; the loan, its borrower, the form and the amounts all in view.
  const received = dialog.getByText('49,500.00');
  for (const part of [dialog.getByText(/陳志明 · /), dialog.getByText(t(lang, 'loans:fields.loanAmount')).first(), received, dialog.getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) })]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  const scrolled = () => acc.evaluate(() => window.scrollY + (document.querySelector('.ant-modal-wrap')?.scrollTop ?? 0));
  expect(await scrolled()).toBe(0);
  await shot(acc, 'loans-payout', { fullPage: false });
  await acc.keyboard.press('Control+Enter');
  const confirmation = acc.locator('.ant-modal-confirm');
  await expect(confirmation).toContainText('HK$ 49,500.00');
  await expect(confirmation.getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) })).toBeFocused();
  await acc.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect(await scrolled()).toBe(0);
  await expect(statusTag(acc, lang, 'repaying')).toBeVisible();
  await expect(acc.getByRole('main').locator('.calc-schedule tbody tr.ant-table-row')).toHaveCount(12);
  await expect(acc.getByRole('main').getByText('000123')).toBeVisible();
  await expectScreenAccessible(acc);
  // The payout receipt prints at once, without a reload.
  await acc.getByRole('main').getByRole('button', { name: btn(t(lang, 'papers:printReceipt')) }).click();
  await acc.waitForURL(/\/loan\/papers\?id=\d+&paper=receipt/);
  await expect(acc.getByRole('main').locator('.loan-papers section[data-paper="receipt"]:visible')).toContainText('49,500.00');
  await expect(acc.getByRole('main').getByRole('button', { name: btn(t(lang, 'papers:print')) })).toBeEnabled();
  await accCtx.close();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`loan screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(120_000);
      expect(loanId, 'the flow above created a loan').toBeGreaterThan(0);
      await page.setViewportSize(size);
          await signIn(page, 'manager', lang);
      const main = page.getByRole('main');
      const settled = () => expect(main.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });

      await goInApp(page, '/loan/list');
      await expect(main.getByRole('row', { name: new RegExp(applyNo) })).toBeVisible();
      await settled();
      if (size.width < 768) {
        // On a phone the list comes first: one filter shows, the others behind "More filters".
        const filters = main.getByRole('search');
        const more = filters.getByRole('button', { name: t(lang, 'admin:resource.moreFilters') });
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(main.getByRole('row', { name: new RegExp(applyNo) })).toBeInViewport();
        await shot(page, 'loans-list');
        await more.click();
        await expect(filters.getByRole('button', { name: t(lang, 'admin:resource.fewerFilters') })).toHaveAttribute('aria-expanded', 'true');
        await shot(page, 'loans-list-filters');
      }
      await shot(page, 'loans-list');
      await expectScreenAccessible(page);

      await goInApp(page, '/loan/create');
      // The list page stays alive behind it (its column headers carry the same names): the visible form only.
      const form = main.locator('form:visible').first();
      await form.getByLabel(t(lang, 'loans:fields.loanAmount'), { exact: true }).fill('80000');
      await form.getByLabel(t(lang, 'loans:fields.flatRate'), { exact: true }).fill('1.2');
      await expect(main.locator('.calc-schedule tbody tr.ant-table-row')).toHaveCount(12);
      await shot(page, 'loans-form');
      await expectScreenAccessible(page);

      await goInApp(page, `/loan/operation?id=${loanId}`);
      await expect(statusTag(page, lang, 'repaying')).toBeVisible();
      await settled();
      await shot(page, 'loans-operation');
      await expectScreenAccessible(page);

      await goInApp(page, '/approval/list?approvalStatus=approved');
      await expect(main.getByRole('row', { name: new RegExp(applyNo) })).toBeVisible();
      await settled();
      await shot(page, 'loans-approval-list');

      await goInApp(page, '/payout/list?payoutStatus=paid');
      await expect(main.getByRole('row', { name: new RegExp(applyNo) })).toBeVisible();
      await settled();
      await shot(page, 'loans-payout-list');
    });
  }
}
