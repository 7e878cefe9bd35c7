import type { CsvMapping } from '@harbour/contracts';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

const ep = endpoints.bankReconciliation;

/** Bank reconciliation's calls (docs/bank-reconciliation.md). */
export const reconciliationApi = {
  accounts: (signal?: AbortSignal) => call(ep.accounts, { signal }),
  statements: (bankAccountId: number | undefined, signal?: AbortSignal) =>
    call(ep.statements, { query: { page: 1, pageSize: 50, ...(bankAccountId ? { bankAccountId } : {}) }, signal }),
  statement: (id: number, signal?: AbortSignal) => call(ep.statement, { params: { id }, signal }),
  importStatement: (body: { bankAccountId: number; format: 'camt053' | 'csv'; fileName: string; content: string }) => call(ep.importStatement, { body }),
  csvPreview: (bankAccountId: number, content: string, mapping: CsvMapping) => call(ep.csvPreview, { body: { bankAccountId, content, mapping } }),
  saveCsvMapping: (id: number, mapping: CsvMapping) => call(ep.saveCsvMapping, { params: { id }, body: mapping }),
  postMatched: (id: number) => call(ep.postMatched, { params: { id }, body: {} }),
  assign: (lineId: number, loanId: number) => call(ep.assign, { params: { id: lineId }, body: { loanId } }),
  suspense: (lineId: number) => call(ep.suspense, { params: { id: lineId }, body: {} }),
  ignore: (lineId: number, reason: string) => call(ep.ignore, { params: { id: lineId }, body: { reason } }),
  findLoans: (q: string, signal?: AbortSignal) => call(endpoints.repayments.findLoans, { query: { q, page: 1, pageSize: 20 }, signal }),
};
