/** A member account's status table (the company's website / app accounts): disabled accounts may not sign in there. */
import { statusMachine } from './status-machine.js';

export const MEMBER_STATES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATES)[number];
export const MEMBER_ACTIONS = ['disable', 'enable'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

export const MEMBER_STATUS = statusMachine<MemberStatus, MemberAction>([
  { from: 'active', action: 'disable', to: 'disabled', note: 'the account may no longer sign in on the website or app' },
  { from: 'disabled', action: 'enable', to: 'active', note: 'the account may sign in again' },
]);
