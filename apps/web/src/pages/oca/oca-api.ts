import type { AgentPaymentInput, CollectionListQuery, CollectionStepsQuery, OcaTransferInput, RecoveryInput } from '@harbour/contracts';
import { call, callDownload } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const api = endpoints.collection;

/** A list query as the page builds it; left-out values are not sent (the server's defaults). */
const queryOf = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
const withoutPage = <Q extends { page?: unknown; pageSize?: unknown }>(q: Q) => {
  const { page: _page, pageSize: _size, ...rest } = q;
  return queryOf(rest);
};

/** The collection API (spec §2 OCA write-off): list, steps, agents, and each collection step. */
export const ocaApi = {
  loans: (q: CollectionListQuery, signal?: AbortSignal) => call(api.loans, { query: queryOf(q), signal }),
  exportLoans: (q: CollectionListQuery) => callDownload(api.exportLoans, { query: withoutPage(q), filename: 'oca-list.xlsx' }),
  steps: (q: CollectionStepsQuery, signal?: AbortSignal) => call(api.steps, { query: queryOf(q), signal }),
  exportSteps: (q: CollectionStepsQuery) => callDownload(api.exportSteps, { query: withoutPage(q), filename: 'oca-process-list.xlsx' }),
  agents: (signal?: AbortSignal) => call(api.agents, { signal }),
  overdueLoans: (search: string, signal?: AbortSignal) => call(api.overdueLoans, { query: queryOf({ search }), signal }),
  transfer: (body: OcaTransferInput) => call(api.transfer, { body }),
  recall: (loanId: number, reason: string) => call(api.recall, { body: { loanId, reason } }),
  recover: (body: RecoveryInput) => call(api.recover, { body }),
  voidRecovery: (recoveryId: number, reason: string) => call(api.voidRecovery, { body: { recoveryId, reason } }),
  writeOff: (loanId: number, reason: string) => call(api.writeOff, { body: { loanId, reason } }),
  cancelWriteOff: (loanId: number, reason: string) => call(api.cancelWriteOff, { body: { loanId, reason } }),
  payAgent: (body: AgentPaymentInput) => call(api.payAgent, { body }),
  voidPayment: (paymentId: number, reason: string) => call(api.voidPayment, { body: { paymentId, reason } }),
};
