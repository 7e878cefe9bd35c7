import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { staff } from './staff.js';

/** Access IP allowlist: global rows (no staff) and per-staff rows; an empty list allows all. */
export const accessIps = pgTable('access_ips', {
  id: serial('id').primaryKey(),
  /** A single address or a CIDR block, IPv4 or IPv6. */
  address: varchar('address', { length: 64 }).notNull(),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  remarks: varchar('remarks', { length: 255 }),
  ...stamps,
});

/**
 * The action log (spec §9 action log types). Append-only: a trigger in the migrations refuses
 * UPDATE and DELETE, whoever connects.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id'),
    /** The caller's store when the row was written. */
    storeId: integer('store_id'),
    /**
     * The stores of the record the row describes (a staff member's stores, a loan's store); null
     * for records of no store (roles, settings…). Staff without all stores see only rows whose
     * record is in their current store.
     */
    recordStoreIds: integer('record_store_ids').array(),
    action: varchar('action', { length: 32 }).notNull(),
    module: varchar('module', { length: 64 }).notNull(),
    reference: varchar('reference', { length: 128 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    requestId: varchar('request_id', { length: 64 }),
    ...stamps,
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId),
    index('audit_log_record_stores_idx').using('gin', t.recordStoreIds),
  ],
);

/** One row per setting (key → JSONB value); see `@harbour/contracts` settings. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  ...stamps,
  /** Staff id of the last change (null: the system); with `updated_at` the system list's "last changed". */
  updatedBy: integer('updated_by'),
});

/**
 * How the system list presents a setting, as the develop list changed it (a row only for a
 * setting changed there; otherwise the declaration's section and order, listed and editable).
 * Never the setting's type, range or value: those are the contracts' declaration and `settings`.
 */
export const settingDefinitions = pgTable('setting_definitions', {
  key: varchar('key', { length: 64 }).primaryKey(),
  group: varchar('group', { length: 32 }).notNull(),
  sort: integer('sort').notNull(),
  listed: boolean('listed').notNull(),
  editable: boolean('editable').notNull(),
  ...stamps,
  updatedBy: integer('updated_by'),
});

/** Public holidays and company days off (DATE, Hong Kong calendar). */
export const holidays = pgTable('holidays', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
  /** holiday | day_off */
  kind: varchar('kind', { length: 16 }).notNull().default('holiday'),
  ...stamps,
});

/**
 * Change counters that let each server instance cache derived data safely: `access` goes up on
 * every change of roles, grants, the permission catalogue, staff roles, staff stores or stores
 * (statement triggers in the migrations, so no module has to remember), and every instance reads
 * it in the authentication query it runs anyway.
 */
export const harbourVersions = pgTable('harbour_versions', {
  name: varchar('name', { length: 32 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
