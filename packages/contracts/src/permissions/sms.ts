import { page } from './define.js';

/** SendSmsList: overdue, upcoming, almost complete and complete are tabs of one page. */
export const smsPermissions = [page('sms', 70, 'list', { icon: 'message' })];
