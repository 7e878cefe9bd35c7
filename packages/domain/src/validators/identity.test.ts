import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseIdNumber, normalisePhone, classifySearch, phonePart } from './identity.js';

describe('normaliseIdNumber', () => {
  it.each([
    ['A123456(7)', 'A1234567'],
    [' a123456 (7) ', 'A1234567'],
    ['AB987654(3)', 'AB9876543'],
    ['ab-987654-3', 'AB9876543'],
    ['Ａ１２３４５６（７）', 'A1234567'],
    ['K12345678', 'K12345678'],
  ])('%s → %s', (input, out) => {
    expect(normaliseIdNumber(input)).toBe(out);
  });
  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normaliseIdNumber(normaliseIdNumber(s)) === normaliseIdNumber(s)));
  });
});

describe('normalisePhone', () => {
  it.each([
    ['+852 9123 4567', '91234567'],
    ['852-9123-4567', '91234567'],
    ['00852 9123 4567', '91234567'],
    ['(852) 9123-4567', '91234567'],
    ['＋８５２ ９１２３　４５６７', '91234567'],
    ['9123 4567', '91234567'],
    ['+86 138 0013 8000', '+8613800138000'],
    ['0086 13800138000', '+8613800138000'],
    ['+852 123', '+852123'],
    ['2111 0001', '21110001'],
  ])('%s → %s', (input, out) => {
    expect(normalisePhone(input)).toBe(out);
  });
  it('keeps a country code other than 852', () => {
    expect(normalisePhone('+1 (415) 555-0100')).toBe('+14155550100');
  });
  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalisePhone(normalisePhone(s)) === normalisePhone(s)));
  });
});

describe('classifySearch', () => {
  it.each([
    ['a123456(3)', 'idNumber', 'A1234563'],
    ['AB987654(3)', 'idNumber', 'AB9876543'],
    ['+852 9123 4567', 'phone', '91234567'],
    ['9123-4567', 'phone', '91234567'],
    ['陳大', 'text', '陳大'],
    ['1234563', 'text', '1234563'],
    // passports: 1–2 letters and 7–9 digits, however typed
    ['k1234567 8', 'idNumber', 'K12345678'],
    ['E1234567', 'idNumber', 'E1234567'],
    ['MA1234567', 'idNumber', 'MA1234567'],
    ['123456789', 'phone', '123456789'],
    ['APMK26110007', 'text', 'APMK26110007'],
    ['C000123', 'text', 'C000123'],
    ['E123456789012', 'text', 'E123456789012'],
    [' AP2026 ', 'text', 'AP2026'],
  ] as const)('%s is %s', (text, kind, value) => expect(classifySearch(text)).toEqual({ kind, value }));
});

describe('phonePart', () => {
  it('takes 4 to 7 digits, spaces and hyphens ignored, and nothing else', () => {
    expect(['4514', '234 4514', '6234-451', ' 0404040 '].map(phonePart)).toEqual(['4514', '2344514', '6234451', '0404040']);
    expect(['451', '62344514', 'D274514', '45a4', '+4514', ''].map(phonePart)).toEqual([null, null, null, null, null, null]);
  });
});
