import { action, page } from './define.js';

/**
 * OCA write-off: list, process list (spec §2). The pages are not built yet; the API is: the list
 * of loans in collection, and three action keys — passing a loan to an OCA agent and recalling it,
 * writing it off and cancelling the write-off, and recording (or deleting) money recovered on it.
 */
export const ocaPermissions = [
  page('oca', 50, 'list', { icon: 'stop', api: ['GET /collection/loans'] }),
  page('oca', 51, 'processList', { icon: 'ordered-list' }),
  action('oca', 52, 'oca.transfer', ['POST /collection/transfers', 'POST /collection/recalls']),
  action('oca', 53, 'oca.writeOff', ['POST /collection/writeOffs', 'POST /collection/writeOffs/cancel']),
  action('oca', 54, 'oca.recovery', ['POST /collection/recoveries', 'POST /collection/recoveries/void']),
];
