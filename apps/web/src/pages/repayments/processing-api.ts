import type { ProcessListQuery } from '@harbour/contracts';
import { call, callDownload } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.repayments;

/** The process list's query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: ProcessListQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** Repayment → process list and operation (spec §2). */
export const processingApi = {
  list: (q: ProcessListQuery, signal?: AbortSignal) => call(api.processList, { query: queryOf(q), signal }),
  /** Saves the xlsx of the same filters and sort under the server's file name. */
  export: (q: ProcessListQuery) => {
    const { page: _page, pageSize: _size, ...rest } = q;
    return callDownload(api.exportProcessList, { query: queryOf(rest), filename: 'repayment-process-list.xlsx' });
  },
  operation: (loanId: number, signal?: AbortSignal) => call(api.operation, { query: { loanId }, signal }),
};
