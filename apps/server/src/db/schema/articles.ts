import { date, index, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

/**
 * Articles (spec §2, §3): the company's news for its website. Company-wide, no store.
 * `content` is HTML already cleaned to the allow-list (modules/articles/sanitize.ts).
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    summary: varchar('summary', { length: 500 }),
    author: varchar('author', { length: 64 }).notNull(),
    /** draft | published (ARTICLE_STATUS of @harbour/domain). */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    content: text('content').notNull(),
    /** URL of the 620 × 248 image under /articleImages, or null. */
    image: varchar('image', { length: 255 }),
    ...stamps,
  },
  (t) => [index('articles_status_date_idx').on(t.status, t.date)],
);
