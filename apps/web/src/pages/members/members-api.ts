import { memberResource } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.members;
import { resourceKeys } from '../../generic/use-resource';

/** The member calls beyond the declared list / create / edit (`/members`): detail, disable / enable, link / unlink. */
export const membersApi = {
  get: (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal }),
  setStatus: (id: number, action: 'disable' | 'enable', reason: string) =>
    call(api[action], { params: { id }, body: { reason }, silent: true }),
  link: (id: number, customerId: number) => call(api.link, { params: { id }, body: { customerId }, silent: true }),
  unlink: (id: number) => call(api.unlink, { params: { id } }),
};

/** The generic list's and drawer's keys: a change here refreshes the list (kept alive in its tab) too. */
export const membersKey = resourceKeys.all(memberResource.path);
export const memberKey = (id: number) => resourceKeys.item(memberResource.path, id);

export const MEMBER_PATHS = {
  list: '/member/list',
  detail: (id: number) => `/member/detail?id=${id}`,
};
