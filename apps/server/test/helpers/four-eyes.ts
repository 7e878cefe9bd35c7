import type { ApprovalRequestItem, ApprovalRequested } from '@harbour/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { call, dataOf, type ApiAnswer } from './api.js';

/**
 * Four eyes off for a file whose subject is the action itself, not its approval (set up by SQL:
 * changing the list through the API needs a second person). The approval path has its own tests
 * (`test/approvals/four-eyes.test.ts`).
 */
export async function fourEyesOff(t: Pick<TestApp, 'pool'>): Promise<void> {
  await t.pool.query(`insert into settings (key, value) values ('fourEyesKinds', '[]'::jsonb) on conflict (key) do update set value = excluded.value`);
}

/** Back to the default: every controlled kind under four eyes. */
export async function fourEyesDefault(t: Pick<TestApp, 'pool'>): Promise<void> {
  await t.pool.query(`delete from settings where key = 'fourEyesKinds'`);
}

/**
 * A controlled action the way staff do it under four eyes: the maker's call answers 202 with the
 * request, then the checker approves it; answers the approval's answer (the action's own refusal
 * when it is refused now).
 */
export async function requestAndApprove(
  t: Pick<TestApp, 'app'>,
  request: { method: string; path: string; body: unknown; maker: string },
  checker: string,
): Promise<{ requested: ApprovalRequested; approval: ApiAnswer<ApprovalRequestItem> }> {
  const asked = await call<ApprovalRequested>(t.app, request.method, request.path, { token: request.maker, body: request.body, lang: 'en' });
  expect(asked.statusCode, JSON.stringify(asked.body)).toBe(202);
  const requested = dataOf(asked);
  const approval = await call<ApprovalRequestItem>(t.app, 'POST', `/approvalRequests/${requested.approvalRequest.id}/approve`, { token: checker, body: {}, lang: 'en' });
  return { requested, approval };
}
