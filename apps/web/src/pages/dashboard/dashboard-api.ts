import { DASHBOARD_API_PATH, type Dashboard } from '@harbour/contracts';
import { request } from '../../api/index.js';

/** `store`: a store id, 'all', or left out (the session's current store). */
export const dashboardApi = {
  get: (store: number | 'all' | undefined, signal?: AbortSignal) =>
    request<Dashboard>(DASHBOARD_API_PATH, { query: store === undefined ? {} : { store }, signal }),
};
