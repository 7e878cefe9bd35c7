import { LOAN_DOCUMENT_MAX_BYTES } from '@harbour/contracts';
import { imageStore } from '../../platform/image-store.js';

/**
 * Where loans' documents are kept: in the database under `loan-documents/<random name>`, reached
 * only through a `loan_documents` row (its store's row-level security), never served as static files. The upload and read routes (`loans/documents.ts`) and the retention job, which
 * deletes an anonymised customer's files (`customers/retention.ts`), share it.
 */
export const loanDocumentStore = imageStore({
  folder: 'loan-documents',
  field: 'file',
  types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' },
  maxBytes: LOAN_DOCUMENT_MAX_BYTES,
  messages: { missing: 'loans.documents.missing', tooLarge: 'loans.documents.tooLarge', type: 'loans.documents.type' },
});
