import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

/** Power: list, staff list (spec §2). */
export const powerPermissions: readonly PermissionDef[] = [
  page('power', 20, 'list', { icon: 'safety' }),
  page('power', 21, 'staffList', { icon: 'team' }),
];
