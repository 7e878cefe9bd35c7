import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const articlePermissions: readonly PermissionDef[] = [
  page('article', 550, 'list', { icon: 'read' }),
  page('article', 551, 'edit', { hidden: true }),
];
