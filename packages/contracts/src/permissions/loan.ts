import { page } from './define.js';

/** Loan: operation, list, create, edit (spec §2). */
export const loanPermissions = [
  page('loan', 30, 'operation', { icon: 'form' }),
  page('loan', 31, 'list', { icon: 'unordered-list' }),
  page('loan', 32, 'create', { hidden: true }),
  page('loan', 33, 'edit', { hidden: true }),
];
