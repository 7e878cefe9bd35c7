import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportBatch, ImportDryRun, ImportTargetQuery, Language } from '@harbour/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { importBatches, staff, stores } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { businessRule, conflict, notFound } from '../../platform/errors.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import type { Tx } from '../../db/client.js';
import { type ImportPlan, countingSink, planImport, plannedRows } from './book-plan.js';
import { loadEngine } from '../loan-core/engine.js';
import { businessToday } from '../../platform/business-date.js';
import { commitBatch, importLockKey } from './commit.js';
import { readBook, translatedPlan, uploadedWorkbook } from './dry-run.js';
import { rollbackBatch } from './rollback.js';

type BatchRow = typeof importBatches.$inferSelect;

const toBatch = (r: BatchRow, startedByName: string | null): ImportBatch => ({
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
  failure: r.failure,
  rollbackTotal: r.rollbackTotal,
  rollbackDone: r.rollbackDone,
  startedByName,
  updatedAt: r.updatedAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
  committedAt: r.committedAt?.toISOString() ?? null,
  rolledBackAt: r.rolledBackAt?.toISOString() ?? null,
});

const batchColumns = { batch: importBatches, startedByName: staff.name };

/** The import batches of the stores the caller reaches (row-level security), newest first. */
export function listImportBatches(ctx: ServiceContext): Promise<ImportBatch[]> {
  return withReadTx(ctx, async (tx) =>
    (await tx.select(batchColumns).from(importBatches).leftJoin(staff, eq(staff.id, importBatches.startedBy)).orderBy(desc(importBatches.id))).map((r) => toBatch(r.batch, r.startedByName)),
  );
}

/** One batch the caller's stores hold; 404 otherwise (another store's batch is not there for it). */
export async function batchRow(tx: Tx, id: number, lock = false): Promise<{ batch: BatchRow; startedByName: string | null }> {
  const q = tx.select(batchColumns).from(importBatches).leftJoin(staff, eq(staff.id, importBatches.startedBy)).where(eq(importBatches.id, id));
  const [row] = lock ? await q.for('update', { of: importBatches }) : await q;
  if (!row) throw notFound();
  return row;
}

export const getImportBatch = (ctx: ServiceContext, id: number): Promise<ImportBatch> =>
  withReadTx(ctx, async (tx) => {
    const r = await batchRow(tx, id);
    return toBatch(r.batch, r.startedByName);
  });

/**
 * The store a file is imported into: the one named, which the caller must reach (404 otherwise,
 * as a missing one), or its current store.
 */
async function targetStore(tx: Tx, ctx: ServiceContext, storeId: number | undefined): Promise<number> {
  if (storeId === undefined) return currentStore(ctx);
  if (!reachesAllStores(ctx) && storeId !== currentStore(ctx)) throw notFound();
  const [row] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw notFound();
  return storeId;
}

/**
 * What a plan's outcome depends on besides Harbour's records: the file's bytes, the store and
 * cut-over date, the caller, the settings and holidays the domain reads, and the business date.
 */
async function checkKey(tx: Tx, ctx: ServiceContext, sha256: string, storeId: number, cutOverDate: string | undefined): Promise<string> {
  return JSON.stringify([sha256, storeId, cutOverDate ?? null, ctx.auth?.staffId ?? null, await loadEngine(tx), await businessToday(tx)]);
}

/**
 * The last dry run that found no problem: its key (`checkKey`) and the figures the batch is
 * recorded with. The commit of that same file that follows (the page's only way to commit) takes
 * it instead of planning the file a second time before the job plans it again: the job's plan,
 * inside its transaction, is then the check (docs/import.md → The commit). Taken (and let go) by
 * the next commit, whatever its file.
 */
let lastClean: { key: string; counts: ImportPlan['counts']; rowsTotal: number; cutOverDates: string[] } | null = null;

/**
 * The dry run of a file for a store: counts per sheet and every problem, in `lang`. Nothing is
 * written. `upload.bytes` is handed over: let go once the sheets are read (`readBook`).
 */
export async function dryRunImport(ctx: ServiceContext, upload: { bytes: Buffer | null }, lang: Language, q: ImportTargetQuery): Promise<ImportDryRun> {
  const sha256 = createHash('sha256').update(upload.bytes!).digest('hex');
  const book = await readBook({ bytes: await uploadedWorkbook(upload.bytes!) });
  upload.bytes = null;
  // the loans counted as they are planned, not held (a large book's plan is not kept whole)
  const plan = await withReadTx(ctx, async (tx) => {
    const storeId = await targetStore(tx, ctx, q.storeId);
    const key = await checkKey(tx, ctx, sha256, storeId, q.cutOverDate);
    const p = await planImport(tx, book, storeId, q.cutOverDate, true, countingSink, true);
    lastClean = p.problems.length === 0 ? { key, counts: p.counts, rowsTotal: plannedRows(p), cutOverDates: p.cutOverDates } : null;
    return p;
  });
  return translatedPlan(plan, lang);
}

/**
 * Starts the commit of a file: checked again as the dry run checks it (any problem → 422 with
 * their count, nothing written), then the batch is recorded with its `upload` audit row and the
 * job that writes it starts on the server. Answers the batch, which the page polls.
 */
