import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activePeriodEnd, withinActivePeriod } from './active-period.js';
import { addDays } from './dates.js';

describe('withinActivePeriod', () => {
  it('allows changes up to `days` days after the posting day', () => {
    expect(withinActivePeriod('2026-11-20', '2026-11-20', 7)).toBe(true);
    expect(withinActivePeriod('2026-11-20', '2026-11-27', 7)).toBe(true);
    expect(withinActivePeriod('2026-11-20', '2026-11-28', 7)).toBe(false);
    expect(withinActivePeriod('2026-11-20', '2026-11-19', 7)).toBe(true);
  });

  it('with 0 days allows the posting day only', () => {
    expect(withinActivePeriod('2026-12-31', '2026-12-31', 0)).toBe(true);
    expect(withinActivePeriod('2026-12-31', '2027-01-01', 0)).toBe(false);
  });

  it('counts working days only when holidays are given', () => {
    // 2026-12-25 and 26 are holidays: two days after 12-24 is 12-28.
    const holidays = ['2026-12-25', '2026-12-26'];
    expect(activePeriodEnd('2026-12-24', 2, holidays)).toBe('2026-12-28');
    expect(withinActivePeriod('2026-12-24', '2026-12-28', 2, holidays)).toBe(true);
    expect(withinActivePeriod('2026-12-24', '2026-12-28', 2)).toBe(false);
  });

  it('refuses a negative or fractional period', () => {
    expect(() => activePeriodEnd('2026-11-20', -1)).toThrow(RangeError);
    expect(() => activePeriodEnd('2026-11-20', 1.5)).toThrow(RangeError);
  });

  it('is true exactly up to posting + days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -10, max: 410 }), (days, offset) => {
        const posted = '2026-02-27';
        expect(withinActivePeriod(posted, addDays(posted, offset), days)).toBe(offset <= days);
      }),
    );
  });
});
