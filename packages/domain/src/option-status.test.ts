import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors.js';
import { OPTION_STATUS } from './option-status.js';

describe('OPTION_STATUS', () => {
  it('disables a normal option and enables a disabled one, nothing else', () => {
    expect(OPTION_STATUS.transition('normal', 'disable')).toBe('disabled');
    expect(OPTION_STATUS.transition('disabled', 'enable')).toBe('normal');
    expect(OPTION_STATUS.allowed('normal')).toEqual(['disable']);
    let error: unknown;
    try {
      OPTION_STATUS.transition('disabled', 'disable');
    } catch (e) {
      error = e;
    }
    expect(isDomainError(error, 'INVALID_STATUS_TRANSITION')).toBe(true);
  });
});
