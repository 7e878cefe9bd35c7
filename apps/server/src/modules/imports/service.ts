import type { ImportBatch } from '@harbour/contracts';
import { desc } from 'drizzle-orm';
import { importBatches } from '../../db/schema/index.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx } from '../../platform/tx.js';

type BatchRow = typeof importBatches.$inferSelect;

const toBatch = (r: BatchRow): ImportBatch => ({
  id: r.id,
  storeId: r.storeId,
  state: r.state as ImportBatch['state'],
  fileName: r.fileName,
  sha256: r.sha256,
  cutOverDate: r.cutOverDate,
  rowsTotal: r.rowsTotal,
  rowsRead: r.rowsRead,
  rowsValidated: r.rowsValidated,
  rowsWritten: r.rowsWritten,
  problemCount: r.problemCount,
  createdAt: r.createdAt.toISOString(),
});

/** The import batches of the stores the caller reaches (row-level security), newest first. */
export function listImportBatches(ctx: ServiceContext): Promise<ImportBatch[]> {
  return withReadTx(ctx, async (tx) => (await tx.select().from(importBatches).orderBy(desc(importBatches.id))).map(toBatch));
}
