import type { LatePayoutRule, SettingsInput } from '@harbour/domain';
import type { DbOrTx } from '../../db/client.js';
import { readSettings } from '../../platform/settings.js';
import { loadEngine } from '../loan-core/engine.js';

export interface PayoutEngine {
  settings: SettingsInput;
  holidays: string[];
  rule: LatePayoutRule;
}

/** The schedule engine's settings, the holidays and the company's late-payout rule. */
export async function payoutEngine(db: DbOrTx): Promise<PayoutEngine> {
  const [engine, s] = await Promise.all([loadEngine(db), readSettings(db, ['latePayoutPolicy', 'latePayoutRefuseAfterDays'])]);
  return { ...engine, rule: { policy: s.latePayoutPolicy, refuseAfterDays: s.latePayoutRefuseAfterDays } };
}
