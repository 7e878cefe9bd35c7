/** A master-data option's status table: a disabled option is no longer offered for new records. */
import { statusMachine } from './status-machine.js';

export const OPTION_STATES = ['normal', 'disabled'] as const;
export type OptionStatus = (typeof OPTION_STATES)[number];
export const OPTION_ACTIONS = ['disable', 'enable'] as const;
export type OptionAction = (typeof OPTION_ACTIONS)[number];

export const OPTION_STATUS = statusMachine<OptionStatus, OptionAction>([
  { from: 'normal', action: 'disable', to: 'disabled', note: 'no longer offered; records that have it keep it' },
  { from: 'disabled', action: 'enable', to: 'normal', note: 'offered again' },
]);
