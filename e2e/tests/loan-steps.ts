/** Steps the loan browser tests share: API calls as a staff member, the form's selects, the operation page's actions. */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, apiLogin, bearer, chooseOption, expect, t, type Lang, type TokenPair } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

/** An API call as `who` that must succeed; resolves with its data. */
export async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
}

/** Today in Hong Kong, 'YYYY-MM-DD'. */
export const hongKongToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * A private loan of the named demo borrower at 1% flat, monthly, applied for, approved and paid out
 * today in cash by the demo clerk, manager and accountant through the API. `approval` is the
 * manager's terms (overdue rate and penalty, lock period…).
 */
export async function paidOutLoan(
  request: APIRequestContext,
  /** `terms` adds to the application's fields (autopay details…) */
  opts: { borrower: string; loanAmount: string; totalTenor: number; approval: Record<string, unknown>; terms?: Record<string, unknown> },
): Promise<{ id: number; loanNo: string }> {
  const clerk = await apiLogin(request, 'clerk');
  const manager = await apiLogin(request, 'manager');
  const accountant = await apiLogin(request, 'accountant');
  const today = hongKongToday();
  const customerId = (await api<{ items: { id: number }[] }>(request, clerk, 'GET', `/customers?q=${encodeURIComponent(opts.borrower)}`)).items[0]!.id;
  const loan = await api<{ id: number }>(request, clerk, 'POST', '/loans', {
    customerId,
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: opts.loanAmount,
    totalTenor: opts.totalTenor,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1',
    ...opts.terms,
  });
  await api(request, clerk, 'POST', `/loans/${loan.id}/submit`, {});
  await api(request, manager, 'POST', `/loans/${loan.id}/approve`, opts.approval);
  await api(request, accountant, 'POST', `/loans/${loan.id}/signedNote`, { receivedOn: today });
  const paid = await api<{ loanNo: string }>(request, accountant, 'POST', `/loans/${loan.id}/payout`, { payoutDate: today, method: 'cash' });
  return { id: loan.id, loanNo: paid.loanNo };
}

/** Picks `option` in the select labelled `label` of the page's main region. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await chooseOption(page.getByRole('main').getByLabel(label, { exact: true }), option);
}

/** Runs a loan action from the operation page: its button, its dialog (`fill`), its confirm. */
export async function act(page: Page, lang: Lang, action: string, fill?: () => Promise<void>) {
  const label = t(lang, `loans:actions.${action}`);
  await page.getByRole('main').getByRole('button', { name: btn(label) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.();
  await dialog.getByRole('button', { name: btn(label) }).click();
  await expect(dialog).toHaveCount(0);
}

/** The loan's status tag on the shown page. */
export const statusTag = (page: Page, lang: Lang, status: string) =>
  page.getByRole('main').locator('.ant-tag:visible', { hasText: t(lang, `enums:loanStatus.${status}`) }).first();
