import { ADDRESS_OFFICIAL_PATH, ADDRESS_SEARCH_PATH, type OfficialAddresses, type RecordedAddresses } from '@harbour/contracts';
import { request } from '../../../api/index.js';

export const addressApi = {
  recorded: (q: string, signal?: AbortSignal) => request<RecordedAddresses>(ADDRESS_SEARCH_PATH, { query: { q }, signal }),
  /** Silent: the page shows why the service gave nothing, beside its results. */
  official: (q: string, signal?: AbortSignal) => request<OfficialAddresses>(ADDRESS_OFFICIAL_PATH, { query: { q }, signal, silent: true }),
};
