import { action, page } from './define.js';

/** Staff list; unlocking a locked account and revealing a number are actions of the staff resource (`staffResource`). */
export const staffPermissions = [
  page('staff', 510, 'list', { available: true, icon: 'team', api: ['GET /staffInfo'] }),
  action('staff', 511, 'staff.unlock', ['POST /staff/{id}/unlock']),
  /** Whole HKID and mobile numbers instead of the masked ones (each reveal is audited). */
  action('staff', 512, 'staff.reveal', ['POST /staff/{id}/reveal']),
];
