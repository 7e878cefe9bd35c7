/**
 * Due dates of a schedule (issue §3): monthly → same day next month clamped to month end without
 * losing the anchor day; twice a month → alternating d and d+15; every two weeks +14; every N days +N.
 * A due date on a holiday or day off moves to the next working day when the settings say so.
 */
import { type WorkingCalendar, nextWorkingDay } from './calendar.js';
import { parseDate } from './dates.js';
import { type RepayCycle, stepCycle } from './cycles.js';

export interface DueDate {
  tenor: number;
  /** the contractual date on the cycle */
  scheduledDate: string;
  /** the date the instalment is due: moved off holidays/days off when the settings say so */
  dueDate: string;
}

/** The regular first due date: one cycle after the loan date (interest start). */
export function regularFirstDueDate(cycle: RepayCycle, loanDate: string): string {
  return stepCycle(cycle, loanDate, 1, parseDate(loanDate).d);
}

/**
 * `count` due dates starting at `firstDueDate` (tenor 1), anchored on `anchorDay` (default: the
 * first due date's day; pass the loan date's day when the first due date was derived from it, so
 * 31 Jan → 29 Feb → 31 Mar).
 * With `calendar` given, dates on non-working days move to the next working day; the contractual
 * sequence itself never drifts (the next date is computed from the anchor, not from a moved date).
 */
export function dueDates(
  cycle: RepayCycle,
  firstDueDate: string,
  count: number,
  options: { calendar?: WorkingCalendar | undefined; anchorDay?: number | undefined } = {},
): DueDate[] {
  const { calendar } = options;
  const anchorDay = options.anchorDay ?? parseDate(firstDueDate).d;
  const out: DueDate[] = [];
  for (let t = 1; t <= count; t++) {
    const scheduledDate = stepCycle(cycle, firstDueDate, t - 1, anchorDay);
    out.push({ tenor: t, scheduledDate, dueDate: calendar ? nextWorkingDay(scheduledDate, calendar) : scheduledDate });
  }
  return out;
}
