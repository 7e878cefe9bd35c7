import { FOUR_EYES_SETTINGS_KIND, SETTINGS_PERMISSION, type FourEyesKind, type SystemSettingKey, type SystemSettings } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import { deferIfControlled, type FourEyesDeferred } from '../../http/four-eyes.js';
import type { DbOrTx } from '../../db/client.js';
import { controlledAction } from '../../platform/four-eyes.js';
import { readAllSettings, saveSettings } from './service.js';

/**
 * The settings a second person approves (`settings.rates`): the rates, fees and periods loans are
 * priced and corrected by — interest methods, rule of 78, maximum APR and its excess action, day
 * count, late drawdown fee, active period. (The late payout policy decides when a payout is
 * refused, not what it costs: it saves at once.) The list of controlled kinds itself
 * is `settings.fourEyes`, always controlled.
 */
export const RATE_SETTINGS: readonly SystemSettingKey[] = [
  'interestMethods',
  'ruleOf78',
  'maxApr',
  'maxAprExcessAction',
  'dayCount',
  'lateDrawdownFee',
  'activePeriodDays',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a save changes of the settings as they stand: only changed keys count. */
function changedKeys(current: SystemSettings, patch: Partial<SystemSettings>): SystemSettingKey[] {
  return (Object.keys(patch) as SystemSettingKey[]).filter((k) => patch[k] !== undefined && !same(patch[k], current[k]));
}

/** The controlled kind of a save, if it changes a controlled setting (the four-eyes list first). */
export function settingsKindOf(current: SystemSettings, patch: Partial<SystemSettings>): FourEyesKind | null {
  const changed = changedKeys(current, patch);
  if (changed.includes('fourEyesKinds')) return FOUR_EYES_SETTINGS_KIND;
  if (changed.some((k) => RATE_SETTINGS.includes(k))) return 'settings.rates';
  return null;
}

/** Registers the settings' controlled actions: approving saves the requested patch as the settings save does. */
export function registerSettingsUnderFourEyes(): void {
  for (const kind of [FOUR_EYES_SETTINGS_KIND, 'settings.rates'] as const) {
    controlledAction<Partial<SystemSettings>>({
      kind,
      permission: SETTINGS_PERMISSION,
      perform: (tx, ctx, patch) => saveSettings(tx, ctx, patch),
      subject: async (_tx, _ctx, patch) => ({ loanId: null, storeId: null, reference: Object.keys(patch).join(',').slice(0, 128) }),
      describe: async (tx, _ctx, patch) => {
        const current = await readAllSettings(tx);
        const keys = changedKeys(current, patch);
        return { before: Object.fromEntries(keys.map((k) => [k, current[k]])), after: Object.fromEntries(keys.map((k) => [k, patch[k]])) };
      },
      reason: () => '',
    });
  }
}

/** The settings routes' side: a save that changes a controlled setting records a request (202) instead. */
export async function deferSettingsSave(req: FastifyRequest, db: DbOrTx, patch: Partial<SystemSettings>): Promise<FourEyesDeferred | null> {
  const kind = settingsKindOf(await readAllSettings(db), patch);
  return kind ? deferIfControlled(req, kind, patch) : null;
}
