import { normalisePhone, validateHkMobile } from '@harbour/domain';

/*
 * Phone numbers as every record holding one keeps them (customers, members): below both, so
 * neither area imports the other for them.
 */

/**
 * A phone number: a Hong Kong number (8 digits, +852 allowed) or an international one (`+` and
 * 6 to 15 digits), kept as `normalisePhone` spells it.
 */
export function phoneOf(input: string): string | null {
  const hk = validateHkMobile(input);
  if (hk.ok) return hk.value;
  const n = normalisePhone(input);
  if (/^\d{8}$/.test(n) || /^\+\d{6,15}$/.test(n)) return n;
  return null;
}

/** A mobile: a Hong Kong mobile (validateHkMobile) or an international number. */
export function mobileOf(input: string): string | null {
  const hk = validateHkMobile(input);
  if (hk.ok) return hk.value;
  const n = normalisePhone(input);
  return /^\+\d{6,15}$/.test(n) ? n : null;
}
