import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatMoney, formatRate, roundDecimalString } from './format.js';

describe('money formatting', () => {
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
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('keeps precision beyond binary floats', () => {
    // 0.1 + 0.2 style errors and 2^53 overflow cannot happen with string/BigInt rounding.
    expect(formatMoney('9007199254740993.005')).toBe('9,007,199,254,740,993.01');
    expect(formatMoney('1.005')).toBe('1.01');
  });

  it('shows nothing for no value and leaves non-decimals as they are', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('n/a')).toBe('n/a');
  });

  it('rounds like decimal half-up for any cents value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 999 }), (whole, milli) => {
        const s = `${whole}.${String(milli).padStart(3, '0')}`;
        const cents = whole * 100n + BigInt(Math.floor(milli / 10)) + (milli % 10 >= 5 ? 1n : 0n);
        const expected = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        expect(roundDecimalString(s, 2)).toBe(expected);
      }),
    );
  });
});

describe('rate and date formatting', () => {
  it('formats a percent rate', () => {
    expect(formatRate('1.255')).toBe('1.26%');
    expect(formatRate('48')).toBe('48.00%');
  });

  it('shows dates as YYYY-MM-DD without shifting the day', () => {
    expect(formatDate('2026-02-28')).toBe('2026-02-28');
    // 23:30 UTC is already the next day in Hong Kong.
    expect(formatDate('2026-02-28T23:30:00Z')).toBe('2026-03-01');
    expect(formatDate(new Date('2026-12-31T00:00:00+08:00'))).toBe('2026-12-31');
    expect(formatDate(null)).toBe('');
  });
});
