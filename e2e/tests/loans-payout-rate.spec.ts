/**
 * A payout the Ordinance's cap refuses, seen on the payout screen: a loan approved while the company
 * refused every late payout (so its late drawdown fee could never be charged) is paid out five days
 * after its agreed date once the company re-bases late payouts instead. The payout dialog shows the
 * fee, the borrower's rate of the real figures and the refusal that names both, and its confirm
 * button stays disabled. Screenshots in zh-TW and en, desktop and phone.
 */
import { DESKTOP, PHONE, apiLogin, expect, goInApp, shot, signIn, t, test, type Lang } from '../fixtures/index.js';
import { api, hongKongToday } from './loan-steps.js';
import { btn } from './tools-helpers.js';

test.describe.configure({ mode: 'serial' });

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
let loanId = 0;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin');
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const presets = await api<Record<string, unknown>>(request, admin, 'GET', '/getSystemPresets');
  const today = hongKongToday();
  const agreed = addDays(today, -5);
  const customerId = (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent('陳志明')}`)).items[0]!.id;
  const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId,
    loanType: 'private_loan',
    applyDate: agreed,
    loanDate: agreed,
    interestStartDate: agreed,
    loanAmount: '20000',
    totalTenor: 6,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1.5',
  });
  loanId = loan.id;
  await api(request, clerk, 'POST', `/loans/${loan.id}/submit`, {});
  // approved while no late payout was allowed: the late drawdown fee is outside its worst case
  await api(request, admin, 'POST', '/createSystemPresets', { ...presets, latePayoutPolicy: 'refuse', latePayoutRefuseAfterDays: 0 });
  try {
    await api(request, manager, 'POST', `/loans/${loan.id}/approve`, { overdueRate: '36', lateDrawdownFee: '3000' });
  } finally {
    await api(request, admin, 'POST', '/createSystemPresets', { ...presets, latePayoutPolicy: 'rebase' });
  }
  await api(request, accountant, 'POST', `/loans/${loan.id}/signedNote`, { receivedOn: agreed });
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of [DESKTOP, PHONE]) {
    test(`the accountant sees why a late payout is refused (${lang}, ${size.width}×${size.height})`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'accountant', lang);
      await goInApp(page, `/payout/detail/${loanId}`);
      await page.getByRole('main').getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('3,000.00').first()).toBeVisible();
      await expect(dialog.getByText('17,000.00')).toBeVisible();
      const fee = lang === 'en' ? 'the late drawdown fee of 3,000.00' : '逾期提款費 3,000.00';
      const alert = dialog.locator('.ant-alert-error');
      await expect(alert).toContainText(fee);
      await expect(alert).toContainText(lang === 'en' ? '48%; it cannot be paid out' : '超過《放債人條例》上限 48%，不可放款');
      // the rate in the message is the one the quote shows, with two places
      const rate = (await alert.innerText()).match(/(\d+\.\d{2})%/)![1]!;
      await expect(dialog.getByText(`${rate}%`, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) })).toBeDisabled();
      await alert.scrollIntoViewIfNeeded();
      await shot(page, 'loans-payout-refused', { fullPage: false });
    });
  }
}
