import { describe, expect, it } from 'vitest';
import { crc16Ccitt, emvTlv, fpsAmount, fpsCrcValid, fpsPaymentCode, parseEmvTlv } from './fps-qr.js';
import { Decimal } from './decimal.js';

describe('crc16Ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value of "123456789"', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });
  it('reproduces the CRC of a published FPS payload (HKICL FPS ID, amount 100, reference QR12345)', () => {
    const published = '00020101021226320012hk.com.hkicl021299999999999952040000530334454031005802HK5902NA6002HK62110507QR123456304983E';
    expect(crc16Ccitt(published.slice(0, -4))).toBe('983E');
    expect(fpsCrcValid(published)).toBe(true);
    expect(fpsCrcValid(published.replace('5403100', '5403200'))).toBe(false);
  });
});

describe('emvTlv', () => {
  it('writes ID, two-digit length and value', () => {
    expect(emvTlv('59', 'NA')).toBe('5902NA');
    expect(emvTlv('00', 'hk.com.hkicl')).toBe('0012hk.com.hkicl');
  });
  it('refuses an empty value and a bad ID', () => {
    expect(() => emvTlv('59', '')).toThrow(RangeError);
    expect(() => emvTlv('5', 'x')).toThrow(RangeError);
  });
});

describe('fpsAmount', () => {
  it('writes two decimal places without grouping', () => {
    expect(fpsAmount('1234.5')).toBe('1234.50');
    expect(fpsAmount(new Decimal('0.005'))).toBe('0.01');
    expect(fpsAmount('100')).toBe('100.00');
  });
  it('refuses zero', () => {
    expect(() => fpsAmount('0')).toThrow(RangeError);
  });
});

describe('fpsPaymentCode', () => {
  it('builds the whole payload of an FPS ID with amount and loan reference', () => {
    const code = fpsPaymentCode({ proxyType: 'fps-id', proxyValue: '1234567', merchantName: 'Harbour Finance', amount: '2950.00', reference: 'L2026000123' });
    const body =
      '000201' + '010212' + '26270012hk.com.hkicl02071234567' + '52040000' + '5303344' + '54072950.00' + '5802HK' + '5915Harbour Finance' + '6002HK' + '62150111L2026000123' + '6304';
    expect(code).toBe(body + crc16Ccitt(body));
    expect(fpsCrcValid(code)).toBe(true);
  });

  it('puts a mobile proxy in sub-field 03 with +852- and an e-mail in 04', () => {
    const mobile = parseEmvTlv(fpsPaymentCode({ proxyType: 'mobile', proxyValue: '9123 4567', merchantName: 'H', amount: '1', reference: 'R' }));
    expect(mobile.find((o) => o.id === '26')?.children).toEqual([
      { id: '00', value: 'hk.com.hkicl' },
      { id: '03', value: '+852-91234567' },
    ]);
    const email = parseEmvTlv(fpsPaymentCode({ proxyType: 'email', proxyValue: 'pay@harbour.hk', merchantName: 'H', amount: '1', reference: 'R' }));
    expect(email.find((o) => o.id === '26')?.children?.[1]).toEqual({ id: '04', value: 'pay@harbour.hk' });
  });

  it('parses back into the objects in order, with the bill number under 62', () => {
    const objects = parseEmvTlv(fpsPaymentCode({ proxyType: 'fps-id', proxyValue: '7654321', merchantName: '港灣 Harbour', amount: '10.1', reference: 'L-1' }));
    expect(objects.map((o) => o.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(objects.find((o) => o.id === '54')?.value).toBe('10.10');
    // Non-ASCII characters are not in the EMV character set for ID 59: only "Harbour" stays.
    expect(objects.find((o) => o.id === '59')?.value).toBe('Harbour');
    expect(objects.find((o) => o.id === '62')?.children).toEqual([{ id: '01', value: 'L-1' }]);
  });

  it('is static ("11") and has no amount when no amount is given', () => {
    const objects = parseEmvTlv(fpsPaymentCode({ proxyType: 'fps-id', proxyValue: '7654321', merchantName: 'H', amount: null, reference: 'L-1' }));
    expect(objects.find((o) => o.id === '01')?.value).toBe('11');
    expect(objects.some((o) => o.id === '54')).toBe(false);
  });

  it('refuses a malformed proxy', () => {
    expect(() => fpsPaymentCode({ proxyType: 'fps-id', proxyValue: '12AB', merchantName: 'H', amount: '1', reference: 'R' })).toThrow(RangeError);
    expect(() => fpsPaymentCode({ proxyType: 'mobile', proxyValue: '123', merchantName: 'H', amount: '1', reference: 'R' })).toThrow(RangeError);
    expect(() => fpsPaymentCode({ proxyType: 'email', proxyValue: 'nobody', merchantName: 'H', amount: '1', reference: 'R' })).toThrow(RangeError);
  });
});
