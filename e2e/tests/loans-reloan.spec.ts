/**
 * Reloan (issue 11 item 8) in the browser: the clerk applies for a new loan for a borrower with a
 * repaying loan and names it as the loan to settle; after approval the accountant's payout quote
 * shows the old loan's settlement and pays the borrower the new principal less the fee and that
 * settlement; the old loan is then `reloaned`, and each loan links to the other. Screenshots of the
 * form and the payout quote (zh-TW, desktop) and of both operation pages.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { act, api, choose, paidOutLoan, statusTag } from './loan-steps.js';

test.describe.configure({ mode: 'serial' });

const BORROWER = '李美玲';

/** A 24,000 loan to the borrower over 12 months at 1% flat, paid out today: its settlement today is its principal. */
const repayingLoan = (request: APIRequestContext) =>
  paidOutLoan(request, { borrower: BORROWER, loanAmount: '24000', totalTenor: 12, approval: { overdueRate: '24', overduePenalty: '300' } });

let oldLoan = { id: 0, loanNo: '' };
let newLoanId = 0;

test('a reloan settles the old loan at payout and pays the borrower the difference', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const lang: Lang = 'zh-TW';
  oldLoan = await repayingLoan(request);

  // The clerk applies for 50,000 and names the repaying loan as the one to settle.
  await signIn(page, 'clerk', lang);
  await goInApp(page, '/loan/create');
  const main = page.getByRole('main');
  const picker = main.getByLabel(t(lang, 'loans:fields.customer'), { exact: true });
  await picker.click();
  await picker.fill(BORROWER);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: BORROWER }).click();
  await choose(page, t(lang, 'loans:fields.loanType'), '私人貸款');
  await main.getByLabel(t(lang, 'loans:fields.loanAmount'), { exact: true }).fill('50000');
  await main.getByLabel(t(lang, 'loans:fields.flatRate'), { exact: true }).fill('0.7');
  await choose(page, t(lang, 'loans:fields.reloanOf'), oldLoan.loanNo);
  await shot(page, 'reloan-form');
  await main.getByRole('button', { name: btn(t(lang, 'loans:form.save')) }).first().click();
  await page.waitForURL(/\/loan\/operation\?id=\d+/);
  newLoanId = Number(new URL(page.url()).searchParams.get('id'));
  // The operation page links the loan it will settle.
  await expect(main.getByRole('link', { name: new RegExp(oldLoan.loanNo) }).first()).toBeVisible();
  await act(page, lang, 'submit');
  await expect(statusTag(page, lang, 'wait_approve')).toBeVisible();

  const manager = await apiLogin(request, 'manager');
  await api(request, manager, 'POST', `/loans/${newLoanId}/approve`, { overdueRate: '24', overduePenalty: '300', handlingFee: '500' });

  // The accountant pays out: 50,000 less the 500 fee less the old loan's 24,000 settlement.
  const accCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const acc = await accCtx.newPage();
  await signIn(acc, 'accountant', lang);
  await goInApp(acc, `/payout/detail/${newLoanId}`);
  await act(acc, lang, 'signedNote');
  await act(acc, lang, 'payout', async () => {
    const dialog = acc.getByRole('dialog');
    await dialog.getByLabel(t(lang, 'loans:fields.chequeNo'), { exact: true }).fill('000456');
    await expect(dialog.getByText(`${t(lang, 'loans:fields.oldLoanSettlement')} (${oldLoan.loanNo})`)).toBeVisible();
    await expect(dialog.getByText('24,000.00')).toBeVisible();
    await expect(dialog.getByText('25,500.00')).toBeVisible();
    await shot(acc, 'reloan-payout-quote');
  });
  await expect(statusTag(acc, lang, 'repaying')).toBeVisible();
  await accCtx.close();

  // The old loan is reloaned and names the loan that settled it.
  await goInApp(page, `/loan/operation?id=${oldLoan.id}`);
  await expect(statusTag(page, lang, 'reloaned')).toBeVisible();
  await expect(main.getByText(t(lang, 'loans:fields.reloans'))).toBeVisible();
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`reloan screens in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      expect(newLoanId, 'the flow above made a reloan').toBeGreaterThan(0);
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      const main = page.getByRole('main');
      const settled = () => expect(main.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });

      await goInApp(page, `/loan/operation?id=${newLoanId}`);
      await expect(statusTag(page, lang, 'repaying')).toBeVisible();
      await settled();
      await shot(page, 'reloan-new-loan');
      await expectScreenAccessible(page);

      await goInApp(page, `/loan/operation?id=${oldLoan.id}`);
      await expect(statusTag(page, lang, 'reloaned')).toBeVisible();
      await settled();
      await shot(page, 'reloan-old-loan');
    });
  }
}
