import {
  REPAYMENT_OPERATION_PATH,
  REPAYMENT_PROCESS_LIST_EXPORT_PATH,
  REPAYMENT_PROCESS_LIST_PATH,
  type ProcessListPage,
  type ProcessListQuery,
  type RepaymentOperation,
} from '@harbour/contracts';
import { download, request } from '../../api/index.js';

/** The process list's query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: ProcessListQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** Repayment → process list and operation (spec §2). */
export const processingApi = {
  list: (q: ProcessListQuery, signal?: AbortSignal) => request<ProcessListPage>(REPAYMENT_PROCESS_LIST_PATH, { query: queryOf(q), signal }),
  /** Saves the xlsx of the same filters and sort under the server's file name. */
  export: (q: ProcessListQuery) => {
    const { page: _page, pageSize: _size, ...rest } = q;
    return download(REPAYMENT_PROCESS_LIST_EXPORT_PATH, { query: queryOf(rest), filename: 'repayment-process-list.xlsx' });
  },
  operation: (loanId: number, signal?: AbortSignal) => request<RepaymentOperation>(REPAYMENT_OPERATION_PATH, { query: { loanId }, signal }),
};
