import type { PermissionKey } from '../permissions/index.js';
import { defineResource } from '../resource.js';
import { roleCreateSchema, roleFiltersSchema, roleItemSchema, roleUpdateSchema } from '../roles.js';

export const ROLE_PERMISSIONS = {
  list: 'role.list',
  create: 'role.create',
  update: 'role.update',
  delete: 'role.delete',
} as const satisfies Record<string, PermissionKey>;

/**
 * Roles (spec §3 "Role": name, description, permissions; all required, §5). The web edits the
 * permissions field with the grouped permission tree instead of the kind's default control.
 */
export const rolesResource = defineResource({
  name: 'roles',
  path: '/roles',
  title: 'shell:menu.role.list',
  permissions: ROLE_PERMISSIONS,
  storeScoped: false,
  fields: [
    { name: 'id', kind: 'integer', label: 'fields:id', list: true, sortable: true },
    { name: 'name', kind: 'text', label: 'fields:roleName', list: true, sortable: true, filter: 'text', form: true, required: true },
    { name: 'description', kind: 'textarea', label: 'fields:description', list: true, form: true, required: true },
    { name: 'permissions', kind: 'refs', label: 'fields:permissions', form: true, required: true },
    { name: 'staffCount', kind: 'integer', label: 'fields:staffCount', list: true },
    { name: 'createdAt', kind: 'datetime', label: 'fields:createdAt', list: true, sortable: true },
  ],
  item: roleItemSchema,
  create: roleCreateSchema,
  update: roleUpdateSchema,
  filters: roleFiltersSchema,
  defaultSort: 'id:asc',
  messages: { update: 'success.modified' },
});
