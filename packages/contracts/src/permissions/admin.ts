import { action, page } from './define.js';

/** Admin: list, log list (spec §2). The staff routes are served by the administration modules. */
export const adminPermissions = [
  page('admin', 10, 'list', { available: true, icon: 'user', api: ['GET /staff', 'GET /staff/{id}'] }),
  action('admin', 12, 'admin.create', ['POST /staff']),
  action('admin', 13, 'admin.update', ['PUT /staff/{id}']),
  action('admin', 14, 'admin.state', ['POST /staff/{id}/state']),
  page('admin', 11, 'log', { available: true, icon: 'file-text', api: ['GET /auditLogs'] }),
];
