/** Steps the loan browser tests share: API calls as a staff member, the form's selects, the operation page's actions. */
import type { APIRequestContext, Page } from '@playwright/test';
import { API, bearer, chooseOption, expect, t, type Lang, type TokenPair } from '../fixtures/index.js';
import { btn } from './tools-helpers.js';

/** An API call as `who` that must succeed; resolves with its data. */
export async function api<T>(request: APIRequestContext, who: TokenPair, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${API}${url}`, { method, headers: bearer(who), ...(data ? { data } : {}) });
  const body = (await res.json()) as { result: string; data: T; message?: string };
  expect(body.result, `${method} ${url}: ${body.message ?? ''}`).toBe('success');
  return body.data;
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
