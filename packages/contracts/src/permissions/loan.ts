import { action, page } from './define.js';

/**
 * Loan: operation, list, create, edit (spec §2). The create and edit pages are also the keys of
 * saving an application (`POST /loans`, `PUT /loans/{id}`); submitting, cancelling and the
 * manager's blacklist override are actions of their own.
 */
export const loanPermissions = [
  page('loan', 30, 'operation', { icon: 'form', available: true }),
  page('loan', 31, 'list', { icon: 'unordered-list', available: true, api: ['GET /loans', 'GET /loans/{id}', 'GET /loans/{id}/documents/{docId}/file', 'GET /search'] }),
  page('loan', 32, 'create', { hidden: true, available: true, api: ['POST /loans', 'GET /loans/choices', 'POST /loans/blacklistCheck'] }),
  page('loan', 33, 'edit', { hidden: true, available: true, path: '/loan/edit/:id', api: ['PUT /loans/{id}', 'POST /loans/{id}/refereeConsent', 'GET /loans/choices', 'POST /loans/blacklistCheck'] }),
  action('loan', 34, 'loan.submit', ['POST /loans/{id}/submit']),
  action('loan', 35, 'loan.cancel', ['POST /loans/{id}/cancel']),
  /** Section D: upload and remove an application's documents (reading them is `loan.list`). */
  action('loan', 37, 'loan.documents', ['POST /loans/{id}/documents', 'DELETE /loans/{id}/documents/{docId}']),
  /**
   * The papers of a loan (the s.18 note, the Ordinance's summary, the declarations, the schedule,
   * the payout receipt): an unlisted print page, what the papers print, and each print audited.
   */
  page('loan', 38, 'papers', { key: 'loan.print', hidden: true, available: true, path: '/loan/papers', api: ['GET /loans/{id}/papers', 'POST /loans/{id}/print'] }),
  /** Submit despite a blacklist hit, with a reason (audited). */
  action('loan', 36, 'loan.blacklistOverride'),
];
