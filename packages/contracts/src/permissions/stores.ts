import type { PermissionDef } from '../permission-def.js';
import { page } from './define.js';

/** Stores list; the keys match `STORE_PERMISSIONS` in stores.ts. */
export const storesPermissions: readonly PermissionDef[] = [page('stores', 500, 'list', { icon: 'shop', path: '/stores/list' })];
