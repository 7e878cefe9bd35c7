import { action, page } from './define.js';

/**
 * Payout (spec §2 list, detail): approved loans awaiting their money and those paid out. Paying
 * out waits for the signed s.18 note, which is marked received first.
 */
export const payoutPermissions = [
  page('payout', 90, 'list', { icon: 'pay-circle', available: true, api: ['GET /payouts'] }),
  page('payout', 91, 'detail', { hidden: true, available: true, path: '/payout/detail/:id' }),
  action('payout', 92, 'payout.confirm', ['POST /loans/{id}/payout', 'GET /loans/{id}/payoutQuote']),
  // the signed s.18 note and, for a loan with guarantors, the s.20 surety pack given
  action('payout', 93, 'payout.signedNote', ['POST /loans/{id}/signedNote', 'POST /loans/{id}/suretyPack']),
];
