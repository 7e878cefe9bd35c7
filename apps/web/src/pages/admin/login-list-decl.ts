import { defineResource, loginUserFiltersSchema, loginUserItemSchema } from '@harbour/contracts';

/**
 * Live sessions (`GET /loginUserList`, spec §7) shown through the generic list: read-only rows,
 * force logout is the page's own row action.
 */
export const loginListDecl = defineResource({
  name: 'loginList',
  path: '/loginUserList',
  title: 'shell:menu.system.loginList',
  permissions: { list: 'system.loginList' },
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
