import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, roundMoney } from './rounding.js';

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
});
