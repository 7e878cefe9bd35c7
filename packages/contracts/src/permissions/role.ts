import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const rolePermissions: readonly PermissionDef[] = [page('role', 540, 'list', { icon: 'lock' })];
