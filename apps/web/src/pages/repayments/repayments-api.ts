import { REPAYMENT_LOAN_FINDER_PATH, repaymentResource, type AllocationPreview, type LoanListItem, type Page, type DueState, type RepaymentCorrection, type RepaymentItem } from '@harbour/contracts';
import { request } from '../../api/index.js';

const PATH = repaymentResource.path;

/** The repayment counter's calls (spec §2 Repayment process / list); the list itself is the declared resource's. */
export const repaymentsApi = {
  /** The counter's loan finder: paid-out loans by number, name, ID number or phone. */
  findLoans: (q: string, signal?: AbortSignal) => request<Page<LoanListItem>>(REPAYMENT_LOAN_FINDER_PATH, { query: { q }, signal }),
  due: (loanId: number, date: string, signal?: AbortSignal) => request<DueState>(`${PATH}/due`, { query: { loanId, date }, signal }),
  /** Silent: the form shows the server's message under the figures itself. */
  preview: (body: Record<string, unknown>) => request<AllocationPreview>(`${PATH}/preview`, { method: 'POST', body, silent: true }),
  post: (body: Record<string, unknown>) => request<RepaymentItem>(PATH, { method: 'POST', body, silent: true }),
  get: (id: number, signal?: AbortSignal) => request<RepaymentItem>(`${PATH}/${id}`, { signal }),
  correct: (id: number, body: { kind: RepaymentCorrection; reason: string }) =>
    request<RepaymentItem>(`${PATH}/${id}/correct`, { method: 'POST', body, silent: true }),
};
