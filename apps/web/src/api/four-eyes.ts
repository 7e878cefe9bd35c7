import type { ApprovalRequested } from '@harbour/contracts';

/**
 * A controlled action's answer when the company puts it under four eyes: the recorded request
 * (HTTP 202), not the action's result. A screen that ran the action says "sent for approval" then,
 * never that it was done.
 */
export function isApprovalRequested(answer: unknown): answer is ApprovalRequested {
  return typeof answer === 'object' && answer !== null && 'approvalRequest' in answer;
}
