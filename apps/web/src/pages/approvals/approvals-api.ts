import type { ApprovalRequestFilters } from '@harbour/contracts';
import { call } from '../../api/index.js';
import type { Query } from '../../api/http.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.approvals;

/** Four eyes' queue (`/approvalRequests`): the list, one request, and its decision. */
export const approvalsApi = {
  list: (query: ApprovalRequestFilters, signal?: AbortSignal) => call(api.list, { query: query as Query, signal }),
  get: (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal }),
  approve: (id: number) => call(api.approve, { params: { id }, body: {}, silent: true }),
  reject: (id: number, note: string) => call(api.reject, { params: { id }, body: { note }, silent: true }),
  withdraw: (id: number) => call(api.withdraw, { params: { id }, body: {}, silent: true }),
};

export { isApprovalRequested } from '../../api/four-eyes.js';
