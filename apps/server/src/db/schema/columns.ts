import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Tables carry these (architecture §3; the kept derived tables do not): when a row was made and changed, and by whom. */
export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Staff id of the author; null for rows made by the system (seed, migrations). */
  createdBy: integer('created_by'),
};

/** An instant (TIMESTAMPTZ) read as a JS Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
