import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

/** Admin: list, log list (spec §2). */
export const adminPermissions: readonly PermissionDef[] = [
  page('admin', 10, 'list', { icon: 'user' }),
  page('admin', 11, 'log', { icon: 'file-text' }),
];
