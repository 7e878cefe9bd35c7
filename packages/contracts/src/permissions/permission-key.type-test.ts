/**
 * Compile-time checks (run by `tsc -b`): `PermissionKey` is the catalogue's keys, not `string`,
 * and keys that enter through a resource declaration are among them.
 */
import type { PermissionKey } from './index.js';

// @ts-expect-error a key outside the catalogue is not a PermissionKey
export const unknownKey: PermissionKey = 'nope.nothing';
export const resourceKey: PermissionKey = 'stores.create';
export const actionKey: PermissionKey = 'masterdata.holidays.import';
