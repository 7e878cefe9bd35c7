import { date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { stores } from './stores.js';

const money = (name: string) => numeric(name, { precision: 16, scale: 2 });

/**
 * Portfolio at risk as of a month-end, per store: the dashboard's trend. Derived, like the due
 * summaries: the daily job recomputes the last six month-ends of every store each night
 * (`modules/dashboard/par.ts`), so the dashboard reads six rows a store instead of aggregating
 * every receipt and instalment of the book; until the job has run for them, the dashboard works
 * the figures out itself.
 */
export const dashboardParSnapshots = pgTable(
  'dashboard_par_snapshots',
  {
    storeId: integer('store_id').notNull().references(() => stores.id),
    monthEnd: date('month_end', { mode: 'string' }).notNull(),
    /** principal outstanding at the month-end */
    outstanding: money('outstanding').notNull(),
    /** of it, the principal of loans with an instalment more than 30 / 60 / 90 days overdue */
    par30: money('par30').notNull(),
    par60: money('par60').notNull(),
    par90: money('par90').notNull(),
    /** the business day of the run that computed it */
    computedOn: date('computed_on', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.monthEnd] })],
);
