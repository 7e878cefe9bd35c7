import type { ReceiptInput, RepaymentCorrection } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints, type ReceiptPreviewBody } from '../../api/endpoints.js';

const api = endpoints.repayments;

/** The repayment counter's calls (spec §2 Repayment process / list); the list itself is the declared resource's. */
export const repaymentsApi = {
  /** The counter's loan finder: paid-out loans by number, name, ID number or phone. */
  findLoans: (q: string, signal?: AbortSignal) => call(api.findLoans, { query: { q }, signal }),
  due: (loanId: number, date: string, signal?: AbortSignal) => call(api.due, { query: { loanId, date }, signal }),
  /** Silent: the form shows the server's message under the figures itself. */
  preview: (body: ReceiptPreviewBody) => call(api.preview, { body, silent: true }),
  post: (body: ReceiptInput) => call(api.receipt, { body, silent: true }),
  get: (id: number, signal?: AbortSignal) => call(api.get, { params: { id }, signal }),
  correct: (id: number, body: { kind: RepaymentCorrection; reason: string }) =>
    call(api.correct, { params: { id }, body, silent: true }),
};
