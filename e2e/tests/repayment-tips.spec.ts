/**
 * Repayment → tips list: the loans due within the reminder days and the overdue ones, from the
 * daily servicing job's summaries. Two loans of Mong Kok repaid every 2 days are paid out here and
 * the manager runs the job; the collector finds them, filters, follows the link to the repayment
 * process and exports the list; the job's button is the manager's only.
 */
import type { APIRequestContext } from '@playwright/test';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, shot, signIn, t, test, type Lang, type TokenPair, screenSizes } from '../fixtures/index.js';

test.describe.configure({ mode: 'serial' });

const PATH = '/repayment/tipsList';
const loans: { id: number; loanNo: string }[] = [];

async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

test.beforeAll(async ({ request }) => {
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const find = async (q: string) => (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent(q)}`)).items[0]!.id;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  for (const [name, amount] of [['黃家豪', '8000'], ['李美玲', '12000']] as const) {
    const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
      customerId: await find(name),
      loanType: 'private_loan',
      applyDate: today,
      loanDate: today,
      interestStartDate: today,
      loanAmount: amount,
      totalTenor: 10,
      repayCycle: 'every-n-days',
      cycleDays: 2,
      interestMethod: 'amortization',
      flatRate: '0.01',
    });
    await api(request, clerk, 'POST', `/loans/${loan.id}/submit`, {});
    // An instalment every two days is a large monthly sum (× 365 / 24): above the debt-to-income limit, the manager says why.
    await api(request, manager, 'POST', `/loans/${loan.id}/approve`, { overdueRate: '36', overduePenalty: '100', affordabilityReason: '短期貸款，客戶有儲蓄證明' });
    await api(request, accountant, 'POST', `/loans/${loan.id}/signedNote`, { receivedOn: today });
    const paid = await api<{ loanNo: string }>(request, accountant, 'POST', `/loans/${loan.id}/payout`, { payoutDate: today, method: 'cash' });
    loans.push({ id: loan.id, loanNo: paid.loanNo });
  }
  // forced: today's figures with these loans in, whether or not the day's run has happened
  const run = await api<{ loans: number }>(request, manager, 'POST', '/repayments/dailyJob', { force: true });
  expect(run.loans).toBeGreaterThanOrEqual(2);
});

test('the collector finds the loans due soon, filters them, opens the repayment and exports the list', async ({ page }) => {
  const lang: Lang = 'en';
  await signIn(page, 'collector', lang);
  const first = page.waitForResponse((r) => r.url().includes(`${API}/repayments/tips`) && r.status() === 200);
  await goInApp(page, PATH);
  await first;
  const main = page.getByRole('main');
  for (const loan of loans) await expect(main.getByRole('row').filter({ hasText: loan.loanNo })).toContainText(t(lang, 'servicing:tips.dueSoon'));
  // the job's button is the manager's
  await expect(main.getByRole('button', { name: t(lang, 'servicing:daily.run') })).toHaveCount(0);
  await expectScreenAccessible(page);

  const filtered = page.waitForResponse((r) => r.url().includes('/repayments/tips?') && r.url().includes(`loanNo=${loans[0]!.loanNo}`));
  await main.getByPlaceholder(t(lang, 'servicing:tips.fields.loanNo')).fill(loans[0]!.loanNo);
  await main.getByRole('button', { name: t(lang, 'servicing:tips.search') }).click();
  expect((await filtered).status()).toBe(200);
  await expect(main.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // phones masked, amounts right-aligned
  const row = main.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('*');
  await expect(row.locator('.harbour-money').first()).toHaveCSS('text-align', 'right');

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: t(lang, 'servicing:tips.export') }).click();
  expect((await download).suggestedFilename()).toMatch(/^repayment-tips-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await row.getByRole('link', { name: t(lang, 'servicing:tips.process') }).click();
  await expect(page).toHaveURL(new RegExp(`/repayment/process\\?loanId=${loans[0]!.id}$`));
});

test('the manager runs the daily job from the list', async ({ page }) => {
  const lang: Lang = 'zh-TW';
  await signIn(page, 'manager', lang);
  await goInApp(page, PATH);
  const main = page.getByRole('main');
  await expect(main.getByRole('row').filter({ hasText: loans[1]!.loanNo })).toBeVisible();
  await main.getByRole('button', { name: t(lang, 'servicing:daily.run') }).click();
  const ran = page.waitForResponse((r) => r.url().includes('/repayments/dailyJob'));
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /OK|確定|确定|確 定/ }).click();
  expect((await ran).status()).toBe(200);
  // the day's run is done (above): the button's answer is the server's word that it already ran
  await expect(page.locator('.ant-message')).toContainText(/\d{4}-\d{2}-\d{2} 的每日還款結算已於 .+（香港時間）完成/);
});

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`tips list screen in ${lang} at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, 'manager', lang);
      await goInApp(page, PATH);
      await expect(page.getByRole('main').getByRole('row').filter({ hasText: loans[0]!.loanNo })).toBeVisible();
      await shot(page, 'repayment-tips');
    });
  }
}
