import { accessIpsResource } from '../access-ips.js';
import { action, page, resourcePermissions } from './define.js';

/**
 * System (spec §2). Login list and force logout are served by the platform's auth module.
 * `POST /createSystemDevelop` (develop list) is further limited to the super administrator.
 * `GET /getSystemConfigList` needs only a session (the web loads it at start).
 */
export const systemPermissions = [
  page('system', 300, 'settings', { icon: 'setting', available: true, api: ['GET /getSystemPresets', 'POST /createSystemPresets'] }),
  page('system', 301, 'codeFormat', { icon: 'number', available: true, api: ['GET /codeFormats'] }),
  action('system', 301, 'system.codeFormat.edit', ['PUT /codeFormats/{kind}']),
  page('system', 302, 'developList', { icon: 'code', available: true, api: ['GET /getSystemDevelopList', 'GET /getSystemDevelop', 'POST /createSystemDevelop'] }),
  // One key each for reading and saving its one setting, so a role may be given either page
  // without the whole default settings page.
  page('system', 303, 'activePeriod', { icon: 'clock-circle', available: true, api: ['GET /activePeriod', 'PUT /activePeriod'] }),
  page('system', 304, 'visibleTel', { icon: 'eye', available: true, api: ['GET /visibleTel', 'PUT /visibleTel'] }),
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
