import type { ReportExportFormat, ReportParamKind } from '@harbour/contracts';
import { call, callDownload, type FileProgress, type Query } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';

/** A long export may take minutes to arrive: it is not cut off by the usual request timeout. */
const EXPORT_TIMEOUT_MS = 15 * 60_000;

export const reportApi = {
  run: (name: string, query: Query, signal?: AbortSignal) => call(endpoints.reports.run, { params: { name }, query, signal }),
  /** Downloads every row as a file under the server's name (`<name>-<dates>.xlsx`), telling the bytes received. */
  export: (name: string, query: Query, format: ReportExportFormat, onProgress: FileProgress) =>
    callDownload(endpoints.reports.export, { params: { name }, query: { ...query, format }, timeoutMs: EXPORT_TIMEOUT_MS, onProgress }),
};

export interface Choice {
  value: number;
  label: string;
}

/**
 * The records a staff / agent / OCA agent / customer parameter chooses from, through the lists the
 * rest of the product reads (silent: a caller without that list types nothing and runs the report
 * for every record).
 */
export const recordChoices: Partial<Record<ReportParamKind, (q: string, signal?: AbortSignal) => Promise<Choice[]>>> = {
  staff: async (q, signal) =>
    (await call(endpoints.staff.list, { query: { keyword: q, pageSize: 20 }, signal, silent: true })).items.map((s) => ({ value: s.id, label: s.name })),
  customer: async (q, signal) =>
    (await call(endpoints.customers.list, { query: { q, pageSize: 20 }, signal, silent: true })).items.map((c) => ({ value: c.id, label: c.name })),
  agent: async (q, signal) =>
    (await call(endpoints.loans.choices, { signal, silent: true })).referralAgents.filter((a) => a.name.includes(q)).map((a) => ({ value: a.id, label: a.name })),
  ocaAgent: async (q, signal) =>
    (await call(endpoints.collection.agents, { signal, silent: true })).filter((a) => a.name.includes(q)).map((a) => ({ value: a.agentId, label: a.name })),
};
