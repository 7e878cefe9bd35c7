import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

export const payoutPermissions: readonly PermissionDef[] = [
  page('payout', 90, 'list', { icon: 'pay-circle' }),
  page('payout', 91, 'detail', { hidden: true }),
];
