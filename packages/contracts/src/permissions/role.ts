import { action, page } from './define.js';

/** Roles, in the "Staff & roles" menu group right after the staff list. */
export const rolePermissions = [
  page('staff', 505, 'list', { key: 'role.list', path: '/role/list', available: true, icon: 'lock', api: ['GET /roles', 'GET /roles/{id}', 'GET /permissions/tree'] }),
  action('staff', 506, 'role.create', ['POST /roles']),
  action('staff', 507, 'role.update', ['PUT /roles/{id}']),
  action('staff', 508, 'role.delete', ['DELETE /roles/{id}']),
];
