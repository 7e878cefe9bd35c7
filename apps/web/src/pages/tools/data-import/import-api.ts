import type { ImportBatch, ImportReconciliation } from '@harbour/contracts';
import { call, callDownload } from '../../../api/index.js';
import { endpoints } from '../../../api/endpoints.js';

/** The store whose book the file is and the cut-over date (the upload's query string, docs/import.md). */
export interface ImportTarget {
  storeId?: number;
  cutOverDate?: string;
}


const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};
const queryOf = (target: ImportTarget) => ({ storeId: target.storeId, cutOverDate: target.cutOverDate });

export const importApi = {
  template: () => callDownload(endpoints.tools.importTemplate, { filename: 'harbour-import-template.xlsx' }),
  dryRun: (file: File, target: ImportTarget) =>
    call(endpoints.tools.importDryRun, { body: formOf(file), query: queryOf(target), timeoutMs: 300_000 }),
  rejectedRows: (file: File) =>
    callDownload(endpoints.tools.importRejectedRows, { body: formOf(file), filename: 'harbour-import-rejected-rows.xlsx', timeoutMs: 300_000 }),
  batches: (signal?: AbortSignal): Promise<ImportBatch[]> => call(endpoints.tools.importBatches, { signal }),
  commit: (file: File, target: ImportTarget): Promise<ImportBatch> =>
    call(endpoints.tools.commitImport, { body: formOf(file), query: queryOf(target), timeoutMs: 300_000, silent: true }),
  rollback: (id: number): Promise<ImportBatch> => call(endpoints.tools.rollbackImport, { params: { id }, silent: true }),
  reconciliation: (id: number, q: ReconciliationQuery, signal?: AbortSignal): Promise<ImportReconciliation> =>
    call(endpoints.tools.importReconciliation, { params: { id }, query: { page: q.page, pageSize: q.pageSize, differing: q.differing ? 'true' : undefined }, signal }),
  exportReconciliation: (id: number, differing: boolean) =>
    callDownload(endpoints.tools.exportImportReconciliation, { params: { id }, query: { differing: differing ? 'true' : undefined }, filename: `harbour-import-${id}-reconciliation.xlsx` }),
};

/** A page of a batch's reconciliation, all its loans or those with differences only. */
export interface ReconciliationQuery {
  page: number;
  pageSize: number;
  differing: boolean;
}
