import { accessIpsResource } from '../access-ips.js';
import { action, page, resourcePermissions } from './define.js';

/**
 * System (spec §2). Login list and force logout are served by the platform's auth module.
 * `POST /createSystemDevelop` (develop list) is further limited to the super administrator.
 * `GET /getSystemConfigList` needs only a session (the web loads it at start).
 */
export const systemPermissions = [
  page('system', 300, 'settings', { icon: 'setting', available: true, api: ['GET /getSystemPresets', 'POST /createSystemPresets'] }),
  page('system', 301, 'codeFormat', { icon: 'number' }),
  page('system', 302, 'developList', { icon: 'code', available: true, api: ['GET /getSystemDevelopList', 'GET /getSystemDevelop', 'POST /createSystemDevelop'] }),
  page('system', 303, 'activePeriod', { icon: 'clock-circle' }),
  page('system', 304, 'visibleTel', { icon: 'eye' }),
  ...resourcePermissions(accessIpsResource, 'system', 305, { available: true, icon: 'global', path: '/system/accessIps' }),
  action('system', 305, 'system.accessIps.setting', ['GET /accessIps/setting', 'POST /accessIps/setting']),
  page('system', 306, 'monitor', { icon: 'monitor', available: true, api: ['GET /getSystemMonitor'] }),
  page('system', 307, 'loginList', { available: true, icon: 'login', api: ['GET /loginUserList'] }),
  action('system', 308, 'system.loginList.revoke', ['POST /revokeToken']),
  page('system', 309, 'log', { available: true, icon: 'file-search', api: ['GET /systemLogs'] }),
  page('system', 310, 'list', {
    icon: 'database',
    available: true,
    api: ['GET /getSystemList', 'GET /getSystemGroupList/{id}', 'GET /getSystemInfo/{id}', 'GET /getSystem'],
  }),
  action('system', 310, 'system.list.edit', ['POST /createSystem']),
];
