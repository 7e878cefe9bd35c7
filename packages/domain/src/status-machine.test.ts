import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { LOAN_STATUS } from './loan-status.js';
import { STAFF_STATUS } from './staff-status.js';
import { statusMachine } from './status-machine.js';

describe('statusMachine', () => {
  const door = statusMachine<'open' | 'shut', 'close' | 'open'>([
    { from: 'open', action: 'close', to: 'shut', note: '' },
    { from: 'shut', action: 'open', to: 'open', note: '' },
  ]);

  it('follows the table and refuses everything else with INVALID_STATUS_TRANSITION', () => {
    expect(door.transition('open', 'close')).toBe('shut');
    expect(door.allowed('shut')).toEqual(['open']);
    expect(door.can('open', 'open')).toBe(false);
    let caught: unknown;
    try {
      door.transition('open', 'open');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('INVALID_STATUS_TRANSITION');
  });

  it('gives staff accounts forbid and restore, each only from the other state', () => {
    expect(STAFF_STATUS.transition('normal', 'forbid')).toBe('forbidden');
    expect(STAFF_STATUS.transition('forbidden', 'restore')).toBe('normal');
    expect(STAFF_STATUS.can('forbidden', 'forbid')).toBe(false);
    expect(STAFF_STATUS.can('normal', 'restore')).toBe(false);
  });

  it('keeps the loan table the one source of the loan functions', () => {
    expect(LOAN_STATUS.transition('wait_approve', 'approve')).toBe('approved');
    expect(LOAN_STATUS.allowed('bad').sort()).toEqual(['cancel_write_off', 'recover']);
  });
});
