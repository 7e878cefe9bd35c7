import { CREATE_SYSTEM_PRESETS_PATH, GET_SYSTEM_PRESETS_PATH, type SystemSettings } from '@harbour/contracts';
import { request } from '../../api/index.js';

export const settingsApi = {
  get: (signal?: AbortSignal) => request<SystemSettings>(GET_SYSTEM_PRESETS_PATH, { signal }),
  /** Silent: field errors are shown under the inputs; the success message comes from the server. */
  save: (body: SystemSettings) => request<SystemSettings>(CREATE_SYSTEM_PRESETS_PATH, { method: 'POST', body, silent: true }),
};
