/** A staff account's status table: forbidding ends the account's sessions, restoring lets it log in again. */
import { statusMachine } from './status-machine.js';

export const STAFF_STATES = ['normal', 'forbidden'] as const;
export type StaffStatus = (typeof STAFF_STATES)[number];
export const STAFF_ACTIONS = ['forbid', 'restore'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const STAFF_STATUS = statusMachine<StaffStatus, StaffAction>([
  { from: 'normal', action: 'forbid', to: 'forbidden', note: 'account may no longer log in; its sessions end' },
  { from: 'forbidden', action: 'restore', to: 'normal', note: 'account may log in again' },
]);
