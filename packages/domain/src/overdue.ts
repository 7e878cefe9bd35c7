/**
 * Overdue interest and overdue penalty (issue §6).
 *
 * Overdue interest accrues on each overdue instalment's unpaid amount (its principal + interest not
 * yet paid) at the loan's overdue rate a year × the overdue period's year fraction under the
 * settings' day-count convention (actual days / 365, actual days / 360, or 30/360 days / 360;
 * `yearFraction`), holidays and days off skipped when the holiday option says so. It is never charged
 * on overdue interest or fees — a money lender's agreement for compound interest is illegal under
 * the Money Lenders Ordinance — so the base is only the instalment amounts. Each accrual segment is rounded with the
 * rounding helper. The overdue penalty (handling fee) is charged once per overdue instalment.
 *
 * Holiday option: 'count' — every day after the due date counts; 'not-count' — holidays and days
 * off are skipped; 'treat-as-holiday' — a due date on a holiday/day off is treated as the next
 * working day, then every day counts.
 */
import { Decimal, ZERO, sum } from './decimal.js';
import { type WorkingCalendar, makeCalendar, nextWorkingDay } from './calendar.js';
import { compareDates, dayCountDays, dayNumber, daysInYear, fromDayNumber, formatDate } from './dates.js';
import { type InstalmentState, type RepaymentState, unpaidFee, unpaidInstalment, unpaidOverdueInterest } from './repayment-state.js';
import { type RoundingSettings, roundMoney } from './rounding.js';
import { type EngineSettings, type SettingsInput, resolveSettings } from './settings.js';

export interface OverdueLine {
  tenor: number;
  dueDate: string;
  /** overdue days counted for interest, from the due date to the as-of date */
  days: number;
  /** unpaid principal + interest of the instalment */
  overdueAmount: Decimal;
  /** overdue interest outstanding (accrued, not paid) */
  overdueInterest: Decimal;
  /** handling fee outstanding */
  fee: Decimal;
}

export interface OverdueSummary {
  asOf: string;
  /** the state with overdue interest accrued to `asOf` and fees charged */
  state: RepaymentState;
  lines: OverdueLine[];
  overdueAmount: Decimal;
  overdueInterest: Decimal;
  fee: Decimal;
}

/** The date from which an instalment is overdue (the day after this date is the first overdue day). */
function overdueFrom(dueDate: string, settings: EngineSettings, cal: WorkingCalendar): string {
  return settings.holidayOverdueInterest === 'treat-as-holiday' ? nextWorkingDay(dueDate, cal) : dueDate;
}

/** Days in (from, to] that count for overdue interest. */
export function countOverdueDays(from: string, to: string, settings: EngineSettings, cal: WorkingCalendar): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (b <= a) return 0;
  if (settings.holidayOverdueInterest !== 'not-count') return b - a;
  let n = 0;
  for (let d = a + 1; d <= b; d++) {
    const wd = (((d + 4) % 7) + 7) % 7;
    if (cal.daysOff.includes(wd)) continue;
    if (cal.holidays.size > 0 && cal.holidays.has(formatDate(fromDayNumber(d)))) continue;
    n++;
  }
  return n;
}

/**
 * The year fraction of the overdue period (from, to] under the settings' convention: its days as
 * the convention counts them (`dayCountDays`: actual, or 30/360) less the holidays and days off
 * skipped under 'not-count', over the convention's year (`daysInYear`) — `yearFraction` when
 * nothing is skipped.
 */
export function overdueYears(from: string, to: string, settings: EngineSettings, cal: WorkingCalendar): Decimal {
  const actual = Math.max(0, dayNumber(to) - dayNumber(from));
  if (actual === 0) return ZERO;
  const skipped = actual - countOverdueDays(from, to, settings, cal);
  const days = Math.max(0, dayCountDays(from, to, settings.dayCount) - skipped);
  return new Decimal(days).div(daysInYear(settings.dayCount));
}

/** Overdue interest for a period of `years` (year fraction) on `base` at `annualRate` (fraction), rounded. */
export function overdueInterestFor(base: Decimal, annualRate: Decimal, years: Decimal, rounding: RoundingSettings): Decimal {
  if (!years.gt(0) || base.lte(0) || annualRate.lte(0)) return ZERO;
  return roundMoney(base.times(annualRate).times(years), rounding);
}

/**
 * Brings the state's overdue interest and fees up to `asOf` and summarises what is overdue.
 * Pure: returns a new state.
 */
export function accrueOverdue(
  state: RepaymentState,
  asOf: string,
  settingsInput: SettingsInput = {},
  holidays: Iterable<string> = [],
): OverdueSummary {
  const settings = resolveSettings(settingsInput);
  const rounding: RoundingSettings = { decimalPlaces: settings.decimalPlaces, rounding: settings.rounding };
  const cal = makeCalendar(holidays, settings.daysOff);
  const lines: OverdueLine[] = [];
  const instalments: InstalmentState[] = state.instalments.map((inst) => {
    const from = overdueFrom(inst.dueDate, settings, cal);
    // not yet overdue: the date alone says so (no decimals computed)
    if (compareDates(asOf, from) <= 0) return inst;
    const base = unpaidInstalment(inst);
    if (base.lte(0)) return inst;
    const start = inst.overdueAccruedTo && compareDates(inst.overdueAccruedTo, from) > 0 ? inst.overdueAccruedTo : from;
    const accrued = overdueInterestFor(base, state.overdueRate, overdueYears(start, asOf, settings, cal), rounding);
    const next: InstalmentState = {
      ...inst,
      overdueInterestCharged: inst.overdueInterestCharged.plus(accrued),
      overdueAccruedTo: compareDates(asOf, start) > 0 ? asOf : start,
      feeCharged: inst.feeCharged.isZero() ? state.overduePenalty : inst.feeCharged,
    };
    lines.push({
      tenor: inst.tenor,
      dueDate: inst.dueDate,
      days: countOverdueDays(from, asOf, settings, cal),
      overdueAmount: base,
      overdueInterest: unpaidOverdueInterest(next),
      fee: unpaidFee(next),
    });
    return next;
  });
  // instalments already paid but with overdue interest or fees still owed
  for (const inst of instalments) {
    if (!lines.some((l) => l.tenor === inst.tenor) && (unpaidOverdueInterest(inst).gt(0) || unpaidFee(inst).gt(0))) {
      lines.push({
        tenor: inst.tenor,
        dueDate: inst.dueDate,
        days: 0,
        overdueAmount: unpaidInstalment(inst),
        overdueInterest: unpaidOverdueInterest(inst),
        fee: unpaidFee(inst),
      });
    }
  }
  lines.sort((a, b) => a.tenor - b.tenor);
  const next: RepaymentState = { ...state, instalments };
  return {
    asOf,
    state: next,
    lines,
    overdueAmount: sum(lines.map((l) => l.overdueAmount)),
    overdueInterest: sum(instalments.map(unpaidOverdueInterest)),
    fee: sum(instalments.map(unpaidFee)),
  };
}
