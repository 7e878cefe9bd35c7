import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { staff } from './staff.js';

/**
 * One row per run of the daily servicing job (`modules/repayments/daily.ts`): the business date it
 * ran for, when, who started it (null: the schedule or the command line, see `source`), whether it
 * was a forced re-run and what it did. Written in the job's own transaction, so a run that failed
 * leaves no row. A date has at most one ordinary run (the partial unique index): a second run for
 * it is a no-op unless forced; forced re-runs add rows of their own.
 */
export const dailyJobRuns = pgTable(
  'daily_job_runs',
  {
    id: serial('id').primaryKey(),
    /** the business date the figures were computed as of */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at').notNull(),
    /** 'schedule' | 'api' | 'cli' */
    source: varchar('source', { length: 16 }).notNull(),
    startedBy: integer('started_by').references(() => staff.id),
    forced: boolean('forced').notNull().default(false),
    /** the run's `DailyJobResult` (loans, overdue, removed, durationMs) */
    result: jsonb('result').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('daily_job_runs_one_per_date').on(t.businessDate).where(sql`not ${t.forced}`),
    index('daily_job_runs_date_idx').on(t.businessDate),
  ],
);
