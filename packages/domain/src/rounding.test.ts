import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from './decimal.js';
import { formatMoney, formatPercent, groupThousands, moneyText, percentOf, roundMoney, spreadsheetAmount } from './rounding.js';

describe('rounding helper', () => {
  it('half up to 2 places by default', () => {
    expect(roundMoney('2.345').toFixed(2)).toBe('2.35');
    expect(roundMoney('-2.345').toFixed(2)).toBe('-2.35');
    expect(formatMoney('1234.5')).toBe('1234.50');
  });
  it('0–2 places and the other modes', () => {
    expect(formatMoney('2.5', { decimalPlaces: 0 })).toBe('3');
    expect(formatMoney('2.5', { decimalPlaces: 0, rounding: 'half-even' })).toBe('2');
    expect(formatMoney('2.01', { decimalPlaces: 0, rounding: 'up' })).toBe('3');
    expect(formatMoney('2.99', { decimalPlaces: 1, rounding: 'down' })).toBe('2.9');
    expect(() => roundMoney('1', { decimalPlaces: 3 as 2 })).toThrow(RangeError);
  });
  it('refuses non-decimal strings', () => {
    expect(() => roundMoney('1,000')).toThrow(TypeError);
    expect(() => roundMoney('1e3')).toThrow(TypeError);
  });
  it('rates display as percent with 4 places', () => {
    expect(formatPercent('0.16257812')).toBe('16.2578');
    expect(formatPercent('-0.0000000001')).toBe('0.0000');
    expect(formatMoney('-0.001')).toBe('0.00');
  });
  it.each([
    ['0', '0.00'],
    ['1234.5', '1,234.50'],
    ['1234567.505', '1,234,567.51'],
    ['999.995', '1,000.00'],
    ['-1234.565', '-1,234.57'],
    ['-0.001', '0.00'],
    ['.5', '0.50'],
    ['100', '100.00'],
    ['12345678901234.99', '12,345,678,901,234.99'],
    ['9007199254740993.005', '9,007,199,254,740,993.01'],
  ])('grouped for display: %s → %s', (input, expected) => {
    expect(formatMoney(input, { grouped: true })).toBe(expected);
  });
  it('groups with any decimal places and rounding, and groups typed text as it is', () => {
    expect(formatMoney('1234567.5', { grouped: true, decimalPlaces: 0 })).toBe('1,234,568');
    expect(formatMoney('1234567.59', { grouped: true, decimalPlaces: 1, rounding: 'down' })).toBe('1,234,567.5');
    expect(groupThousands('1234567.')).toBe('1,234,567.');
    expect(groupThousands('-1234')).toBe('-1,234');
    expect(groupThousands('')).toBe('');
    expect(groupThousands('0.12345')).toBe('0.12345');
  });
  it('grouping only adds separators: removing them gives the plain amount back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (cents) => {
        const plain = formatMoney(`${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`);
        const grouped = groupThousands(plain);
        expect(grouped.replace(/,/g, '')).toBe(plain);
        expect(grouped).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});

describe('percentOf', () => {
  it('is the share as a percent, half-up to 2 places', () => {
    expect(percentOf('1000.00', '3000.00')).toBe('33.33');
    expect(percentOf('2000.00', '3000.00')).toBe('66.67');
    expect(percentOf('1.00', '8.00')).toBe('12.50');
    expect(percentOf('5.00', '5.00')).toBe('100.00');
  });
  it('is 0.00 of nothing', () => {
    expect(percentOf('0.00', '0.00')).toBe('0.00');
    expect(percentOf('0', '100')).toBe('0.00');
  });
});

describe('moneyText', () => {
  it('is the two-place text the API and audit rows carry: no separators, half-up, never -0.00', () => {
    expect(moneyText('1234567.5')).toBe('1234567.50');
    expect(moneyText(dec('0.005'))).toBe('0.01');
    expect(moneyText(dec('-12.345'))).toBe('-12.35');
    expect(moneyText(dec('0').neg())).toBe('0.00');
    expect(moneyText('-0.001')).toBe('0.00');
  });
});

describe('spreadsheetAmount: a number cell as the amount it shows', () => {
  it('takes a binary fraction within a millionth of a cent as the two-decimal amount', () => {
    expect(spreadsheetAmount(1234.5600000000002)).toBe('1234.56');
    expect(spreadsheetAmount(0.1 + 0.2)).toBe('0.30');
    expect(spreadsheetAmount(500)).toBe('500.00');
  });
  it('keeps any other figure as its own decimal, for the caller to refuse', () => {
    expect(spreadsheetAmount(10.005)).toBe('10.005');
    expect(spreadsheetAmount(0.001)).toBe('0.001');
    expect(spreadsheetAmount(1e-7)).toBe('0.0000001');
    expect(spreadsheetAmount(1e-9)).toBe('0.00');
    expect(spreadsheetAmount(123456789012.3)).toBe('123456789012.30');
  });
});
