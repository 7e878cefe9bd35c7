import { accessIpsResource } from '../access-ips.js';
import { action, page, resourcePermissions } from './define.js';

/** System (spec §2). Login list and force logout are served by the platform's auth module. */
export const systemPermissions = [
  page('system', 300, 'settings', { icon: 'setting', available: true, api: ['GET /getSystemPresets', 'POST /createSystemPresets'] }),
  page('system', 301, 'codeFormat', { icon: 'number' }),
  page('system', 302, 'developList', { icon: 'code' }),
  page('system', 303, 'activePeriod', { icon: 'clock-circle' }),
  page('system', 304, 'visibleTel', { icon: 'eye' }),
  ...resourcePermissions(accessIpsResource, 'system', 305, { available: true, icon: 'global', path: '/system/accessIps' }),
  action('system', 305, 'system.accessIps.setting', ['GET /accessIps/setting', 'POST /accessIps/setting']),
  page('system', 306, 'monitor', { icon: 'monitor' }),
  page('system', 307, 'loginList', { available: true, icon: 'login', api: ['GET /loginUserList'] }),
  action('system', 308, 'system.loginList.revoke', ['POST /revokeToken']),
  page('system', 309, 'log', { available: true, icon: 'file-search', api: ['GET /systemLogs'] }),
  page('system', 310, 'list', { icon: 'database' }),
];
