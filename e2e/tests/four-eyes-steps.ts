import type { APIRequestContext, Response } from '@playwright/test';
import type { ApprovalRequested } from '@harbour/contracts';
import { apiLogin, expect } from '../fixtures/index.js';
import { api } from './loan-steps.js';

/**
 * The second person of a controlled action the screen under test asked for (202): the super
 * administrator, who made none of the demo loans' terms, approves the request through the API, so
 * the spec goes on with the action done exactly as the approval does it.
 */
export async function approvedBySecondPerson(request: APIRequestContext, asked: Response): Promise<void> {
  expect(asked.status()).toBe(202);
  const { approvalRequest } = ((await asked.json()) as { data: ApprovalRequested }).data;
  const admin = await apiLogin(request, 'admin');
  const decided = await api<{ status: string }>(request, admin, 'POST', `/approvalRequests/${approvalRequest.id}/approve`, {});
  expect(decided.status).toBe('approved');
}
