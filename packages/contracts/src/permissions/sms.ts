import { SMS_PATHS } from '../sms.js';
import { action, page } from './define.js';

/**
 * SendSmsList: overdue, upcoming, almost complete and complete are tabs of one page, with the sent
 * record (every queued message with its status) as a further tab. Queuing messages, the gateway
 * and schedule, and customers' opt-out are keys of their own.
 */
export const smsPermissions = [
  page('sms', 70, 'list', { icon: 'message', available: true, api: [`GET ${SMS_PATHS.candidates}`, `GET ${SMS_PATHS.messages}`] }),
  action('sms', 71, 'sms.send', [`POST ${SMS_PATHS.send}`]),
  /** the provider (outbox or HTTP gateway, its write-only credentials) and the daily schedule */
  action('sms', 72, 'sms.gateway', [`GET ${SMS_PATHS.gateway}`, `PUT ${SMS_PATHS.gateway}`, `POST ${SMS_PATHS.runSchedule}`]),
  action('sms', 73, 'sms.optOut', [`PUT ${SMS_PATHS.preference}`]),
];
