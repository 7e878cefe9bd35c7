import { describe, expect, it } from 'vitest';
import { LOAN_ACTIONS, LOAN_STATUSES, LOAN_TRANSITIONS, TERMINAL_STATUSES, allowedActions, canTransition, nextStatus, transition } from './loan-status.js';
import { DomainError } from './errors.js';

describe('loan status machine', () => {
  it('the happy path: pending → wait_approve → approved → repaying → complete', () => {
    let s = transition('pending', 'submit');
    s = transition(s, 'approve');
    s = transition(s, 'payout');
    expect(s).toBe('repaying');
    expect(transition(s, 'settle')).toBe('complete');
  });
  it('collection: repaying → oca → bad → cancel write-off → repaying; bad → recover → complete', () => {
    expect(nextStatus('repaying', 'transfer_to_oca')).toBe('oca');
    expect(nextStatus('oca', 'write_off')).toBe('bad');
    expect(nextStatus('bad', 'cancel_write_off')).toBe('repaying');
    expect(nextStatus('bad', 'recover')).toBe('complete');
    expect(nextStatus('repaying', 'reloan')).toBe('reloaned');
  });
  it('approval: send back to pending, undo an approval before payout, never after', () => {
    expect(nextStatus('wait_approve', 'return')).toBe('pending');
    expect(nextStatus('approved', 'undo_approval')).toBe('wait_approve');
    expect(canTransition('repaying', 'undo_approval')).toBe(false);
    expect(canTransition('pending', 'return')).toBe(false);
  });
  it('refuses actions not in the table', () => {
    expect(canTransition('complete', 'payout')).toBe(false);
    expect(canTransition('reject', 'approve')).toBe(false);
    expect(nextStatus('pending', 'payout')).toBeNull();
    expect(() => transition('cancel', 'submit')).toThrow(DomainError);
  });
  it('the table is deterministic and uses known statuses and actions', () => {
    const keys = LOAN_TRANSITIONS.map((t) => `${t.from}/${t.action}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of LOAN_TRANSITIONS) {
      expect(LOAN_STATUSES).toContain(t.from);
      expect(LOAN_STATUSES).toContain(t.to);
      expect(LOAN_ACTIONS).toContain(t.action);
    }
    expect([...TERMINAL_STATUSES].sort()).toEqual(['cancel', 'reject', 'reloaned']);
    expect(allowedActions('wait_approve').sort()).toEqual(['approve', 'cancel', 'reject', 'return']);
    expect(allowedActions('approved').sort()).toEqual(['cancel', 'payout', 'undo_approval']);
  });
});
