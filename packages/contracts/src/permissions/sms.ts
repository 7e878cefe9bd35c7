import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

/** SendSmsList: overdue, upcoming, almost complete and complete are tabs of one page. */
export const smsPermissions: readonly PermissionDef[] = [page('sms', 70, 'list', { icon: 'message' })];
