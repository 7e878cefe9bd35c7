import { boolean, integer, jsonb, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { staff } from './staff.js';

/** Roles grant permission keys to staff (spec §3 "Role"). */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  description: varchar('description', { length: 255 }),
  /** Members see every store's records, not only their current store's. */
  allStores: boolean('all_stores').notNull().default(false),
  state: varchar('state', { length: 16 }).notNull().default('normal'),
  sort: integer('sort').notNull().default(0),
  ...stamps,
});

/** The permission catalogue, upserted from `@harbour/contracts` at start-up (spec §3 "Permission"). */
export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 96 }).notNull().unique(),
  /** i18n key of the name. */
  name: varchar('name', { length: 128 }).notNull(),
  /** `METHOD /path` entries this key opens. */
  api: jsonb('api').$type<string[]>().notNull().default([]),
  group: varchar('group', { length: 32 }).notNull(),
  sort: integer('sort').notNull().default(0),
  icon: varchar('icon', { length: 64 }),
  menuUrl: varchar('menu_url', { length: 128 }),
  pageKey: varchar('page_key', { length: 96 }),
  menuHidden: boolean('menu_hidden').notNull().default(false),
  /** The web page exists; unavailable pages stay out of the menu. */
  menuAvailable: boolean('menu_available').notNull().default(false),
  /** normal | disabled. `source`: `catalogue` rows are upserted from the code at start-up, `custom` rows come from the editor. */
  state: varchar('state', { length: 16 }).notNull().default('normal'),
  source: varchar('source', { length: 16 }).notNull().default('custom'),
  ...stamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionKey: varchar('permission_key', { length: 96 })
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade', onUpdate: 'cascade' }),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);

export const staffRoles = pgTable(
  'staff_roles',
  {
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] })],
);
