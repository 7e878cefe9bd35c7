/**
 * The system settings the engine reads (spec §9 "Settings"), with their defaults.
 */
import { DAY_COUNT_CONVENTIONS, type DayCountConvention } from './dates.js';
import type { DecimalPlaces, RoundingMode } from './rounding.js';

/** How holidays and days off are treated when counting overdue-interest days. */
export type HolidayOverdueInterest =
  /** every calendar day after the due date counts */
  | 'count'
  /** holidays and days off after the due date are not counted */
  | 'not-count'
  /** a due date on a holiday/day off is treated as falling on the next working day; then every day counts */
  | 'treat-as-holiday';

/** What happens when a loan's rate exceeds the maximum APR setting. */
export type MaxAprExcessAction = 'prompt-and-block' | 'prompt-and-confirm' | 'nothing';

export interface EngineSettings {
  /**
   * How time is counted wherever interest is computed (schedules, extended days, overdue
   * interest, settlement's pro-rata interest, rescheduling): 'actual/365', 'actual/360' or
   * '30/360' (`yearFraction` in dates.ts). The Ordinance's rate is always actual days / 365.
   */
  dayCount: DayCountConvention;
  decimalPlaces: DecimalPlaces;
  rounding: RoundingMode;
  /** weekdays that are days off, 0 = Sunday … 6 = Saturday */
  daysOff: readonly number[];
  /** move a due date that falls on a holiday or day off to the next working day */
  moveDueDateOffHoliday: boolean;
  holidayOverdueInterest: HolidayOverdueInterest;
  /** maximum APR in percent a year ("48"); undefined = no limit */
  maxApr?: string | undefined;
  maxAprExcessAction: MaxAprExcessAction;
}

export const DEFAULT_SETTINGS: EngineSettings = {
  dayCount: 'actual/365',
  decimalPlaces: 2,
  rounding: 'half-up',
  daysOff: [],
  moveDueDateOffHoliday: false,
  holidayOverdueInterest: 'count',
  maxApr: undefined,
  maxAprExcessAction: 'nothing',
};

export type SettingsInput = Partial<EngineSettings>;

export function resolveSettings(input: SettingsInput = {}): EngineSettings {
  const s: EngineSettings = { ...DEFAULT_SETTINGS };
  for (const [k, v] of Object.entries(input)) {
    if (v !== undefined) (s as unknown as Record<string, unknown>)[k] = v;
  }
  if (!DAY_COUNT_CONVENTIONS.includes(s.dayCount)) throw new RangeError(`dayCount must be one of ${DAY_COUNT_CONVENTIONS.join(', ')}`);
  if (![0, 1, 2].includes(s.decimalPlaces)) throw new RangeError('decimalPlaces must be 0, 1 or 2');
  return s;
}
