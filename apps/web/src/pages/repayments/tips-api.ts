import {
  DAILY_JOB_PATH,
  REPAYMENT_TIPS_EXPORT_PATH,
  REPAYMENT_TIPS_PATH,
  type DailyJobResult,
  type RepaymentTipsPage,
  type RepaymentTipsQuery,
} from '@harbour/contracts';
import { download, request } from '../../api/index.js';

/** The tips list's query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: RepaymentTipsQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const tipsApi = {
  list: (q: RepaymentTipsQuery, signal?: AbortSignal) => request<RepaymentTipsPage>(REPAYMENT_TIPS_PATH, { query: queryOf(q), signal }),
  /** Saves the xlsx of the same filters and sort under the server's file name. */
  export: (q: RepaymentTipsQuery) => {
    const { page: _page, pageSize: _size, ...rest } = q;
    return download(REPAYMENT_TIPS_EXPORT_PATH, { query: queryOf(rest), filename: 'repayment-tips.xlsx' });
  },
  /** Runs the daily servicing job now (the manager's key). */
  runDaily: () => request<DailyJobResult>(DAILY_JOB_PATH, { method: 'POST', body: {} }),
};
