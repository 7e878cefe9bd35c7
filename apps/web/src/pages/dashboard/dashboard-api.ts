import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

/** `store`: a store id, 'all', or left out (the session's current store). */
export const dashboardApi = {
  get: (store: number | 'all' | undefined, signal?: AbortSignal) =>
    call(endpoints.dashboard, { query: store === undefined ? {} : { store }, signal }),
};
