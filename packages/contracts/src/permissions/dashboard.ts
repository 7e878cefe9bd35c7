import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const dashboardPermissions: readonly PermissionDef[] = [
  page('dashboard', 0, 'view', { path: '/dashboard', icon: 'dashboard', available: true }),
];
