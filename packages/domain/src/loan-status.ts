/**
 * The loan status machine: ONE table of allowed transitions (spec §4 lists the statuses; the
 * transitions are Harbour's, documented in docs/loan-mathematics.md).
 */
import { statusMachine, type Transition } from './status-machine.js';

export const LOAN_STATUSES = [
  'pending',
  'wait_approve',
  'approved',
  'repaying',
  'complete',
  'reloaned',
  'reject',
  'cancel',
  'oca',
  'bad',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'return',
  'undo_approval',
  'cancel',
  'payout',
  'settle',
  'unsettle',
  'reloan',
  'transfer_to_oca',
  'recall_from_oca',
  'write_off',
  'cancel_write_off',
  'recover',
] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

export type LoanTransition = Transition<LoanStatus, LoanAction>;

/** The one table. */
export const LOAN_TRANSITIONS: readonly LoanTransition[] = [
  { from: 'pending', action: 'submit', to: 'wait_approve', note: 'application submitted for approval' },
  { from: 'pending', action: 'cancel', to: 'cancel', note: 'client cancels before submission' },
  { from: 'wait_approve', action: 'approve', to: 'approved', note: 'approval granted' },
  { from: 'wait_approve', action: 'reject', to: 'reject', note: 'approval refused' },
  { from: 'wait_approve', action: 'return', to: 'pending', note: 'sent back to the applicant’s staff for changes' },
  { from: 'wait_approve', action: 'cancel', to: 'cancel', note: 'client cancels while awaiting approval' },
  { from: 'approved', action: 'payout', to: 'repaying', note: 'loan paid out (drawdown); repayments start' },
  { from: 'approved', action: 'undo_approval', to: 'wait_approve', note: 'approval undone before payout; awaits a new decision' },
  { from: 'approved', action: 'cancel', to: 'cancel', note: 'client cancels before payout' },
  { from: 'repaying', action: 'settle', to: 'complete', note: 'last instalment paid or early settlement' },
  { from: 'complete', action: 'unsettle', to: 'repaying', note: 'the receipt that completed the loan voided or refunded; repayments resume' },
  { from: 'repaying', action: 'reloan', to: 'reloaned', note: 'balance refinanced by a new loan' },
  { from: 'repaying', action: 'transfer_to_oca', to: 'oca', note: 'overdue loan passed to an OCA agent' },
  { from: 'repaying', action: 'write_off', to: 'bad', note: 'written off as bad debt' },
  { from: 'oca', action: 'recall_from_oca', to: 'repaying', note: 'taken back from the OCA agent' },
  { from: 'oca', action: 'settle', to: 'complete', note: 'settled while with the OCA agent' },
  { from: 'oca', action: 'write_off', to: 'bad', note: 'written off after OCA collection' },
  { from: 'bad', action: 'cancel_write_off', to: 'repaying', note: 'write-off cancelled (all recovery records deleted first)' },
  { from: 'bad', action: 'recover', to: 'complete', note: 'written-off amount recovered in full' },
];

/** Statuses with no way out. */
export const TERMINAL_STATUSES: readonly LoanStatus[] = LOAN_STATUSES.filter(
  (s) => !LOAN_TRANSITIONS.some((t) => t.from === s),
);

/** Statuses shown by the current-status filter (spec §4). */
export const CURRENT_STATUS_FILTER: readonly LoanStatus[] = ['repaying', 'complete', 'reloaned', 'oca', 'bad'];

/** The loan status table as a machine (services call `LOAN_STATUS.transition`). */
export const LOAN_STATUS = statusMachine(LOAN_TRANSITIONS);

export const nextStatus = LOAN_STATUS.next;
export const canTransition = LOAN_STATUS.can;
/** The actions allowed in a status (for the screens' buttons). */
export const allowedActions = LOAN_STATUS.allowed;
/** nextStatus or a DomainError INVALID_STATUS_TRANSITION. */
export const transition = LOAN_STATUS.transition;
