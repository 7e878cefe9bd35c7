import type { SystemSettingsSave } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

export const settingsApi = {
  get: (signal?: AbortSignal) => call(endpoints.system.presets, { signal }),
  /** Silent: field errors are shown under the inputs; the success message comes from the server. */
  save: (body: SystemSettingsSave) => call(endpoints.system.savePresets, { body, silent: true }),
};