export async function startImport(ctx: ServiceContext, file: { name: string; bytes: Buffer | null }, q: ImportTargetQuery, log: Pick<FastifyBaseLogger, 'error'>): Promise<ImportBatch> {
  const sha256 = createHash('sha256').update(file.bytes!).digest('hex');
  // the upload is let go once read: the job plans from the checked values
  const book = await readBook({ bytes: await uploadedWorkbook(file.bytes!) });
  file.bytes = null;
  const rowsRead = book.rowsRead;
  const { batch, storeId } = await withTx(ctx, async (tx) => {
    const storeId = await targetStore(tx, ctx, q.storeId);
    // The file the dry run just passed (same bytes, store, date, caller, settings and business
    // date) is not planned here again: the job's plan is the check (a problem there — Harbour's
    // records changed since the dry run — fails the batch, nothing written). Any other file is
    // checked as the dry run checks it, the loans counted and let go (422 on a problem); the job
    // then plans them again, a chunk at a time, and writes each chunk as it comes (commit.ts).
    const clean = lastClean;
    lastClean = null;
    const key = clean ? await checkKey(tx, ctx, sha256, storeId, q.cutOverDate) : null;
    const plan = clean && clean.key === key ? clean : await planImport(tx, book, storeId, q.cutOverDate, true, countingSink);
    if ('problems' in plan && plan.problems.length > 0) throw businessRule('tools.import.problems.fileHasProblems', { count: plan.problems.length });
    const counts = Object.fromEntries(plan.counts.map((c) => [c.sheet, { read: c.read, valid: c.valid, rejected: c.rejected }]));
    const [batch] = await tx
      .insert(importBatches)
      .values({
        storeId,
        state: 'committing',
        fileName: file.name.slice(0, 255),
        sha256,
        // the date chosen, or the one every loan of the file was cut over on
        cutOverDate: q.cutOverDate ?? (plan.cutOverDates.length === 1 ? plan.cutOverDates[0]! : null),
        counts,
        rowsTotal: 'problems' in plan ? plannedRows(plan) : plan.rowsTotal,
        rowsRead,
        rowsValidated: rowsRead,
        startedBy: ctx.auth?.staffId ?? null,
      })
      .returning();
    await audit(tx, { action: 'upload', module: 'imports', reference: batch!.id, after: { fileName: batch!.fileName, sha256, counts }, recordStores: [storeId] });
    return { batch: batch!, storeId };
  });
  // the job goes on after this answer; its outcome is kept on the batch
  void commitBatch(ctx, batch.id, storeId, { book, cutOverDate: q.cutOverDate, rowsTotal: batch.rowsTotal }, { name: batch.fileName, sha256 }, log);
  return toBatch(batch, null);
}

/**
 * Whether a batch shown `rollingBack` has no job rolling it back: its server stopped mid-way
 * (nothing of the rollback was kept: it is one transaction). So it is when the store's import lock
 * is free — a running job holds it for its whole transaction, on whichever instance runs it — and
 * the batch has not moved for a minute (a job just started takes the lock within moments). Such a
 * batch may be rolled back again; a running one may not.
 */
async function rollbackInterrupted(tx: Tx, batch: BatchRow): Promise<boolean> {
  if (Date.now() - batch.updatedAt.getTime() < ROLLBACK_START_GRACE_MS) return false;
  const { rows } = await tx.execute<{ free: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${importLockKey(batch.storeId)})) as free`);
  return rows[0]?.free === true;
}

/** How long a rollback job may take to take the store's import lock after its request. */
const ROLLBACK_START_GRACE_MS = 60_000;

/**
 * Starts the rollback of a committed batch (see rollback.ts), or again of one whose job was
 * interrupted (`rollbackInterrupted`): the batch marked `rollingBack` with its audit row, then the job that checks, reverses and removes it starts on the server. Answers
 * the batch at once, which the page polls: the checks read every event table against the batch's
 * loans, which at 50,000 loans outlasted a request (the bench's `fetch` gave up at 300 s), so a
 * refusal is the job's outcome — the batch committed again with the refusal as its `failure`.
 */
export async function rollbackImport(ctx: ServiceContext, id: number, log: Pick<FastifyBaseLogger, 'error'>): Promise<ImportBatch> {
  const started = await withTx(ctx, async (tx) => {
    const { batch } = await batchRow(tx, id, true);
    if (batch.state !== 'committed' && !(batch.state === 'rollingBack' && (await rollbackInterrupted(tx, batch)))) throw conflict('tools.import.problems.notCommitted');
    await tx.update(importBatches).set({ state: 'rollingBack', rollbackTotal: 0, rollbackDone: 0, failure: null, updatedAt: new Date() }).where(eq(importBatches.id, batch.id));
    await audit(tx, { action: 'edit', module: 'imports', reference: batch.id, before: { state: batch.state }, after: { state: 'rollingBack' }, recordStores: [batch.storeId] });
    const r = await batchRow(tx, id);
    return { batch: r.batch, startedByName: r.startedByName };
  });
  // the job goes on after this answer; its outcome is kept on the batch
  void rollbackBatch(ctx, started.batch.id, started.batch.storeId, log);
  return toBatch(started.batch, started.startedByName);
}
