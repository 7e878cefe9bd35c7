/**
 * MLO s.18 and s.20 timing on the loan page: a loan agreed 10 days ago with a guarantor, whose note
 * was signed 8 days after the agreement. The signed-note dialog shows the server's refusal of a date
 * before the agreement; the signed-note card says the note must be re-signed; the payout dialog shows
 * why it cannot pay out (and the server refuses the same); the surety pack task is overdue until it
 * is recorded as given. Screens in zh-TW and en.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiLogin, bearer, expect, expectScreenAccessible, goInApp, screenSizes, shot, signIn, t, test, type Lang, type TokenPair } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

const hkDay = (ahead: number) => new Date(Date.now() + 8 * 3600_000 + ahead * 86_400_000).toISOString().slice(0, 10);
const agreed = hkDay(-10);
const day8 = hkDay(-2);

async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

/** A Mong Kok loan with a guarantor, agreed 10 days ago, approved, its note recorded as signed on day 8. */
async function lateNoteLoan(request: APIRequestContext): Promise<number> {
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const find = async (q: string) => (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent(q)}`)).items[0]!.id;
  const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId: await find('陳志明'),
    loanType: 'private_loan',
    applyDate: agreed,
    loanDate: agreed,
    interestStartDate: agreed,
    loanAmount: '18000',
    totalTenor: 6,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '0.8',
    partakers: [{ customerId: await find('李美玲'), role: 'guarantor', relation: '朋友' }],
  });
  await api(request, clerk, 'POST', `/loans/${loan.id}/submit`, {});
  await api(request, manager, 'POST', `/loans/${loan.id}/approve`, { handlingFee: '200' });
  await api(request, accountant, 'POST', `/loans/${loan.id}/signedNote`, { receivedOn: day8 });
  return loan.id;
}

const button = (page: Page, lang: Lang, key: string) => page.getByRole('main').getByRole('button', { name: btn(t(lang, key)) });

for (const lang of ['zh-TW', 'en'] satisfies Lang[]) {
  for (const size of screenSizes(lang)) {
    test(`a note signed on day 8 stops the payout; the surety pack is overdue (${lang}, ${size.width}×${size.height})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const id = await lateNoteLoan(request);
      await page.setViewportSize(size);
      await signIn(page, 'accountant', lang);
      await goInApp(page, `/payout/detail/${id}`);
      const main = page.getByRole('main');

      // The signed-note card: the last day and the re-sign warning; the surety pack overdue.
      await expect(main.getByText(t(lang, 'loans:op.signedNoteLate'))).toBeVisible({ timeout: 15_000 });
      await expect(main.getByText(t(lang, 'loans:op.suretyPackOverdue'), { exact: true })).toBeVisible();
      await main.getByText(t(lang, 'loans:op.signedNoteLate')).scrollIntoViewIfNeeded();
      await shot(page, 'loan-s18-late-note');
      if (size.width > 800) await expectScreenAccessible(page);

      // Recording a date before the agreement: the dialog shows the server's refusal.
      await button(page, lang, 'loans:actions.signedNoteAgain').click();
      const dialog = page.getByRole('dialog');
      const date = dialog.getByLabel(t(lang, 'loans:fields.receivedOn'));
      await date.click();
      await date.fill('2000-01-01');
      await date.press('Enter');
      const refused = page.waitForResponse((r) => r.url().endsWith(`/loans/${id}/signedNote`));
      await dialog.getByRole('button', { name: btn(t(lang, 'loans:actions.signedNoteAgain')) }).click();
      expect((await refused).status()).toBe(422);
      await expect(dialog.locator('.ant-alert-error')).toContainText('2000-01-01');
      await expect(dialog.locator('.ant-alert-error')).toContainText(agreed);
      await shot(page, 'loan-s18-note-refused');
      // Closed by its × button: an Escape pressed while the date field's calendar is still
      // closing is the calendar's, and leaves the dialog open.
      await dialog.locator('.ant-modal-close').click();
      await expect(dialog).toBeHidden();

      // The payout dialog says why, and the confirm stays off.
      await button(page, lang, 'loans:actions.payout').click();
      const payout = page.getByRole('dialog');
      await expect(payout.locator('.ant-alert-error')).toContainText(day8);
      await expect(payout.locator('.ant-alert-error')).toContainText(lang === 'en' ? 're-signed' : '重新簽署');
      await expect(payout.getByRole('button', { name: btn(t(lang, 'loans:actions.payout')) })).toBeDisabled();
      await shot(page, 'loan-s18-payout-refused');
      await page.keyboard.press('Escape');
      await expect(payout).toBeHidden();

      // The surety pack recorded as given today: given late, no longer a task.
      await button(page, lang, 'loans:actions.suretyPack').click();
      const pack = page.waitForResponse((r) => r.url().endsWith(`/loans/${id}/suretyPack`));
      await page.getByRole('dialog').getByRole('button', { name: btn(t(lang, 'loans:actions.suretyPack')) }).click();
      expect((await pack).status()).toBe(200);
      await expect(main.getByText(t(lang, 'loans:op.suretyPackGivenLate'), { exact: true })).toBeVisible();
      await expect(main.getByText(t(lang, 'loans:op.suretyPackOverdue'), { exact: true })).toHaveCount(0);
    });
  }
}
