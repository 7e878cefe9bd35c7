import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const approvalPermissions: readonly PermissionDef[] = [
  page('approval', 80, 'list', { icon: 'audit' }),
  page('approval', 81, 'detail', { hidden: true }),
];
