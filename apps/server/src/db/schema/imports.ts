import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ReconciliationFigures } from '@harbour/domain';
import { instant, stamps } from './columns.js';
import { staff } from './staff.js';
import { stores } from './stores.js';

/**
 * One upload of a lender's book from its old system (docs/import.md): the file, its state and the
 * job's progress figures, which the web polls. Store-owned: an import brings one store's book in,
 * and the advisory lock that lets one import run at a time is taken per store.
 * `state`: dryRun (validated, nothing written) → committing → committed → rollingBack → rolledBack,
 * or failed (a commit); a rollback that fails leaves the batch committed, its `failure` saying why.
 */
export const importBatches = pgTable('import_batches', {
  id: serial('id').primaryKey(),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id),
  state: varchar('state', { length: 16 }).notNull(),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  /** The uploaded file in stored_files, kept so a commit or a rejected-rows export re-reads it. */
  fileKey: varchar('file_key', { length: 96 }),
  /** The cut-over date: opening positions and the reconciliation are as at this day. */
  cutOverDate: varchar('cut_over_date', { length: 10 }),
  /** Rows per sheet `{ sheet: { read, valid, rejected, written } }`. */
  counts: jsonb('counts').notNull().default({}),
  rowsTotal: integer('rows_total').notNull().default(0),
  rowsRead: integer('rows_read').notNull().default(0),
  rowsValidated: integer('rows_validated').notNull().default(0),
  rowsWritten: integer('rows_written').notNull().default(0),
  problemCount: integer('problem_count').notNull().default(0),
  /** Why a commit failed (nothing of it was written), or why the last rollback failed (the batch stays committed). */
  failure: varchar('failure', { length: 500 }),
  /** A rollback's progress, which the web polls: its opening entries to reverse and records to remove, and how many are done. */
  rollbackTotal: integer('rollback_total').notNull().default(0),
  rollbackDone: integer('rollback_done').notNull().default(0),
  startedBy: integer('started_by').references(() => staff.id),
  committedAt: instant('committed_at'),
  rolledBackAt: instant('rolled_back_at'),
  ...stamps,
});

/**
 * What an import created, row by row: the file row (sheet, row number) → the record (entity, id).
 * One mapping table instead of a `batch_id` column on every table an import writes to: the
 * created tables stay as the API writes them, every imported record is traceable to its file row,
 * and a rollback reads here what to remove. Reached only through its batch (no store_id).
 */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    sheet: varchar('sheet', { length: 32 }).notNull(),
    row: integer('row').notNull(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** a loan's reconciliation on the cut-over date: the previous system's figures beside Harbour's */
    figures: jsonb('figures').$type<ReconciliationFigures>(),
  },
  (t) => [uniqueIndex('import_rows_entity').on(t.entity, t.entityId), index('import_rows_batch').on(t.batchId, t.sheet, t.row)],
);
