import { action, page } from './define.js';

/** Stores list; the keys match `STORE_PERMISSIONS` in stores.ts. */
export const storesPermissions = [
  page('stores', 500, 'list', { available: true, icon: 'shop', path: '/stores/list', api: ['GET /stores', 'GET /stores/{id}'] }),
  action('stores', 501, 'stores.create', ['POST /stores']),
  action('stores', 502, 'stores.update', ['PUT /stores/{id}']),
  action('stores', 503, 'stores.delete', ['DELETE /stores/{id}']),
  action('stores', 504, 'stores.log', ['GET /storesLog']),
];
