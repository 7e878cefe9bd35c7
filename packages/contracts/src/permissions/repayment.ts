import { page } from './define.js';

/** Repayment: process, tips list, process list, operation, list (spec §2). */
export const repaymentPermissions = [
  page('repayment', 40, 'process', { icon: 'transaction' }),
  page('repayment', 41, 'tipsList', { icon: 'bell' }),
  page('repayment', 42, 'processList', { icon: 'ordered-list' }),
  page('repayment', 43, 'operation', { icon: 'form' }),
  page('repayment', 44, 'list', { icon: 'unordered-list' }),
];
