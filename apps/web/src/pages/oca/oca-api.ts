import {
  COLLECTION_AGENTS_PATH,
  COLLECTION_LOANS_EXPORT_PATH,
  COLLECTION_OVERDUE_PATH,
  COLLECTION_STEPS_EXPORT_PATH,
  COLLECTION_STEPS_PATH,
  type AgentPaymentInput,
  type AgentPaymentItem,
  type CollectionAgent,
  type CollectionListQuery,
  type CollectionListItem,
  type CollectionLoan,
  type CollectionStep,
  type CollectionStepsQuery,
  type OcaTransferInput,
  type OverdueLoan,
  type Page,
  type RecoveryInput,
  type RecoveryItem,
} from '@harbour/contracts';
import { download, request } from '../../api/index.js';

/** A list query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
const withoutPage = <Q extends { page?: unknown; pageSize?: unknown }>(q: Q) => {
  const { page: _page, pageSize: _size, ...rest } = q;
  return queryOf(rest);
};

/** The collection API (spec §2 OCA write-off): list, steps, agents, and each collection step. */
export const ocaApi = {
  loans: (q: CollectionListQuery, signal?: AbortSignal) => request<Page<CollectionListItem>>('/collection/loans', { query: queryOf(q), signal }),
  exportLoans: (q: CollectionListQuery) => download(COLLECTION_LOANS_EXPORT_PATH, { query: withoutPage(q), filename: 'oca-list.xlsx' }),
  steps: (q: CollectionStepsQuery, signal?: AbortSignal) => request<Page<CollectionStep>>(COLLECTION_STEPS_PATH, { query: queryOf(q), signal }),
  exportSteps: (q: CollectionStepsQuery) => download(COLLECTION_STEPS_EXPORT_PATH, { query: withoutPage(q), filename: 'oca-process-list.xlsx' }),
  agents: (signal?: AbortSignal) => request<CollectionAgent[]>(COLLECTION_AGENTS_PATH, { signal }),
  overdueLoans: (search: string, signal?: AbortSignal) => request<OverdueLoan[]>(COLLECTION_OVERDUE_PATH, { query: queryOf({ search }), signal }),
  transfer: (body: OcaTransferInput) => request<CollectionLoan>('/collection/transfers', { method: 'POST', body }),
  recall: (loanId: number, reason: string) => request<CollectionLoan>('/collection/recalls', { method: 'POST', body: { loanId, reason } }),
  recover: (body: RecoveryInput) => request<RecoveryItem>('/collection/recoveries', { method: 'POST', body }),
  voidRecovery: (recoveryId: number, reason: string) => request<RecoveryItem>('/collection/recoveries/void', { method: 'POST', body: { recoveryId, reason } }),
  writeOff: (loanId: number, reason: string) => request<CollectionLoan>('/collection/writeOffs', { method: 'POST', body: { loanId, reason } }),
  cancelWriteOff: (loanId: number, reason: string) => request<CollectionLoan>('/collection/writeOffs/cancel', { method: 'POST', body: { loanId, reason } }),
  payAgent: (body: AgentPaymentInput) => request<AgentPaymentItem>('/collection/agentPayments', { method: 'POST', body }),
  voidPayment: (paymentId: number, reason: string) => request<AgentPaymentItem>('/collection/agentPayments/void', { method: 'POST', body: { paymentId, reason } }),
};
