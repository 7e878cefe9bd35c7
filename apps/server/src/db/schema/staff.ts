import { boolean, date, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { stores } from './stores.js';
import { staffLevels } from './levels.js';

/** Admin users (spec §3 "Admin user"). Staff id 1 is the super admin. */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  staffNo: varchar('staff_no', { length: 32 }),
  mobile: varchar('mobile', { length: 32 }),
  email: varchar('email', { length: 128 }),
  avatar: varchar('avatar', { length: 255 }),
  introduction: text('introduction'),
  passwordHash: text('password_hash').notNull(),
  fullName: varchar('full_name', { length: 64 }),
  hkid: varchar('hkid', { length: 16 }),
  address: varchar('address', { length: 255 }),
  defaultLanguage: varchar('default_language', { length: 8 }).notNull().default('zh-TW'),
  /** normal | forbidden */
  state: varchar('state', { length: 16 }).notNull().default('normal'),
  employmentDate: date('employment_date', { mode: 'string' }),
  defaultStoreId: integer('default_store_id').references(() => stores.id),
  /** Staff level and privilege (spec §6): the maximum approved amount comes from it. */
  levelId: integer('level_id').references(() => staffLevels.id),
  lastLoginAt: instant('last_login_at'),
  lastLoginIp: varchar('last_login_ip', { length: 64 }),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: instant('locked_until'),
  /** Sessions created before this instant are ended on their next request. */
  passwordChangedAt: instant('password_changed_at'),
  /**
   * The password was set by an administrator (a new staff member, a reset): until the staff member
   * changes it, their sessions may only change it (`http/auth-hook.ts`).
   */
  passwordMustChange: boolean('password_must_change').notNull().default(false),
  ...stamps,
});

/** Stores a staff member may log into (spec §6). */
export const staffStores = pgTable(
  'staff_stores',
  {
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull().references(() => stores.id),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.staffId, t.storeId] })],
);
