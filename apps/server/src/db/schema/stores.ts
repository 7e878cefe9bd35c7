import { integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/** A branch of the lender (spec §3 "Store"); store-owned tables point here with `store_id`. */
export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  nameZh: varchar('name_zh', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull(),
  /**
   * Short code (capital letters and digits) that document numbers may include (System → code
   * format). NOT NULL in the database: the migration that added it gives existing stores
   * `S<id>` first, which drizzle-kit cannot express, so the type here still allows null.
   */
  code: varchar('code', { length: 6 }).unique('stores_code_unique'),
  address: varchar('address', { length: 255 }),
  saleTel: varchar('sale_tel', { length: 32 }),
  contactName: varchar('contact_name', { length: 64 }),
  mobile: varchar('mobile', { length: 32 }),
  lendMoney: numeric('lend_money', { precision: 16, scale: 2 }).notNull().default('0'),
  gainMoney: numeric('gain_money', { precision: 16, scale: 2 }).notNull().default('0'),
  sort: integer('sort').notNull().default(0),
  ...stamps,
});
