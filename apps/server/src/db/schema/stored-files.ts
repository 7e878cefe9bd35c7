import { customType, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (loan documents, staff avatars, the company logo, article images) kept in the
 * database, so instances share nothing but it and one `pg_dump` is the whole backup
 * (platform/image-store.ts). `key` is `<folder>/<random name>`. No store_id: a file is only ever
 * reached through the row that names it (a loan document's `storage_key` under its store's
 * row-level security, an avatar's or logo's or article's URL), never listed on its own.
 * Written once, never changed: no `updated_at`.
 */
export const storedFiles = pgTable('stored_files', {
  key: varchar('key', { length: 96 }).primaryKey(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** A file's bytes in pieces of `FILE_CHUNK_BYTES`, `seq` from 0, read back in order one at a time. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: varchar('key', { length: 96 })
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);
