import { BLACKLIST_PERMISSIONS, blacklistResource } from '../blacklist.js';
import { action, resourcePermissions } from './define.js';

/**
 * Blacklist (spec §2 BlackList): the list page and its create / update / delete keys, the audited
 * reveal of a whole number (from the declaration), and the check the customer and application
 * forms call on entry. Its one page sits in the Persona menu group, beside the customer register
 * it screens (a group of its own would hold a single item).
 */
export const blacklistPermissions = [
  ...resourcePermissions(blacklistResource, 'persona', 530, { icon: 'user-delete', available: true, path: '/blacklist/list' }),
  action('persona', 531, BLACKLIST_PERMISSIONS.check, ['POST /blacklist/check']),
];
