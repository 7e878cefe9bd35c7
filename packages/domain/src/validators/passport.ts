/** Passport (or other ID) number: letters, digits and - / ( ) only; trimmed, upper-cased. */
import { type ValidationResult, invalid, valid } from './result.js';

export type PassportErrorCode = 'PASSPORT_REQUIRED' | 'PASSPORT_CHARACTERS';

export function validatePassportNumber(input: string): ValidationResult<PassportErrorCode> {
  const s = input.trim().toUpperCase();
  if (s === '') return invalid('PASSPORT_REQUIRED');
  if (!/^[A-Z0-9\-/()]+$/.test(s)) return invalid('PASSPORT_CHARACTERS');
  return valid(s);
}
