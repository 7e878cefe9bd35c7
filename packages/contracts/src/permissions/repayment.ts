import { action, page } from './define.js';
import { REPAYMENT_ACTIONS } from '../repayments.js';
import { workflowApis } from '../workflow.js';
import { COLLECTION_CONTACTS_CANCEL_PATH, COLLECTION_CONTACTS_PATH, COLLECTION_DESK_EXPORT_PATH, COLLECTION_DESK_PATH } from '../collection-contacts.js';

/**
 * Repayment: process, tips list, process list, operation, list (spec §2). The process page is
 * the counter: the due state of a loan on a date, the preview of a receipt's allocation, and
 * posting it. Voiding or refunding a receipt is a key of its own (a manager's).
 */
export const repaymentPermissions = [
  page('repayment', 40, 'process', { icon: 'transaction', available: true, api: [...workflowApis(REPAYMENT_ACTIONS, 'repayment.process'), 'GET /repayments/due', 'POST /repayments/preview', 'GET /repayments/loans'] }),
  page('repayment', 41, 'tipsList', { icon: 'bell', available: true, api: ['GET /repayments/tips', 'GET /repayments/tips/export'] }),
  page('repayment', 42, 'processList', { icon: 'ordered-list', available: true, api: ['GET /repayments/processList', 'GET /repayments/processList/export'] }),
  page('repayment', 43, 'operation', { icon: 'form', available: true, api: ['GET /repayments/operation', 'GET /repayments/loans'] }),
  page('repayment', 44, 'list', { icon: 'unordered-list', available: true, api: ['GET /repayments', 'GET /repayments/{id}'] }),
  action('repayment', 45, 'repayment.void', ['POST /repayments/{id}/correct', ...workflowApis(REPAYMENT_ACTIONS, 'repayment.void')]),
  /** Waiving overdue interest and fees (a manager's); voiding a waiver is `repayment.void`'s. */
  action('repayment', 49, 'repayment.waive', [...workflowApis(REPAYMENT_ACTIONS, 'repayment.waive')]),
  /** MLO s.19 / s.20 statements: an unlisted print page, the statement on a date, and issuing one on a written request. */
  page('repayment', 48, 'statement', { key: 'repayment.statement', hidden: true, available: true, path: '/repayment/statement', api: ['GET /loans/{id}/statement', 'POST /loans/{id}/statement', 'GET /repayments/loans'] }),
  /**
   * Early settlement (MLO s.21): an unlisted page opened from a loan, its quote on a date (printable)
   * and posting it, which completes the loan.
   */
  page('repayment', 47, 'settlement', { hidden: true, available: true, api: ['GET /repayments/settlement', ...workflowApis(REPAYMENT_ACTIONS, 'repayment.settlement'), 'GET /repayments/loans'] }),
  /** Autopay (direct debit): the page, the files sent and the rejected debits; making a file and importing the bank's results post receipts. */
  page('repayment', 50, 'autopay', { icon: 'bank', available: true, api: ['GET /autopay/runs', 'GET /autopay/rejected'] }),
  action('repayment', 51, 'repayment.autopayPost', ['POST /autopay/runs', 'POST /autopay/results']),
  /**
   * Bank reconciliation: statements, their lines and totals (view); importing, posting the matched
   * lines, assigning, parking in suspense and ignoring (post) — docs/bank-reconciliation.md.
   */
  page('repayment', 52, 'bankReconciliation', {
    icon: 'reconciliation',
    available: true,
    api: ['GET /bankStatements', 'GET /bankStatements/{id}', 'GET /bankStatements/accounts', 'POST /bankStatements/csvPreview'],
  }),
  action('repayment', 53, 'repayment.bankReconciliation.post', [
    'POST /bankStatements/import',
    'POST /bankStatements/{id}/postMatched',
    'POST /bankStatementLines/{id}/assign',
    'POST /bankStatementLines/{id}/suspense',
    'POST /bankStatementLines/{id}/ignore',
    'POST /bankAccounts/{id}/saveCsvMapping',
  ]),
  /**
   * The collector's desk (docs/collection.md), next to the tips list it grew from: the work queue,
   * today's and broken promises to pay and each loan's contact log (view); logging a contact and
   * cancelling a wrong one (log).
   */
  page('repayment', 54, 'collectorDesk', {
    key: 'collection.contacts',
    path: '/repayment/collectorDesk',
    icon: 'phone',
    available: true,
    api: [`GET ${COLLECTION_DESK_PATH}`, `GET ${COLLECTION_DESK_EXPORT_PATH}`, `GET ${COLLECTION_CONTACTS_PATH}`],
  }),
  action('repayment', 55, 'collection.log', [`POST ${COLLECTION_CONTACTS_PATH}`, `POST ${COLLECTION_CONTACTS_CANCEL_PATH}`]),
  /** Running the daily servicing job by hand (it also runs every day at 00:05 Hong Kong time). */
  action('repayment', 46, 'repayment.dailyJob', ['POST /repayments/dailyJob']),
];
