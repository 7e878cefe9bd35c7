import { page } from './define.js';

export const approvalPermissions = [
  page('approval', 80, 'list', { icon: 'audit' }),
  page('approval', 81, 'detail', { hidden: true }),
];
