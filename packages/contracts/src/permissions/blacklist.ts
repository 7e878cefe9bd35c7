import { BLACKLIST_PERMISSIONS, blacklistResource } from '../blacklist.js';
import { action, resourcePermissions } from './define.js';

/**
 * Blacklist (spec §2 BlackList): the list page and its create / update / delete keys, the audited
 * reveal of a whole number (from the declaration), and the check the customer and application
 * forms call on entry.
 */
export const blacklistPermissions = [
  ...resourcePermissions(blacklistResource, 'blacklist', 60, { icon: 'user-delete', available: true, path: '/blacklist/list' }),
  action('blacklist', 61, BLACKLIST_PERMISSIONS.check, ['POST /blacklist/check']),
];
