/**
 * The active period (System → active period): posted data — repayments, payouts — may still be
 * edited or voided for `days` days after the day it was posted. With holidays given, only
 * working days count towards the period.
 */
import { addDays, compareDates } from './dates.js';

/** The last day on which data posted on `postedDate` may be changed. */
export function activePeriodEnd(postedDate: string, days: number, holidays: Iterable<string> = []): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`active period must be a whole number of days: ${days}`);
  const off = new Set(holidays);
  let end = postedDate;
  for (let left = days; left > 0; ) {
    end = addDays(end, 1);
    if (!off.has(end)) left--;
  }
  return end;
}

/**
 * Whether data posted on `postedDate` may still be changed on `today`: up to the period's last
 * day (data dated ahead of today is within it).
 */
export function withinActivePeriod(postedDate: string, today: string, days: number, holidays: Iterable<string> = []): boolean {
  return compareDates(today, activePeriodEnd(postedDate, days, holidays)) <= 0;
}
