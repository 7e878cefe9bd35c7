import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const memberPermissions: readonly PermissionDef[] = [page('member', 530, 'list', { icon: 'usergroup-add' })];
