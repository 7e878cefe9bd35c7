/**
 * How personal numbers are stored and compared (customers, blacklist): one spelling per number,
 * so a duplicate or a blacklist hit is found however the number was typed.
 */

/** An ID number: trimmed, upper case, without spaces, brackets or hyphens ("a123456(3)" → "A1234563"). */
export function normaliseIdNumber(input: string): string {
  return input.trim().toUpperCase().replace(/[\s()[\]-]/g, '');
}

/**
 * A phone number: without spaces, hyphens or brackets, and without a leading +852 / 852 / 00852
 * when 8 digits (a Hong Kong number) remain ("+852 6123-4567" → "61234567"). Other numbers keep
 * their international prefix as typed.
 */
export function normalisePhone(input: string): string {
  const s = input.trim().replace(/[\s()-]/g, '');
  const local = /^(?:\+852|00852|852)(\d{8})$/.exec(s);
  return local ? local[1]! : s;
}
