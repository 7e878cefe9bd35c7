import { page } from './define.js';

/** OCA write-off: list, process list (spec §2). */
export const ocaPermissions = [
  page('oca', 50, 'list', { icon: 'stop' }),
  page('oca', 51, 'processList', { icon: 'ordered-list' }),
];
