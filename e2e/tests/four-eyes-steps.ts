import type { APIRequestContext, APIResponse, Page, Response } from '@playwright/test';
import type { ApprovalRequested } from '@harbour/contracts';
import { apiLogin, expect, t, type Lang } from '../fixtures/index.js';
import { api } from './loan-steps.js';

/**
 * The second person of a controlled action the screen under test asked for (202): by default the
 * super administrator, who made none of the demo loans' terms (a settings change the administrator
 * asked for is the accountant's to check), approves the request through the API, so the spec goes
 * on with the action done exactly as the approval does it.
 */
export async function approvedBySecondPerson(request: APIRequestContext, asked: Response | APIResponse, checker = 'admin'): Promise<void> {
  expect(asked.status()).toBe(202);
  const { approvalRequest } = ((await asked.json()) as { data: ApprovalRequested }).data;
  const tokens = await apiLogin(request, checker);
  const decided = await api<{ status: string }>(request, tokens, 'POST', `/approvalRequests/${approvalRequest.id}/approve`, {});
  expect(decided.status).toBe('approved');
}

/**
 * A settings save under four eyes asks the maker's reason in its confirmation first: fills it in
 * and sends the request.
 */
export async function giveReason(page: Page, lang: Lang, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t(lang, 'approvals:reasonDialog.title') });
  await dialog.getByLabel(t(lang, 'approvals:fields.reason')).fill(reason);
  await dialog.getByRole('button', { name: t(lang, 'approvals:reasonDialog.send') }).click();
}
