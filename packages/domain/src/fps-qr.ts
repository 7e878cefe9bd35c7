/**
 * FPS (轉數快) payment codes: the payload of a payee-presented QR code as HKICL's "Payee-presented
 * QR Code Specification for FPS" (built on the HKMA Common QR Code Specification and EMVCo's
 * Merchant-Presented Mode) defines it. The payload is a string of TLV data objects: a two-digit
 * ID, a two-digit length and the value; the last object ("63") is a CRC-16/CCITT over everything
 * before its value. docs/repayments.md → "FPS payment codes" records the fields used.
 */
import { Decimal, type DecimalInput, dec } from './decimal.js';

/** How the lender is reached on FPS: its FPS ID, or a mobile number or e-mail registered as proxy. */
export type FpsProxyType = 'fps-id' | 'mobile' | 'email';
export const FPS_PROXY_TYPES = ['fps-id', 'mobile', 'email'] as const satisfies readonly FpsProxyType[];

/** The globally unique identifier of FPS in merchant account information template "26". */
export const FPS_GUID = 'hk.com.hkicl';
/** ISO 4217 numeric code of the Hong Kong dollar (ID "53"). */
export const HKD_NUMERIC = '344';

/** Sub-field of template "26" that carries each kind of proxy. */
const PROXY_SUBFIELD: Record<FpsProxyType, string> = { 'fps-id': '02', mobile: '03', email: '04' };

export interface FpsPaymentCodeInput {
  proxyType: FpsProxyType;
  /** the FPS ID (digits), the mobile number ("+852-91234567" or 8 digits) or the e-mail */
  proxyValue: string;
  /** the payee's name as the payer's app shows it (ID "59", at most 25 characters) */
  merchantName: string;
  /** the amount to pay; null leaves it for the payer to enter */
  amount: DecimalInput | null;
  /** the reference the payment carries back to the lender (bill number, ID "62"/"01") */
  reference: string;
}

/** One data object: ID, two-digit length, value. Values are ASCII here, so length = characters. */
export function emvTlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`An EMV data object ID is two digits: "${id}"`);
  if (value.length === 0 || value.length > 99) throw new RangeError(`EMV data object ${id} must hold 1–99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) over the string's bytes, as four
 * upper-case hex digits. The payloads here are ASCII (one byte a character); anything else is refused.
 */
export function crc16Ccitt(data: string): string {
  let crc = 0xffff;
  for (let i = 0; i < data.length; i++) {
    const byte = data.charCodeAt(i);
    if (byte > 0x7f) throw new RangeError('An FPS payload is ASCII');
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Keeps only what the EMV "Alphanumeric Special" set allows and cuts to `max` characters. */
function printable(value: string, max: number): string {
  return value.replace(/[^\x20-\x7e]/g, '').trim().slice(0, max);
}

/** A mobile proxy in the form FPS expects: "+852-" and the eight digits when no country code is given. */
function mobileProxy(value: string): string {
  const v = value.replace(/[\s()]/g, '');
  if (/^\+\d{1,3}-\d{6,12}$/.test(v)) return v;
  if (/^\d{8}$/.test(v)) return `+852-${v}`;
  throw new RangeError(`An FPS mobile proxy is 8 digits or "+852-" and the number: "${value}"`);
}

/** The proxy as it is written in template "26", checked for its kind. */
function proxyField(type: FpsProxyType, value: string): string {
  const v = value.trim();
  if (type === 'fps-id') {
    if (!/^\d{7,12}$/.test(v)) throw new RangeError(`An FPS ID is 7 to 12 digits: "${value}"`);
    return v;
  }
  if (type === 'mobile') return mobileProxy(v);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /[^\x21-\x7e]/.test(v) || v.length > 64) throw new RangeError(`Not an e-mail proxy: "${value}"`);
  return v;
}

/** The amount as ID "54" writes it: plain decimal, two places, no grouping ("1234.50"). */
export function fpsAmount(amount: DecimalInput): string {
  const d = dec(amount);
  if (d.lte(0)) throw new RangeError('An FPS amount is positive');
  return d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * The FPS payload for one payment: a dynamic code ("12") when it carries an amount, a static one
 * ("11") otherwise; the reference goes in the additional data's bill number so the payment comes
 * back with it in the bank statement.
 */
export function fpsPaymentCode(input: FpsPaymentCodeInput): string {
  const account = emvTlv('00', FPS_GUID) + emvTlv(PROXY_SUBFIELD[input.proxyType], proxyField(input.proxyType, input.proxyValue));
  const name = printable(input.merchantName, 25) || 'NA';
  const reference = printable(input.reference, 25);
  const parts = [
    emvTlv('00', '01'),
    emvTlv('01', input.amount === null ? '11' : '12'),
    emvTlv('26', account),
    emvTlv('52', '0000'),
    emvTlv('53', HKD_NUMERIC),
    ...(input.amount === null ? [] : [emvTlv('54', fpsAmount(input.amount))]),
    emvTlv('58', 'HK'),
    emvTlv('59', name),
    emvTlv('60', 'HK'),
    ...(reference ? [emvTlv('62', emvTlv('01', reference))] : []),
  ];
  const body = `${parts.join('')}6304`;
  return body + crc16Ccitt(body);
}

/** One parsed data object; `children` for the templates (26–51, 62) read one level down. */
export interface EmvObject {
  id: string;
  value: string;
  children?: EmvObject[];
}

/** Splits a TLV string into its data objects (throws on a length that runs past the end). */
export function parseEmvTlv(payload: string): EmvObject[] {
  const out: EmvObject[] = [];
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > payload.length) throw new RangeError(`Malformed EMV data at ${i}`);
    const value = payload.slice(i + 4, i + 4 + len);
    const n = Number(id);
    out.push((n >= 26 && n <= 51) || n === 62 ? { id, value, children: parseEmvTlv(value) } : { id, value });
    i += 4 + len;
  }
  return out;
}

/** True when the payload ends in "6304" and a CRC that matches everything before it. */
export function fpsCrcValid(payload: string): boolean {
  return /6304[0-9A-F]{4}$/.test(payload) && crc16Ccitt(payload.slice(0, -4)) === payload.slice(-4);
}
