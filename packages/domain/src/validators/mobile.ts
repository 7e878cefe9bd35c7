/**
 * Hong Kong mobile number: 8 digits starting 4, 5, 6, 7 or 9, optionally preceded by +852 / 852.
 * Spaces and hyphens are ignored. Normalised to the 8 digits.
 */
import { type ValidationResult, invalid, valid } from './result.js';

export type MobileErrorCode = 'MOBILE_REQUIRED' | 'MOBILE_FORMAT';

export function validateHkMobile(input: string): ValidationResult<MobileErrorCode> {
  const s = input.trim().replace(/[\s-]/g, '');
  if (s === '') return invalid('MOBILE_REQUIRED');
  const m = /^(?:\+?852)?([4-79]\d{7})$/.exec(s);
  if (!m || s.startsWith('+') && !s.startsWith('+852')) return invalid('MOBILE_FORMAT');
  return valid(m[1]!);
}
