/** A date written YYYY-MM-DD that is a real calendar date. */
import { tryParseDate } from '../dates.js';
import { type ValidationResult, invalid, valid } from './result.js';

export type DateErrorCode = 'DATE_REQUIRED' | 'DATE_FORMAT';

export function validateIsoDate(input: string): ValidationResult<DateErrorCode> {
  const s = input.trim();
  if (s === '') return invalid('DATE_REQUIRED');
  return tryParseDate(s) ? valid(s) : invalid('DATE_FORMAT');
}
