import { action, page } from './define.js';

/**
 * Persona list = the customer register (`customerResource`, `/customers`): every person or company
 * Harbour holds data on, in any role. List / Create / Edit / Detail pages (spec §2 convention);
 * the whole ID number or phone (`persona.reveal`, audited) and black/white (`persona.listStatus`)
 * are actions.
 */
export const personaPermissions = [
  page('persona', 520, 'list', { icon: 'user', available: true, api: ['GET /customers', 'GET /customers/{id}', 'GET /search'] }),
  page('persona', 521, 'create', { hidden: true, available: true, api: ['POST /customers'] }),
  page('persona', 522, 'edit', { hidden: true, available: true, api: ['PUT /customers/{id}'] }),
  page('persona', 523, 'detail', { hidden: true, available: true }),
  /** Whole ID numbers and phones instead of the masked ones (each reveal is audited). */
  action('persona', 524, 'persona.reveal', ['POST /customers/{id}/reveal']),
  /** Black list / white list a customer (with a reason). */
  action('persona', 525, 'persona.listStatus', ['POST /customers/{id}/blacklist', 'POST /customers/{id}/whitelist']),
];
