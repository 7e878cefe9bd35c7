import { PERMISSION_GROUPS, type PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import {
  PERMISSION_STATES,
  permissionCreateSchema,
  permissionFiltersSchema,
  permissionItemSchema,
  permissionUpdateSchema,
} from '../roles.js';

export const POWER_PERMISSIONS = {
  list: 'power.list',
  create: 'power.create',
  update: 'power.update',
  delete: 'power.delete',
  refresh: 'power.refresh',
} as const satisfies Record<string, PermissionKey>;

/**
 * The permission catalogue (spec §3 "Permission": name, API, grouping, sort, menu icon, url,
 * state). `api` is a list of `METHOD /path` entries, edited as tags.
 */
export const permissionsResource = defineResource({
  name: 'permissions',
  path: '/permissions',
  title: 'shell:menu.power.list',
  permissions: POWER_PERMISSIONS,
  storeScoped: false,
  fields: [
    { name: 'id', kind: 'integer', label: 'fields:id', list: true, sortable: true },
    { name: 'key', kind: 'text', label: 'fields:permissionKey', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'name', kind: 'text', label: 'fields:permissionName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'group', kind: 'enum', label: 'fields:group', list: true, sortable: true, filter: 'enum', form: true, options: PERMISSION_GROUPS.map((g) => g.key), enumName: 'permissionGroup' },
    { name: 'api', kind: 'text', label: 'fields:api', list: true, form: true },
    { name: 'sort', kind: 'integer', label: 'fields:sort', list: true, sortable: true, form: true },
    { name: 'icon', kind: 'text', label: 'fields:icon', list: true, form: true },
    { name: 'url', kind: 'text', label: 'fields:url', list: true, form: true },
    { name: 'state', kind: 'enum', label: 'fields:state', list: true, filter: 'enum', form: true, required: true, options: PERMISSION_STATES, enumName: 'permissionState' },
  ],
  item: permissionItemSchema,
  create: permissionCreateSchema,
  update: permissionUpdateSchema,
  filters: permissionFiltersSchema,
  defaultSort: 'sort:asc',
  messages: { update: 'success.modified' },
});
