/**
 * The settings and holidays the loan rules read: the schedule engine of the calculator, payouts,
 * receipts, settlements and the daily servicing job.
 */
import type { SettingsInput } from '@harbour/domain';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { holidays } from '../../db/schema/index.js';
import { readSettings, settingsOf } from '../../platform/settings.js';
import { CALCULATOR_SETTING_KEYS, engineSettings } from '../tools/calculator-service.js';

/** The settings and holidays the repayment rules read (overdue days, rounding, days of year). */
export interface Engine {
  settings: SettingsInput;
  holidays: string[];
}

export async function loadEngine(tx: DbOrTx): Promise<Engine> {
  const s = await readSettings(tx, CALCULATOR_SETTING_KEYS);
  const days = (await tx.select({ date: holidays.date }).from(holidays).orderBy(asc(holidays.date))).map((h) => h.date);
  return { settings: engineSettings(s), holidays: days };
}

/** The engine from its settings' rows and the holidays (in date order), read with other reads (a receipt's context). */
export function engineOf(settingRows: readonly { key: string; value: unknown }[], holidayDates: readonly string[]): Engine {
  return { settings: engineSettings(settingsOf(settingRows, CALCULATOR_SETTING_KEYS)), holidays: [...holidayDates] };
}
