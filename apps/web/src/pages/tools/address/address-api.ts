import { call } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';

export const addressApi = {
  recorded: (q: string, signal?: AbortSignal) => call(endpoints.tools.recordedAddresses, { query: { q }, signal }),
  /** Silent: the page shows why the service gave nothing, beside its results. */
  official: (q: string, signal?: AbortSignal) => call(endpoints.tools.officialAddresses, { query: { q }, signal, silent: true }),
};
