import { storesResource } from '../stores.js';
import { action, resourcePermissions } from './define.js';

/** Stores list: the keys of the stores declaration, plus the store change log. */
export const storesPermissions = [
  ...resourcePermissions(storesResource, 'stores', 500, { available: true, icon: 'shop', path: '/stores/list' }),
  action('stores', 504, 'stores.log', ['GET /storesLog']),
];
