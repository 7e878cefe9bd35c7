/**
 * The reconciliation of a committed batch (docs/import.md): per imported loan, the previous
 * system's figures on the cut-over date beside Harbour's, every difference named, and the totals
 * for the batch's store — the document a lender signs off before going live. The figures were
 * computed by the plan the commit wrote (`reconciliationFigures` of the domain) and kept on the
 * loan's `import_rows` row, so the report shows what the batch brought in, whatever happens after.
 */
import { type ImportReconciliation, type ImportReconciliationLoan } from '@harbour/contracts';
import { type ReconciliationFigures, importReconciliationTotals } from '@harbour/domain';
import { and, asc, eq } from 'drizzle-orm';
import { customers, importRows, loans, stores } from '../../db/schema/index.js';
import type { ServiceContext } from '../../platform/context.js';
import { withReadTx } from '../../platform/tx.js';
import { batchRow } from './service.js';

/** Every loan of batch `id` the caller's stores reach (404 otherwise), its totals, and the page asked for. */
export async function batchReconciliation(ctx: ServiceContext, id: number, q: { page: number; pageSize: number; differing?: boolean }): Promise<ImportReconciliation> {
  return withReadTx(ctx, async (tx) => {
    const { batch } = await batchRow(tx, id);
    const rows = await tx
      .select({ row: importRows.row, figures: importRows.figures, loanId: loans.id, loanNo: loans.loanNo, status: loans.status, customerName: customers.name })
      .from(importRows)
      .innerJoin(loans, eq(loans.id, importRows.entityId))
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(and(eq(importRows.batchId, id), eq(importRows.entity, 'loan')))
      .orderBy(asc(importRows.row));
    const [store] = await tx.select({ nameZh: stores.nameZh, nameEn: stores.nameEn }).from(stores).where(eq(stores.id, batch.storeId));
    const all: ImportReconciliationLoan[] = rows
      .filter((r): r is typeof r & { figures: ReconciliationFigures } => r.figures !== null)
      .map((r) => ({
        row: r.row,
        loanId: r.loanId,
        loanNo: r.loanNo ?? '',
        customerName: r.customerName,
        status: r.status,
        cutOverDate: r.figures.asOf,
        file: r.figures.file,
        harbour: r.figures.harbour,
        differences: r.figures.differences,
      }));
    const chosen = q.differing ? all.filter((l) => l.differences.length > 0) : all;
    return {
      batch: { id: batch.id, fileName: batch.fileName, state: batch.state as ImportReconciliation['batch']['state'], cutOverDate: batch.cutOverDate },
      totals: {
        storeName: (ctx.lang === 'en' ? store?.nameEn : store?.nameZh) ?? '',
        ...importReconciliationTotals(all),
      },
      items: chosen.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
      total: chosen.length,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}
