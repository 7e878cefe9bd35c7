import type { PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import { loginUserFiltersSchema, loginUserItemSchema } from '../session.js';

export const LOGIN_LIST_PERMISSIONS = {
  list: 'system.loginList',
  /** force a session to log out (`POST /revokeToken`) */
  revoke: 'system.loginList.revoke',
} as const satisfies Record<string, PermissionKey>;

/**
 * Live sessions (`GET /loginUserList`, spec §7) shown through the generic list: read-only rows,
 * force logout is the page's own row action.
 */
export const loginListResource = defineResource({
  name: 'loginList',
  path: '/loginUserList',
  title: 'shell:menu.system.loginList',
  permissions: { list: LOGIN_LIST_PERMISSIONS.list },
  storeScoped: false,
  fields: [
    { name: 'staffId', kind: 'ref', label: 'fields:staff', list: true, sortable: true, filter: 'ref', refPath: '/admin/allAdmins' },
    { name: 'username', kind: 'text', label: 'fields:username', list: true, filter: 'text' },
    { name: 'storeName', kind: 'text', label: 'fields:store', list: true },
    { name: 'ip', kind: 'text', label: 'fields:ipAddress', list: true },
    { name: 'userAgent', kind: 'text', label: 'fields:userAgent', list: true },
    { name: 'createdAt', kind: 'datetime', label: 'fields:loginAt', list: true, sortable: true },
    { name: 'lastSeenAt', kind: 'datetime', label: 'fields:lastSeenAt', list: true, sortable: true },
  ],
  item: loginUserItemSchema,
  filters: loginUserFiltersSchema,
  defaultSort: 'lastSeenAt:desc',
});
