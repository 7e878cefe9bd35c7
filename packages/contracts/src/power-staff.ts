import { z } from 'zod';
import { listQueryBase } from './list.js';
import { STAFF_STATES } from './staff.js';

/**
 * Power → staff list (spec §2): who holds which permission, for the owner or an auditor. A row is
 * a staff member with the keys their enabled roles grant; the detail lists each key with the roles
 * that grant it. Read-only: roles are edited in the role list, staff in the admin list.
 */
export const powerStaffQuerySchema = listQueryBase.extend({
  keyword: z.string().trim().max(64).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
  state: z.enum(STAFF_STATES).optional(),
  /** Only staff who hold this key ("who may approve?"): the super administrator holds every key. */
  permissionKey: z.string().trim().max(96).optional(),
});
export type PowerStaffQuery = z.infer<typeof powerStaffQuerySchema>;

export const POWER_STAFF_SORTS = ['id', 'username', 'name', 'state', 'keyCount'] as const;

export const powerStaffRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  state: z.enum(STAFF_STATES),
  storeNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** Holds every key whatever the roles say (the built-in super administrator). */
  superAdmin: z.boolean(),
  /** One of the enabled roles reaches every store. */
  allStores: z.boolean(),
  /** Enabled keys the member holds. */
  keyCount: z.number().int(),
});
export type PowerStaffRow = z.infer<typeof powerStaffRowSchema>;

export const powerGrantSchema = z.object({
  key: z.string(),
  /** The catalogue's i18n key of the permission's name. */
  name: z.string(),
  group: z.string(),
  /** Enabled roles of the member that grant the key (empty for the super administrator). */
  roles: z.array(z.string()),
});
export type PowerGrant = z.infer<typeof powerGrantSchema>;

export const powerStaffItemSchema = powerStaffRowSchema.extend({ grants: z.array(powerGrantSchema) });
export type PowerStaffItem = z.infer<typeof powerStaffItemSchema>;

/** `GET /powerStaff/keys`: the enabled catalogue, for the key filter of the Power staff list. */
export const powerKeyChoicesSchema = z.object({ items: z.array(powerGrantSchema.omit({ roles: true })) });
export type PowerKeyChoices = z.infer<typeof powerKeyChoicesSchema>;
