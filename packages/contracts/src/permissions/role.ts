import { action, page } from './define.js';

export const rolePermissions = [
  page('role', 540, 'list', { available: true, icon: 'lock', api: ['GET /roles', 'GET /roles/{id}', 'GET /permissions/tree'] }),
  action('role', 541, 'role.create', ['POST /roles']),
  action('role', 542, 'role.update', ['PUT /roles/{id}']),
  action('role', 543, 'role.delete', ['DELETE /roles/{id}']),
];
