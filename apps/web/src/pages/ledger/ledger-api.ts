import { call, callDownload } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

/** The trial balance's query as the page builds it: a store (left out: the server's default) and a period. */
export interface TrialBalanceParams {
  storeId?: number;
  from?: string;
  to?: string;
}

const queryOf = (p: TrialBalanceParams) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export const ledgerApi = {
  trialBalance: (p: TrialBalanceParams, signal?: AbortSignal) => call(endpoints.reports.trialBalance, { query: queryOf(p), signal }),
  /** Saves the xlsx of the same query under the server's file name. */
  exportTrialBalance: (p: TrialBalanceParams) => callDownload(endpoints.reports.exportTrialBalance, { query: queryOf(p), filename: 'trial-balance.xlsx' }),
};
