import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const personaPermissions: readonly PermissionDef[] = [page('persona', 520, 'list', { icon: 'user' })];
