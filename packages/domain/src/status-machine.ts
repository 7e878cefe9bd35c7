/**
 * A status table: every record with a life cycle (a loan, a staff account, later an SMS batch)
 * declares its allowed transitions once, and every change of status goes through `transition`,
 * so a service cannot move a record in a way the table does not allow.
 */
import { DomainError } from './errors.js';

export interface Transition<S extends string, A extends string> {
  from: S;
  action: A;
  to: S;
  /** what the action means in this status */
  note: string;
}

export interface StatusMachine<S extends string, A extends string> {
  readonly transitions: readonly Transition<S, A>[];
  /** The status an action leads to, or null when the table does not allow it. */
  next(from: S, action: A): S | null;
  can(from: S, action: A): boolean;
  /** The actions allowed in a status (for the screens' buttons). */
  allowed(from: S): A[];
  /** `next`, or a DomainError INVALID_STATUS_TRANSITION naming the status and action. */
  transition(from: S, action: A): S;
}

export function statusMachine<S extends string, A extends string>(transitions: readonly Transition<S, A>[]): StatusMachine<S, A> {
  const next = (from: S, action: A): S | null => transitions.find((t) => t.from === from && t.action === action)?.to ?? null;
  return {
    transitions,
    next,
    can: (from, action) => next(from, action) !== null,
    allowed: (from) => transitions.filter((t) => t.from === from).map((t) => t.action),
    transition: (from, action) => {
      const to = next(from, action);
      if (to === null) throw new DomainError('INVALID_STATUS_TRANSITION', { from, action });
      return to;
    },
  };
}
