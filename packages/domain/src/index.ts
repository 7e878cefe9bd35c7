// @harbour/domain — pure loan mathematics and rules of the Harbour back office.
// Money and rates are decimal.js Decimals inside, decimal strings at the boundary; dates 'YYYY-MM-DD'.
export * from './decimal.js';
export * from './rounding.js';
export * from './settings.js';
export * from './dates.js';
export * from './calendar.js';
export * from './cycles.js';
export * from './due-dates.js';
export * from './irr.js';
export * from './rates.js';
export * from './rule-of-78.js';
export * from './terms.js';
export * from './schedule.js';
export * from './mlo.js';
export * from './max-apr.js';
export * from './errors.js';
export * from './repayment-state.js';
export * from './overdue.js';
export * from './allocation.js';
export * from './settlement.js';
export * from './status-machine.js';
export * from './loan-status.js';
export * from './staff-status.js';
export { OPTION_STATUS, OPTION_ACTIONS, type OptionStatus, type OptionAction } from './option-status.js';
export * from './calculator.js';
export * from './validators/index.js';
export * from './ledger/index.js';
