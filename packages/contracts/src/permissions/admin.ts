import { action, page } from './define.js';

/**
 * The one staff list (spec §2 Admin list) sits in the "Staff & roles" menu group: staff are
 * created, edited, forbidden and restored there (`staffResource`). The audit log of who changed
 * what sits with the other logs under System. The keys keep their `admin.` names so the roles
 * that grant them keep working.
 */
export const adminPermissions = [
  page('staff', 500, 'list', { key: 'admin.list', path: '/admin/list', available: true, icon: 'user', api: ['GET /staff', 'GET /staff/{id}'] }),
  action('staff', 501, 'admin.create', ['POST /staff']),
  action('staff', 502, 'admin.update', ['PUT /staff/{id}']),
  action('staff', 503, 'admin.state', ['POST /staff/{id}/state']),
  page('system', 311, 'log', { key: 'admin.log', path: '/admin/log', available: true, icon: 'file-text', api: ['GET /auditLogs'] }),
];
