import type { RepaymentTipsQuery } from '@harbour/contracts';
import { call, callDownload } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.repayments;

/** The tips list's query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: RepaymentTipsQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const tipsApi = {
  list: (q: RepaymentTipsQuery, signal?: AbortSignal) => call(api.tips, { query: queryOf(q), signal }),
  /** Saves the xlsx of the same filters and sort under the server's file name. */
  export: (q: RepaymentTipsQuery) => {
    const { page: _page, pageSize: _size, ...rest } = q;
    return callDownload(api.exportTips, { query: queryOf(rest), filename: 'repayment-tips.xlsx' });
  },
  /** Runs the daily servicing job now (the manager's key). */
  runDaily: () => call(api.runDaily, { body: {} }),
};
