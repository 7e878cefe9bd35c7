/**
 * The normal forms in which identity numbers and phones are stored and compared (blacklist
 * checks, duplicate checks): two ways of writing one number must give one string, so a check is
 * an exact match and never a partial one.
 */

/** An ID document number (HKID, passport…): full-width characters folded (NFKC), trimmed, upper case, without spaces, brackets or hyphens. `a123456(7)` → `A1234567`. */
export function normaliseIdNumber(input: string): string {
  return input.normalize('NFKC').trim().toUpperCase().replace(/[\s()-]/g, '');
}

/**
 * A phone number without spaces, hyphens, dots or brackets. A Hong Kong number written with its
 * country code (`+852`, `852`, `00852`) becomes its 8 digits; another international number keeps
 * its country code as `+<digits>` (`0086 138…` → `+86138…`); anything else is left as typed.
 */
export function normalisePhone(input: string): string {
  // NFKC folds full-width digits, plus and spaces (`＋８５２ ９１２３ ４５６７`) to plain ones.
  const s = input.normalize('NFKC').trim().replace(/[\s().-]/g, '');
  const hk = /^(?:\+|00)?852(\d{8})$/.exec(s);
  if (hk) return hk[1]!;
  const intl = /^(?:\+|00)(\d+)$/.exec(s);
  return intl ? `+${intl[1]}` : s;
}

/**
 * An ID document number once normalised: an HKID-like card number (1–2 letters, 6 digits, check
 * character) or a passport-like one (1–2 letters, 7–9 digits: Hong Kong, mainland and most other
 * passports and travel permits). A passport of digits only is read as a phone (8+ digits): a number
 * lookup either way. Record numbers (`AP`/`LN`/`RP` + store code + date, `C` + 6 digits) take
 * neither shape.
 */
const LOOKS_LIKE_ID = /^[A-Z]{1,2}(?:\d{6}[0-9A]|\d{7,9})$/;
/** A phone once normalised: 8 local digits or an international number. */
const LOOKS_LIKE_PHONE = /^\+?\d{8,15}$/;

/**
 * What a search box's text is: an ID number (HKID or passport shape) or a phone (then matched
 * whole, exactly, on its normal form — a personal number is never matched by a part, and the search
 * is a number lookup), or other text (names, numbers of records) matched by a part.
 */
export function classifySearch(text: string): { kind: 'idNumber' | 'phone' | 'text'; value: string } {
  const id = normaliseIdNumber(text);
  if (LOOKS_LIKE_ID.test(id)) return { kind: 'idNumber', value: id };
  const phone = normalisePhone(text);
  if (LOOKS_LIKE_PHONE.test(phone)) return { kind: 'phone', value: phone };
  return { kind: 'text', value: text.trim() };
}

/** Fewest and most digits of a part of a phone a search box matches (8+ digits are a whole phone). */
const PHONE_PART = /^\d{4,7}$/;

/**
 * The digits of a search box's text when it is PART of a phone (4 to 7 digits, spaces and hyphens
 * ignored), else null. A part is matched anywhere in a phone, among the numbers of the caller's
 * own store only, and the phones found are shown masked: it names no whole number, so it is not a
 * number lookup (`platform/number-lookup.ts` of the server counts whole numbers).
 */
export function phonePart(text: string): string | null {
  const digits = text.trim().replace(/[\s-]/g, '');
  return PHONE_PART.test(digits) ? digits : null;
}
