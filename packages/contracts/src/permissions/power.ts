import { action, page } from './define.js';

/**
 * Power (spec §2): the permission catalogue and each staff member's grants, in the "Staff & roles"
 * menu group beside the staff list and the roles that hold the permissions.
 */
export const powerPermissions = [
  page('staff', 520, 'list', { key: 'power.list', path: '/power/list', available: true, icon: 'safety', api: ['GET /permissions', 'GET /permissions/{id}'] }),
  action('staff', 522, 'power.create', ['POST /permissions']),
  action('staff', 523, 'power.update', ['PUT /permissions/{id}']),
  action('staff', 524, 'power.delete', ['DELETE /permissions/{id}']),
  action('staff', 525, 'power.refresh', ['POST /permissions/refresh']),
  page('staff', 521, 'staffList', { key: 'power.staffList', path: '/power/staffList', available: true, icon: 'team', api: ['GET /powerStaff', 'GET /powerStaff/{id}', 'GET /powerStaff/keys'] }),
];
