import { powerStaffItemSchema, powerStaffQuerySchema, powerStaffRowSchema } from '../power-staff.js';
import type { PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import { STAFF_STATES } from '../staff.js';

/**
 * Power → staff list (`GET /powerStaff`, `GET /powerStaff/{id}`): staff with the keys they hold,
 * filtered by key, role, store or state. Read-only, so not a store-owned resource for the matrix
 * test (which creates rows); its service still scopes by `staff_stores` like the staff list, which
 * its own tests check.
 */
export const powerStaffResource = defineResource({
  name: 'powerStaff',
  path: '/powerStaff',
  title: 'shell:menu.power.staffList',
  permissions: { list: 'power.staffList' satisfies PermissionKey, view: 'power.staffList' satisfies PermissionKey },
  storeScoped: false,
  fields: [
    { name: 'keyword', kind: 'text', label: 'fields:keyword', filter: 'text' },
    { name: 'permissionKey', kind: 'text', label: 'admin:power.permission', filter: 'text' },
    { name: 'username', kind: 'text', label: 'fields:username', list: true, sortable: true },
    { name: 'name', kind: 'text', label: 'fields:name', list: true, sortable: true },
    { name: 'storeNames', kind: 'text', label: 'fields:loginStores', list: true },
    { name: 'roleNames', kind: 'text', label: 'fields:roles', list: true },
    { name: 'keyCount', kind: 'integer', label: 'admin:power.keyCount', list: true, sortable: true },
    { name: 'state', kind: 'enum', label: 'fields:state', list: true, sortable: true, filter: 'enum', options: STAFF_STATES, enumName: 'staffState' },
    { name: 'storeId', kind: 'ref', label: 'fields:store', filter: 'ref', refPath: '/stores?pageSize=100' },
    { name: 'roleId', kind: 'ref', label: 'fields:role', filter: 'ref', refPath: '/roles?pageSize=100' },
  ],
  item: powerStaffItemSchema,
  listItem: powerStaffRowSchema,
  filters: powerStaffQuerySchema,
  defaultSort: 'id:asc',
});
