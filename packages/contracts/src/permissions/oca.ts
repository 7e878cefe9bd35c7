import { action, page } from './define.js';
import { COLLECTION_ACTIONS } from '../collection.js';
import { workflowPermissions } from '../workflow.js';

/**
 * OCA write-off: list, process list (spec §2). The list of loans in collection (with the agents
 * and what they are owed), the log of every collection step, and four action keys — passing a
 * loan to an OCA agent and recalling it, writing it off and cancelling the write-off, recording
 * (or deleting) money recovered on it, and paying an agent what it is owed (or voiding that).
 */
export const ocaPermissions = [
  page('oca', 50, 'list', { icon: 'stop', available: true, api: ['GET /collection/loans', 'GET /collection/loans/export', 'GET /collection/agents'] }),
  page('oca', 51, 'processList', { icon: 'ordered-list', available: true, api: ['GET /collection/steps', 'GET /collection/steps/export'] }),
  // oca.transfer (52), oca.writeOff (53), oca.recovery (54): the keys of the collection's workflow actions
  ...workflowPermissions('oca', 52, COLLECTION_ACTIONS, { 'oca.transfer': ['GET /collection/overdueLoans'] }),
  action('oca', 55, 'oca.agentPayment', ['POST /collection/agentPayments', 'POST /collection/agentPayments/void']),
];
