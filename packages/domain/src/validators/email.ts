/** E-mail address: local@domain.tld, no spaces, one @, a dot in the domain. Trimmed; domain lower-cased. */
import { type ValidationResult, invalid, valid } from './result.js';

export type EmailErrorCode = 'EMAIL_REQUIRED' | 'EMAIL_FORMAT';

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function validateEmail(input: string): ValidationResult<EmailErrorCode> {
  const s = input.trim();
  if (s === '') return invalid('EMAIL_REQUIRED');
  if (s.length > 254 || !EMAIL.test(s)) return invalid('EMAIL_FORMAT');
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return invalid('EMAIL_FORMAT');
  return valid(local + '@' + s.slice(at + 1).toLowerCase());
}
