import { FOUR_EYES_SETTINGS_KIND, SETTINGS_PERMISSION, changedSettingKeys, settingsFourEyesKind, type SystemSettings, type SystemSettingsSave } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import { deferIfControlled, type FourEyesDeferred } from '../../http/four-eyes.js';
import type { DbOrTx } from '../../db/client.js';
import { controlledAction } from '../../platform/four-eyes.js';
import { readAllSettings, saveSettings } from './service.js';

/** Registers the settings' controlled actions: approving saves the requested patch as the settings save does. */
export function registerSettingsUnderFourEyes(): void {
  for (const kind of [FOUR_EYES_SETTINGS_KIND, 'settings.rates'] as const) {
    controlledAction<SystemSettingsSave>({
      kind,
      permission: SETTINGS_PERMISSION,
      perform: (tx, ctx, save) => saveSettings(tx, ctx, settingsOf(save)),
      subject: async (_tx, _ctx, save) => ({ loanId: null, storeId: null, reference: Object.keys(settingsOf(save)).join(',').slice(0, 128) }),
      describe: async (tx, _ctx, save) => {
        const current = await readAllSettings(tx);
        const keys = changedSettingKeys(current, save);
        return { before: Object.fromEntries(keys.map((k) => [k, current[k]])), after: Object.fromEntries(keys.map((k) => [k, save[k]])) };
      },
      reason: (save) => save.reason ?? '',
      reasonRequired: true,
    });
  }
}

/** The settings of a save's body, without the maker's reason. */
export function settingsOf(save: SystemSettingsSave): Partial<SystemSettings> {
  const { reason: _reason, ...patch } = save;
  return patch;
}

/**
 * The settings routes' side: a save that changes a controlled setting records a request (202)
 * instead, with the maker's reason (400 without one). `settingsFourEyesKind` of the contracts is
 * the rule the settings pages ask the reason by.
 */
export async function deferSettingsSave(req: FastifyRequest, db: DbOrTx, save: SystemSettingsSave): Promise<FourEyesDeferred | null> {
  const kind = settingsFourEyesKind(await readAllSettings(db), save);
  return kind ? deferIfControlled(req, kind, save) : null;
}
