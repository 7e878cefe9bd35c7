/**
 * The active period (System → active period): posted data — repayments, payouts — may be edited
 * or voided only within `activePeriodDays` days of the day it was posted.
 */
import { activePeriodEnd, DomainError, withinActivePeriod } from '@harbour/domain';
import type { DbOrTx } from '../db/client.js';
import { businessToday } from './business-date.js';
import { readSettings } from './settings.js';

/**
 * Refuses (422 `domain.OUTSIDE_ACTIVE_PERIOD`, naming the posting date, the period and its last
 * day) a change to data posted on `postedDate` once the active period is over. Call it in the
 * transaction of the edit or void, before writing; `today` defaults to today in Hong Kong.
 */
export async function assertWithinActivePeriod(tx: DbOrTx, postedDate: string, today?: string): Promise<void> {
  const { activePeriodDays: days } = await readSettings(tx, ['activePeriodDays']);
  assertWithinActivePeriodDays(postedDate, today ?? (await businessToday(tx)), days);
}

/** The same refusal with the setting and today already read. */
export function assertWithinActivePeriodDays(postedDate: string, today: string, days: number): void {
  if (withinActivePeriod(postedDate, today, days)) return;
  throw new DomainError('OUTSIDE_ACTIVE_PERIOD', { postedDate, days, lastDate: activePeriodEnd(postedDate, days) });
}
