/**
 * Text that goes into an XML 1.0 document (an xlsx sheet is one). XML 1.0 forbids the C0 control
 * characters other than tab, newline and carriage return, U+FFFE, U+FFFF and a surrogate half
 * without its partner: one such character in a customer's name makes the whole sheet unreadable,
 * so every string cell of every workbook passes through here and loses them. Stored data is not
 * changed; only the exported copy is cleaned.
 */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` without the characters XML 1.0 forbids. */
export function xmlSafeText(s: string): string {
  return s.replace(XML_FORBIDDEN, '');
}

/** A cell value with its text cleaned; numbers, dates and empty cells pass unchanged. */
export function xmlSafeCell<T>(v: T): T {
  return (typeof v === 'string' ? xmlSafeText(v) : v) as T;
}

/** A row of cell values with every string cleaned (see `xmlSafeText`). */
export function xmlSafeRow<T>(values: readonly T[]): T[] {
  return values.map(xmlSafeCell);
}
