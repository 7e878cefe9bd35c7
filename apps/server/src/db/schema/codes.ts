import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * System → code format: one row per kind of number (`applyNo`, `loanNo`, `repayNo`,
 * `customerCode`); a kind without a row numbers with `DEFAULT_CODE_FORMATS` of `@harbour/domain`.
 */
export const codeFormats = pgTable('code_formats', {
  kind: varchar('kind', { length: 16 }).primaryKey(),
  prefix: varchar('prefix', { length: 6 }).notNull(),
  includeStoreCode: boolean('include_store_code').notNull(),
  /** none | YYYY | YYMM | YYYYMM | YYYYMMDD */
  datePart: varchar('date_part', { length: 8 }).notNull(),
  seqWidth: integer('seq_width').notNull(),
  /** never | yearly | monthly | daily */
  reset: varchar('reset', { length: 8 }).notNull(),
  ...stamps,
});

/**
 * The counters behind the numbers (`takeCode`): one row per kind, counting scope and period, its
 * `value` the last number taken. `store_key` is the store's id for numbers that include the store
 * code and 0 for numbers shared by all stores (without the store code, two stores counting apart
 * would print the same number). Not store-owned: a counter holds no customer data, and a number
 * of one store may be taken in a transaction of another (a transfer).
 */
export const codeCounters = pgTable(
  'code_counters',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    storeKey: integer('store_key').notNull(),
    /** '' (never restarts), YYYY, YYYYMM or YYYYMMDD */
    period: varchar('period', { length: 8 }).notNull(),
    value: integer('value').notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.kind, t.storeKey, t.period] }), check('code_counters_value_positive', sql`${t.value} > 0`)],
);
