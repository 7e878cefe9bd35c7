import { boolean, check, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stamps } from './columns.js';

/**
 * Master data → staff level and privilege (spec §6): a grade of staff and the largest loan amount
 * its holders may approve. `unlimited` is the owner's "no upper limit"; otherwise the amount is
 * required (the check keeps the two from disagreeing). Staff refer to it (`staff.level_id`), so a
 * level in use cannot be deleted, only disabled.
 */
export const staffLevels = pgTable(
  'staff_levels',
  {
    id: serial('id').primaryKey(),
    nameZh: varchar('name_zh', { length: 64 }).notNull(),
    nameEn: varchar('name_en', { length: 64 }).notNull(),
    rank: integer('rank').notNull().default(0),
    maxApprovedAmount: numeric('max_approved_amount', { precision: 16, scale: 2 }),
    unlimited: boolean('unlimited').notNull().default(false),
    /** normal | disabled */
    state: varchar('state', { length: 16 }).notNull().default('normal'),
    remarks: varchar('remarks', { length: 500 }),
    ...stamps,
  },
  (t) => [
    check(
      'staff_levels_limit',
      sql`(${t.unlimited} and ${t.maxApprovedAmount} is null) or (not ${t.unlimited} and ${t.maxApprovedAmount} >= 0)`,
    ),
  ],
);
