import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatRate, moneyDisplay, roundDecimalString } from './format.js';

describe('decimal rounding for display', () => {
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

describe('amounts for people to read', () => {
  it('groups thousands with the decimal places asked, half-up', () => {
    expect(moneyDisplay('1234567.5')).toBe('1,234,567.50');
    expect(moneyDisplay(' 50000 ')).toBe('50,000.00');
    expect(moneyDisplay('-1234.005')).toBe('-1,234.01');
    expect(moneyDisplay('1234567.5', 0)).toBe('1,234,568');
    expect(moneyDisplay('-0.001')).toBe('0.00');
  });

  it('shows text that is not a decimal as it came, and no value as blank', () => {
    expect(moneyDisplay('n/a')).toBe('n/a');
    expect(moneyDisplay(null)).toBe('');
    expect(moneyDisplay(undefined)).toBe('');
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
