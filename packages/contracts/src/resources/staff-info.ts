import { staffInfoItemSchema, staffInfoQuerySchema } from '../admin-lists.js';
import type { PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import { STAFF_STATES } from '../staff.js';

/**
 * Staff list (spec §2 "Staff list", `GET /staffInfo`): the read-only summary of who works where,
 * in which roles, up to which approval amount. Editing staff is the Admin list's job.
 */
export const staffInfoResource = defineResource({
  name: 'staffInfo',
  path: '/staffInfo',
  title: 'shell:menu.staff.list',
  permissions: { list: 'staff.list' satisfies PermissionKey },
  storeScoped: false,
  fields: [
    { name: 'keyword', kind: 'text', label: 'fields:keyword', filter: 'text' },
    { name: 'username', kind: 'text', label: 'fields:username', list: true },
    { name: 'name', kind: 'text', label: 'fields:name', list: true },
    { name: 'staffNo', kind: 'text', label: 'fields:staffNo', list: true },
    { name: 'storeNames', kind: 'text', label: 'fields:loginStores', list: true },
    { name: 'roleNames', kind: 'text', label: 'fields:roles', list: true },
    { name: 'level', kind: 'text', label: 'fields:staffLevel', list: true },
    { name: 'maxApprovedAmount', kind: 'money', label: 'fields:maxApprovedAmount', list: true },
    { name: 'employmentDate', kind: 'date', label: 'fields:employmentDate', list: true },
    { name: 'lastLoginAt', kind: 'datetime', label: 'fields:lastLoginAt', list: true },
    { name: 'state', kind: 'enum', label: 'fields:state', list: true, filter: 'enum', options: STAFF_STATES, enumName: 'staffState' },
    { name: 'storeId', kind: 'ref', label: 'fields:store', filter: 'ref', refPath: '/stores?pageSize=100' },
    { name: 'roleId', kind: 'ref', label: 'fields:role', filter: 'ref', refPath: '/roles?pageSize=100' },
  ],
  item: staffInfoItemSchema,
  filters: staffInfoQuerySchema,
  defaultSort: 'id:asc',
});
