import { page } from './define.js';

export const payoutPermissions = [
  page('payout', 90, 'list', { icon: 'pay-circle' }),
  page('payout', 91, 'detail', { hidden: true }),
];
