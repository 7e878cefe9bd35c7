import { memberResource, type MemberItem } from '@harbour/contracts';
import { request } from '../../api/index.js';
import { resourceKeys } from '../../generic/use-resource';

/** The member calls beyond the declared list / create / edit (`/members`): detail, disable / enable, link / unlink. */
export const membersApi = {
  get: (id: number, signal?: AbortSignal) => request<MemberItem>(`/members/${id}`, { signal }),
  setStatus: (id: number, action: 'disable' | 'enable', reason: string) =>
    request<MemberItem>(`/members/${id}/${action}`, { method: 'POST', body: { reason }, silent: true }),
  link: (id: number, customerId: number) => request<MemberItem>(`/members/${id}/link`, { method: 'POST', body: { customerId }, silent: true }),
  unlink: (id: number) => request<MemberItem>(`/members/${id}/unlink`, { method: 'POST' }),
};

/** The generic list's and drawer's keys: a change here refreshes the list (kept alive in its tab) too. */
export const membersKey = resourceKeys.all(memberResource.path);
export const memberKey = (id: number) => resourceKeys.item(memberResource.path, id);

export const MEMBER_PATHS = {
  list: '/member/list',
  detail: (id: number) => `/member/detail?id=${id}`,
};
