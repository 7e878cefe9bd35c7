import type { PermissionDef } from '../permission-def.js';
import { action, page } from './define.js';

/** Staff list; unlocking a locked account is served by the platform's auth module. */
export const staffPermissions: readonly PermissionDef[] = [
  page('staff', 510, 'list', { icon: 'team' }),
  action('staff', 511, 'staff.unlock', ['POST /staff/{id}/unlock']),
];
