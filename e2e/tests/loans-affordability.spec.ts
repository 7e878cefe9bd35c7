/**
 * The licensing conditions (2021) in the browser: the approve dialog of an unsecured loan to an
 * individual shows the affordability figures — monthly income, existing monthly instalments, this
 * loan's instalment, the total and the debt-to-income ratio with the company's limit — and, above
 * the limit, asks for the reason before approving; a referee's phone reads "consent not recorded"
 * until the consent is recorded on the loan page. Screenshots of both in zh-TW and en.
 */
import { apiLogin, expect, goInApp, shot, signIn, t, test, type Lang, screenSizes } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';
import { api, statusTag } from './loan-steps.js';

test.describe.configure({ mode: 'serial' });

let loanId = 0;

test.beforeAll(async ({ request }) => {
  const clerk = await apiLogin(request, 'clerk');
  const find = async (q: string) => (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent(q)}`)).items[0]!.id;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  // 陳志明 earns 23,500.00 a month; with a 9,000.00 mortgage instalment and this loan's 4,766.67 the
  // instalments are 58.58 % of the income, above the demo's 50 % limit.
  const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId: await find('陳志明'),
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: '50000',
    totalTenor: 12,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1.2',
    partakers: [{ customerId: await find('張小燕'), role: 'referee', relation: '鄰居' }],
    creditReferences: [{ creditName: '甲銀行按揭', creditType: '按揭', loanAmount: '1800000', instalmentAmount: '9000', outstandingTenors: 200 }],
  });
  loanId = loan.id;
  await api(request, clerk, 'POST', `/loans/${loanId}/submit`, {});
});

const money = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 });

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`the approve dialog shows the debt-to-income ratio and the referee's phone waits for consent (${lang}, ${size.width}×${size.height})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, `/loan/operation?id=${loanId}`);
      const main = page.getByRole('main');
      await expect(statusTag(page, lang, 'wait_approve')).toBeVisible();

      // The referee's phone is withheld: "consent not recorded" with the action to record it.
      const partakers = main.locator('.ant-card', { hasText: t(lang, 'loans:op.partakers') });
      const referee = partakers.getByRole('row', { name: /張小燕/ });
      await expect(referee).toContainText(t(lang, 'loans:op.consentNotRecorded'));
      await expect(referee.getByRole('button', { name: btn(t(lang, 'loans:actions.refereeConsent')) })).toBeVisible();
      await expect(referee).not.toContainText('8404');
      await partakers.scrollIntoViewIfNeeded();
      await shot(page, 'loans-referee-consent');

      await main.getByRole('button', { name: btn(t(lang, 'loans:actions.approve')) }).click();
      const dialog = page.getByRole('dialog');
      const figures = dialog.getByTestId('affordability');
      await expect(figures).toContainText(t(lang, 'loans:affordability.ratio'));
      for (const amount of ['23500', '9000', '4766.67', '13766.67']) await expect(figures).toContainText(money(amount));
      await expect(figures).toContainText('58.58%');
      await expect(figures).toContainText('50%');
      await expect(dialog).toContainText(t(lang, 'loans:affordability.aboveLimit'));
      await expect(dialog.getByLabel(t(lang, 'loans:fields.affordabilityReason'))).toBeVisible();
      await shot(page, 'loans-approve-affordability');
      // Without the reason the dialog does not send the approval.
      await dialog.getByRole('button', { name: btn(t(lang, 'loans:actions.approve')) }).click();
      await expect(dialog.getByText(t(lang, 'validation:required'))).toBeVisible();
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: btn(t(lang, 'common:actions.close')) }).click();
      await expect(dialog).toHaveCount(0);
    });
  }
}

test('the manager approves with the reason, and records the referee’s consent: the phone shows', async ({ page }) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, `/loan/operation?id=${loanId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: btn(t(lang, 'loans:actions.approve')) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t(lang, 'loans:fields.affordabilityReason')).fill('客戶另有租金收入，已核租約');
  await dialog.getByRole('button', { name: btn(t(lang, 'loans:actions.approve')) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(statusTag(page, lang, 'approved')).toBeVisible();

  const referee = main.locator('.ant-card', { hasText: t(lang, 'loans:op.partakers') }).getByRole('row', { name: /張小燕/ });
  await referee.getByRole('button', { name: btn(t(lang, 'loans:actions.refereeConsent')) }).click();
  const consent = page.getByRole('dialog');
  await consent.getByRole('radio', { name: t(lang, 'enums:consentMethod.written') }).check();
  await consent.getByRole('button', { name: btn(t(lang, 'loans:actions.refereeConsent')) }).click();
  await expect(consent).toHaveCount(0);
  // shown as any phone is now: the "visible tel. no." digits (4 in the demo)
  await expect(referee).toContainText('****8404');
  await expect(referee).toContainText(t(lang, 'enums:consentMethod.written'));
});
