/**
 * The one rate guard of every step that changes what a borrower receives or pays (submission,
 * approval, payout, reschedule, partial principal repayment, early settlement): the Ordinance's
 * cap first (above 48% a year: always refused), then the company's maximum APR with the excess
 * action of the settings (refuse, ask to confirm, or let pass). The rate is the domain's
 * `mloEffectiveRate` of the step's real cash flows; messages show it with two places
 * (`formatRate`) while the exact figure decides.
 */
import { type Decimal, type MloStatus, checkMaxApr, formatRate, mloStatus, storedRate } from '@harbour/domain';
import type { DbOrTx } from '../db/client.js';
import { businessRule, type MessageParams } from './errors.js';
import { readSettings } from './settings.js';
import type { SystemSettings } from '@harbour/contracts';

export interface RateRefusal {
  /** message code of the refusal above the Ordinance's cap; receives `rate` (two places) and `params` */
  illegal: string;
  /** message codes of the company maximum APR: refused, and "confirm to go ahead" */
  aboveMaxApr?: string;
  confirmMaxApr?: string;
  params?: MessageParams;
  /** the user confirmed going ahead above the company maximum (prompt-and-confirm) */
  confirmExcess?: boolean;
}

export interface LawfulRate {
  /** the rate as loans store it (percent, four places) */
  stored: string;
  status: MloStatus;
  /** true when the company maximum was exceeded and the user confirmed it */
  excessConfirmed: boolean;
}

/** Refuses a step whose cash flows' rate is unlawful or above the company's maximum APR. */
export async function assertLawfulRate(db: DbOrTx, rate: Decimal, refusal: RateRefusal): Promise<LawfulRate> {
  if (mloStatus(rate) === 'illegal') throw businessRule(refusal.illegal, { ...refusal.params, rate: formatRate(rate) });
  return lawfulRate(rate, refusal, await readSettings(db, ['maxApr', 'maxAprExcessAction']));
}

/** `assertLawfulRate` with the company's maximum APR settings already read (a receipt's context). */
export function lawfulRate(rate: Decimal, refusal: RateRefusal, settings: Pick<SystemSettings, 'maxApr' | 'maxAprExcessAction'>): LawfulRate {
  const params = { ...refusal.params, rate: formatRate(rate) };
  const status = mloStatus(rate);
  if (status === 'illegal') throw businessRule(refusal.illegal, params);
  const check = checkMaxApr(rate, settings);
  const withMax = { ...params, maxApr: settings.maxApr };
  if (!check.allowed) throw businessRule(refusal.aboveMaxApr ?? 'loans.errors.aboveMaxApr', withMax);
  if (check.needsConfirmation && !refusal.confirmExcess) throw businessRule(refusal.confirmMaxApr ?? 'loans.errors.confirmMaxApr', withMax);
  return { stored: storedRate(rate), status, excessConfirmed: check.needsConfirmation };
}
