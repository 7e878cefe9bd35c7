import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const blacklistPermissions: readonly PermissionDef[] = [page('blacklist', 60, 'list', { icon: 'user-delete' })];
