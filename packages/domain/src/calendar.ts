/**
 * Working days: holidays (a list of 'YYYY-MM-DD') and weekly days off from the settings.
 */
import { addDays, weekday } from './dates.js';

export interface WorkingCalendar {
  holidays: ReadonlySet<string>;
  daysOff: readonly number[];
}

/**
 * A calendar of `holidays` and `daysOff`. A Set of holidays is taken as it is (read, never
 * changed), so a caller posting many receipts (an import's replay) builds it once, not per receipt.
 */
export function makeCalendar(holidays: Iterable<string> = [], daysOff: readonly number[] = []): WorkingCalendar {
  return { holidays: holidays instanceof Set ? (holidays as ReadonlySet<string>) : new Set(holidays), daysOff };
}

export function isNonWorkingDay(date: string, cal: WorkingCalendar): boolean {
  return cal.holidays.has(date) || cal.daysOff.includes(weekday(date));
}

/** The date itself if it is a working day, otherwise the next working day. */
export function nextWorkingDay(date: string, cal: WorkingCalendar): string {
  if (cal.daysOff.length >= 7) throw new RangeError('every weekday is a day off');
  let d = date;
  // bounded: at most 7 consecutive days off plus the holidays
  for (let i = 0; i <= 7 + cal.holidays.size; i++) {
    if (!isNonWorkingDay(d, cal)) return d;
    d = addDays(d, 1);
  }
  throw new RangeError(`no working day found after ${date}`);
}
