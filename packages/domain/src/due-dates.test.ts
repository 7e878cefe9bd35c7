import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dueDates, regularFirstDueDate } from './due-dates.js';
import { makeCalendar, isNonWorkingDay } from './calendar.js';
import { type RepayCycle } from './cycles.js';
import { addDays } from './dates.js';
import { RUNS, PROPERTY_TIMEOUT } from './test-support/runs.js';

const dates = (cycle: RepayCycle, first: string, n: number, anchorDay?: number) =>
  dueDates(cycle, first, n, { anchorDay }).map((d) => d.dueDate);

describe('due dates', () => {
  it('monthly: 31 Jan → 29 Feb 2028 → 31 Mar', () => {
    expect(dates({ kind: 'monthly' }, '2028-01-31', 4)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
  });
  it('monthly from a loan date on the 31st keeps the 31st', () => {
    const first = regularFirstDueDate({ kind: 'monthly' }, '2028-01-31');
    expect(first).toBe('2028-02-29');
    expect(dates({ kind: 'monthly' }, first, 3, 31)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30']);
  });
  it('every two months', () => {
    expect(dates({ kind: 'monthly', months: 2 }, '2024-01-31', 3)).toEqual(['2024-01-31', '2024-03-31', '2024-05-31']);
  });
  it('twice a month alternates d and d+15, clamped to the month end', () => {
    expect(dates({ kind: 'twice-monthly' }, '2024-01-10', 4)).toEqual(['2024-01-10', '2024-01-25', '2024-02-10', '2024-02-25']);
    expect(dates({ kind: 'twice-monthly' }, '2024-01-20', 3)).toEqual(['2024-01-20', '2024-02-05', '2024-02-20']);
    expect(dates({ kind: 'twice-monthly' }, '2024-01-16', 4, 31)).toEqual(['2024-01-16', '2024-01-31', '2024-02-16', '2024-02-29']);
    expect(regularFirstDueDate({ kind: 'twice-monthly' }, '2024-01-31')).toBe('2024-02-16');
  });
  it('every two weeks and every N days', () => {
    expect(dates({ kind: 'biweekly' }, '2024-02-20', 3)).toEqual(['2024-02-20', '2024-03-05', '2024-03-19']);
    expect(dates({ kind: 'every-n-days', days: 10 }, '2024-02-25', 2)).toEqual(['2024-02-25', '2024-03-06']);
    expect(regularFirstDueDate({ kind: 'every-n-days', days: 1 }, '2024-02-29')).toBe('2024-03-01');
  });
  it('a due date on a holiday or day off moves to the next working day; the cycle does not drift', () => {
    const cal = makeCalendar(['2024-03-10', '2024-03-11'], [0, 6]);
    // 10 Mar 2024 is a Sunday, 11 Mar a holiday → 12 Mar; April keeps the 10th
    expect(dueDates({ kind: 'monthly' }, '2024-03-10', 2, { calendar: cal }).map((d) => d.dueDate)).toEqual(['2024-03-12', '2024-04-10']);
  });

  it(
    'no due date falls on a holiday or day off when moving is set',
    () => {
      const cycleArb: fc.Arbitrary<RepayCycle> = fc.oneof(
        fc.record({ kind: fc.constant('monthly' as const), months: fc.integer({ min: 1, max: 3 }) }),
        fc.constant({ kind: 'twice-monthly' as const }),
        fc.constant({ kind: 'biweekly' as const }),
        fc.record({ kind: fc.constant('every-n-days' as const), days: fc.integer({ min: 1, max: 40 }) }),
      );
      fc.assert(
        fc.property(
          cycleArb,
          fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n)),
          fc.integer({ min: 1, max: 60 }),
          fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
          fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 40 }).map((ns) => ns.map((n) => addDays('2020-01-01', n))),
          (cycle, first, n, daysOff, holidays) => {
            const cal = makeCalendar(holidays, daysOff);
            const out = dueDates(cycle, first, n, { calendar: cal });
            return out.length === n && out.every((d) => !isNonWorkingDay(d.dueDate, cal) && d.dueDate >= d.scheduledDate);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
