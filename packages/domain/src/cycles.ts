/**
 * Repayment cycles and the period arithmetic that depends on them.
 */
import { Decimal } from './decimal.js';
import { addDays, addMonthsClamped, daysInMonth, formatDate, parseDate } from './dates.js';

export type RepayCycle =
  /** every `months` months (default 1) on the same day of the month, clamped to month end */
  | { kind: 'monthly'; months?: number }
  /** alternating day d and d + 15, clamped to month end */
  | { kind: 'twice-monthly' }
  /** every 14 days */
  | { kind: 'biweekly' }
  /** every N days, N ≥ 1 */
  | { kind: 'every-n-days'; days: number };

/** The cycle of a loan as it is stored (`repay_cycle`, `cycle_months`, `cycle_days`). */
export function repayCycleOf(loan: { repayCycle: string; cycleMonths: number | null; cycleDays: number | null }): RepayCycle {
  switch (loan.repayCycle) {
    case 'twice-monthly':
      return { kind: 'twice-monthly' };
    case 'biweekly':
      return { kind: 'biweekly' };
    case 'every-n-days':
      return { kind: 'every-n-days', days: loan.cycleDays ?? Number.NaN };
    default:
      return { kind: 'monthly', months: loan.cycleMonths ?? 1 };
  }
}

export function cycleMonths(cycle: RepayCycle): number {
  return cycle.kind === 'monthly' ? (cycle.months ?? 1) : 0;
}

export function isMonthlyCycle(cycle: RepayCycle): boolean {
  return cycle.kind === 'monthly';
}

/** Checks the cycle's own parameters; returns an error text or null. */
export function cycleProblem(cycle: RepayCycle): string | null {
  if (cycle.kind === 'monthly') {
    const m = cycle.months ?? 1;
    if (!Number.isInteger(m) || m < 1 || m > 12) return 'months per period must be an integer from 1 to 12';
  }
  if (cycle.kind === 'every-n-days' && (!Number.isInteger(cycle.days) || cycle.days < 1)) {
    return 'cycle days must be an integer of 1 or more';
  }
  return null;
}

/**
 * Periods a year, k: 12/m monthly, 24 twice a month, 26 every two weeks, 365/N every N days.
 * Used to annualise periodic rates ((1+i)^k − 1 and i·k).
 */
export function periodsPerYear(cycle: RepayCycle): Decimal {
  switch (cycle.kind) {
    case 'monthly':
      return new Decimal(12).div(cycle.months ?? 1);
    case 'twice-monthly':
      return new Decimal(24);
    case 'biweekly':
      return new Decimal(26);
    case 'every-n-days':
      return new Decimal(365).div(cycle.days);
  }
}

/** The flat rate stated per month (monthly cycles) is this many times the flat rate per period. */
export function flatRateMonthsPerPeriod(cycle: RepayCycle): number {
  return cycle.kind === 'monthly' ? (cycle.months ?? 1) : 1;
}

/**
 * The twice-a-month pair of days for an anchor day: (low, low + 15) with low in 1..16.
 * Day 10 → (10, 25); day 20 → (5, 20); day 31 → (16, 31).
 */
export function twiceMonthlyDays(anchorDay: number): [number, number] {
  const low = anchorDay > 15 ? anchorDay - 15 : anchorDay;
  return [low, low + 15];
}

/**
 * The due-date sequence of a cycle. `start` is a date on the cycle (the loan date or the first due
 * date) and `anchorDay` the day of month the cycle keeps (for monthly and twice-monthly cycles).
 * Returns the date `steps` cycles after `start`.
 */
export function stepCycle(cycle: RepayCycle, start: string, steps: number, anchorDay?: number): string {
  switch (cycle.kind) {
    case 'monthly':
      return addMonthsClamped(start, steps * (cycle.months ?? 1), anchorDay);
    case 'biweekly':
      return addDays(start, 14 * steps);
    case 'every-n-days':
      return addDays(start, cycle.days * steps);
    case 'twice-monthly': {
      const s = parseDate(start);
      const [low, high] = twiceMonthlyDays(anchorDay ?? s.d);
      // position of `start` in the half-month sequence: index = month*2 + (0 for low, 1 for high)
      const lowOfMonth = Math.min(low, daysInMonth(s.y, s.m));
      const isHigh = s.d > lowOfMonth;
      const index = (s.y * 12 + (s.m - 1)) * 2 + (isHigh ? 1 : 0) + steps;
      const monthIndex = Math.floor(index / 2);
      const y = Math.floor(monthIndex / 12);
      const m = (monthIndex % 12) + 1;
      const day = index % 2 === 0 ? low : high;
      return formatDate({ y, m, d: Math.min(day, daysInMonth(y, m)) });
    }
  }
}
