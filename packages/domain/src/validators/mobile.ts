/**
 * Hong Kong mobile number: 8 digits starting 4, 5, 6, 7 or 9, optionally preceded by +852 / 852 /
 * 00852. Spaces, hyphens and brackets are ignored (`normalisePhone`). Normalised to the 8 digits.
 */
import { normalisePhone } from './identity.js';
import { type ValidationResult, invalid, valid } from './result.js';

export type MobileErrorCode = 'MOBILE_REQUIRED' | 'MOBILE_FORMAT';

export function validateHkMobile(input: string): ValidationResult<MobileErrorCode> {
  const s = normalisePhone(input);
  if (s === '') return invalid('MOBILE_REQUIRED');
  if (!/^[4-79]\d{7}$/.test(s)) return invalid('MOBILE_FORMAT');
  return valid(s);
}
