import { action, page } from './define.js';

/**
 * The former read-only staff summary (`GET /staffInfo`) is no menu page any more: the one staff
 * list (`admin.list`) is where staff are read and managed, and the web sends the old address there.
 * The key stays so the route keeps its check and roles granting it keep their history. Unlocking a
 * locked account and revealing a number are actions of the staff resource (`staffResource`).
 */
export const staffPermissions = [
  page('staff', 510, 'list', { hidden: true, available: true, icon: 'team', api: ['GET /staffInfo'] }),
  action('staff', 511, 'staff.unlock', ['POST /staff/{id}/unlock']),
  /** Whole HKID and mobile numbers instead of the masked ones (each reveal is audited). */
  action('staff', 512, 'staff.reveal', ['POST /staff/{id}/reveal']),
];
