import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addMonthsClamped, daysBetween, days360, fromDay, dayNumber, tryParseDate, weekday } from './dates.js';

describe('dates', () => {
  it('parses only real calendar dates', () => {
    expect(tryParseDate('2024-02-29')).toEqual({ y: 2024, m: 2, d: 29 });
    expect(tryParseDate('2023-02-29')).toBeNull();
    expect(tryParseDate('2100-02-29')).toBeNull();
    expect(tryParseDate('2000-02-29')).not.toBeNull();
    expect(tryParseDate('2024-13-01')).toBeNull();
    expect(tryParseDate('2024-1-01')).toBeNull();
  });
  it('day arithmetic without local time', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(weekday('2024-01-01')).toBe(1); // Monday
    expect(weekday('1970-01-01')).toBe(4); // Thursday
  });
  it('months clamp to the month end and keep the anchor day', () => {
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2028-01-31', 2)).toBe('2028-03-31');
    expect(addMonthsClamped('2028-02-29', 1, 31)).toBe('2028-03-31');
    expect(addMonthsClamped('2024-11-30', 3)).toBe('2025-02-28');
  });
  it('30/360 day count', () => {
    expect(days360('2024-01-31', '2024-02-29')).toBe(29);
    expect(days360('2024-01-15', '2024-02-15')).toBe(30);
    expect(days360('2024-01-30', '2024-03-31')).toBe(60);
  });
  it('day numbers round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (n) => dayNumber(fromDay(n)) === n),
    );
  });
});
