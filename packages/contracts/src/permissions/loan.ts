import { action, page } from './define.js';

/**
 * Loan: operation, list, create, edit (spec §2). The create and edit pages are also the keys of
 * saving an application (`POST /loans`, `PUT /loans/{id}`); submitting, cancelling and the
 * manager's blacklist override are actions of their own.
 */
export const loanPermissions = [
  page('loan', 30, 'operation', { icon: 'form', available: true }),
  page('loan', 31, 'list', { icon: 'unordered-list', available: true, api: ['GET /loans', 'GET /loans/{id}'] }),
  page('loan', 32, 'create', { hidden: true, available: true, api: ['POST /loans'] }),
  page('loan', 33, 'edit', { hidden: true, available: true, path: '/loan/edit/:id', api: ['PUT /loans/{id}'] }),
  action('loan', 34, 'loan.submit', ['POST /loans/{id}/submit']),
  action('loan', 35, 'loan.cancel', ['POST /loans/{id}/cancel']),
  /** Submit despite a blacklist hit, with a reason (audited). */
  action('loan', 36, 'loan.blacklistOverride'),
];
