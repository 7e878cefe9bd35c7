import { action, page } from './define.js';

/** Power: list, staff list (spec §2). The power list is the permission catalogue table. */
export const powerPermissions = [
  page('power', 20, 'list', { available: true, icon: 'safety', api: ['GET /permissions', 'GET /permissions/{id}'] }),
  action('power', 22, 'power.create', ['POST /permissions']),
  action('power', 23, 'power.update', ['PUT /permissions/{id}']),
  action('power', 24, 'power.delete', ['DELETE /permissions/{id}']),
  action('power', 25, 'power.refresh', ['POST /permissions/refresh']),
  page('power', 21, 'staffList', { available: true, icon: 'team', api: ['GET /powerStaff', 'GET /powerStaff/{id}', 'GET /powerStaff/keys'] }),
];
