/**
 * Hong Kong identity card number: 1 or 2 prefix letters, 6 digits, a check digit (0–9 or A).
 * Normalised to upper case with the check digit in brackets: "a1234563" → "A123456(3)".
 *
 * Check digit: with a single prefix letter a space (value 36) stands in front; letters count
 * A = 10 … Z = 35, digits their value; weights 9, 8, …, 2 over the 8 characters;
 * check = 11 − (Σ mod 11), where 10 is written A and 11 is written 0.
 */
import { type ValidationResult, invalid, valid } from './result.js';

export type HkidErrorCode = 'HKID_REQUIRED' | 'HKID_FORMAT' | 'HKID_CHECK_DIGIT';

const HKID = /^([A-Z]{1,2})(\d{6})\(?([0-9A])\)?$/;

export function hkidCheckDigit(prefix: string, digits: string): string {
  const chars = (prefix.length === 1 ? ' ' + prefix : prefix) + digits;
  let total = 0;
  for (let k = 0; k < 8; k++) {
    const c = chars[k]!;
    const value = c === ' ' ? 36 : c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : Number(c);
    total += value * (9 - k);
  }
  const check = 11 - (total % 11);
  return check === 11 ? '0' : check === 10 ? 'A' : String(check);
}

export function validateHkid(input: string): ValidationResult<HkidErrorCode> {
  // NFKC folds full-width letters, digits and brackets (`Ａ１２３４５６（３）`, typed with a Chinese input method) to plain ones.
  const s = input.normalize('NFKC').trim().toUpperCase().replace(/\s+/g, '');
  if (s === '') return invalid('HKID_REQUIRED');
  const m = HKID.exec(s);
  // brackets must be both present or both absent
  if (!m || s.includes('(') !== s.includes(')')) return invalid('HKID_FORMAT');
  const [, prefix, digits, check] = m as unknown as [string, string, string, string];
  if (hkidCheckDigit(prefix, digits) !== check) return invalid('HKID_CHECK_DIGIT');
  return valid(`${prefix}${digits}(${check})`);
}
