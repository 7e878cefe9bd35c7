import { z } from 'zod';
import { listQueryBase } from './list.js';
import { STAFF_STATES } from './staff.js';

/** The administration list calls spec §7 names, with their paths kept. */

/** `GET /stores/adminStores`: the stores the caller may use (store switcher). */
export const adminStoreSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  englishName: z.string(),
  isDefault: z.boolean(),
  isCurrent: z.boolean(),
});
export const adminStoresAnswerSchema = z.object({ items: z.array(adminStoreSchema) });
export type AdminStore = z.infer<typeof adminStoreSchema>;

/** `GET /admin/allAdmins`: the staff picker. `name` makes it usable as a `ref` list. */
export const allAdminsQuerySchema = z.object({
  keyword: z.string().trim().max(64).optional(),
  state: z.enum(STAFF_STATES).optional(),
});
export const allAdminSchema = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export const allAdminsAnswerSchema = z.object({ items: z.array(allAdminSchema) });
export type AllAdmin = z.infer<typeof allAdminSchema>;

/** `GET /storesLog`: store changes taken from the audit log. */
export const storesLogQuerySchema = listQueryBase.extend({
  storeId: z.coerce.number().int().positive().optional(),
  staffId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(32).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export type StoresLogQuery = z.infer<typeof storesLogQuerySchema>;
export const storesLogItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int().nullable(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type StoresLogItem = z.infer<typeof storesLogItemSchema>;

/** `GET /staffInfo`: staff summary list (master data "staff information"). */
export const staffInfoQuerySchema = listQueryBase.extend({
  keyword: z.string().trim().max(64).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
  state: z.enum(STAFF_STATES).optional(),
});
export type StaffInfoQuery = z.infer<typeof staffInfoQuerySchema>;
export const staffInfoItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  staffNo: z.string().nullable(),
  state: z.enum(STAFF_STATES),
  storeNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** The level's name in the caller's language, and its approval limit. */
  level: z.string().nullable(),
  maxApprovedAmount: z.string().nullable(),
  approvalUnlimited: z.boolean(),
  employmentDate: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type StaffInfoItem = z.infer<typeof staffInfoItemSchema>;
