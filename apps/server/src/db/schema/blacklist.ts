import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { customers } from './customers.js';

/**
 * Blacklist (spec §3): people the company will not lend to. Company-wide, not store-owned: a
 * person blacklisted at one branch is blacklisted at all. Numbers are kept in their normal form
 * (`normaliseIdNumber`, `normalisePhone` of @harbour/domain) so a check is an exact match, and each
 * number is listed once.
 */
export const blacklist = pgTable(
  'blacklist',
  {
    id: serial('id').primaryKey(),
    /** HKID without brackets, passport number…: upper case letters and digits. */
    idNumber: varchar('id_number', { length: 32 }),
    /** 8 local digits or `+<country code and number>`. */
    phone: varchar('phone', { length: 32 }),
    name: varchar('name', { length: 128 }).notNull(),
    remarks: varchar('remarks', { length: 500 }),
    /** The customer whose black status made the row (removed when the customer is white again). */
    customerId: integer('customer_id').references(() => customers.id),
    ...stamps,
    updatedBy: integer('updated_by'),
  },
  (t) => [
    check('blacklist_has_number', sql`${t.idNumber} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    uniqueIndex('blacklist_id_number_uq').on(t.idNumber).where(sql`${t.idNumber} IS NOT NULL`),
    uniqueIndex('blacklist_phone_uq').on(t.phone).where(sql`${t.phone} IS NOT NULL`),
  ],
);
