import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * Master data → customer related / loan related: the option items of every choice list (ID
 * types, marital status, …, loan types, repayment cycles). Customers and loans refer to an item by
 * id (foreign keys, so a referenced item cannot be deleted); rules refer to the seeded ones by
 * `code`, which is unique in its category.
 */
export const optionItems = pgTable(
  'option_items',
  {
    id: serial('id').primaryKey(),
    /** idType | marital | education | residentialType | source | loanType | purpose | payoutMethod | repayCycle */
    category: varchar('category', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    labelZhTw: varchar('label_zh_tw', { length: 64 }).notNull(),
    labelEn: varchar('label_en', { length: 128 }).notNull(),
    labelZhCn: varchar('label_zh_cn', { length: 64 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** normal | disabled (through the status table `OPTION_STATUS`) */
    state: varchar('state', { length: 16 }).notNull().default('normal'),
    /** Seeded by the migration: its code is fixed and it cannot be deleted. */
    builtin: boolean('builtin').notNull().default(false),
    /** The code and the three labels, for the list's one text filter. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`code || ' ' || label_zh_tw || ' ' || label_en || ' ' || label_zh_cn`),
    ...stamps,
  },
  (t) => [uniqueIndex('option_items_category_code_uq').on(t.category, t.code), index('option_items_category_sort_idx').on(t.category, t.sortOrder)],
);
