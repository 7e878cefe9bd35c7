import {
  CREATE_SYSTEM_PRESETS_PATH,
  GET_SYSTEM_PRESETS_PATH,
  SETTINGS_PERMISSION,
  systemSettingsSaveSchema,
  systemSettingsValuesSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { withTx } from '../../platform/tx.js';
import { readAllSettings, saveSettings } from './service.js';
import { deferSettingsSave, settingsOf } from './four-eyes.js';

/**
 * The spec's §7 calls for the default settings. The body may carry any subset of the settings
 * (other System pages save only theirs) and the maker's reason (four eyes); unknown keys are
 * refused rather than silently dropped.
 */
export function settingsRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: GET_SYSTEM_PRESETS_PATH,
    permission: SETTINGS_PERMISSION,
    summary: 'Every default setting (spec §9) with its current value',
    tags: ['settings'],
    response: systemSettingsValuesSchema,
    handler: async (req) => readAllSettings(req.server.db),
  });

  route(app, {
    method: 'POST',
    url: CREATE_SYSTEM_PRESETS_PATH,
    permission: SETTINGS_PERMISSION,
    summary: 'Save default settings (all or some); audited with the values before and after',
    tags: ['settings'],
    body: systemSettingsSaveSchema,
    response: systemSettingsValuesSchema,
    handler: async (req) => {
      const deferred = await deferSettingsSave(req, req.server.db, req.body);
      if (deferred) return deferred;
      const saved = await withTx(req, (tx) => saveSettings(tx, req, settingsOf(req.body)));
      succeed(req, 'success.saved');
      return saved;
    },
  });
}
