/**
 * Autopay (direct debit, docs/autopay.md). A run takes the store's repaying loans with whole
 * autopay details and an instalment falling due on the chosen date that is not fully paid nor
 * already sent for that date, and keeps each instruction as sent (the loan's details copied). The
 * bank's result file closes each instruction once: a debit made posts a receipt through the
 * counter's posting (`postReceipt`, idempotency key = the instruction id); a rejection keeps the
 * bank's reason for the collector. A debit the bank made that Harbour cannot post (the loan was
 * settled meanwhile, say) is `refused`: listed beside the rejections with Harbour's reason, while
 * the file's other lines still post; its money reaches the loan through bank reconciliation, where
 * the statement's credit line is assigned. A re-imported line changes nothing.
 */
import {
  AUTOPAY_FILE_COLUMNS,
  AUTOPAY_PAID_STATUSES,
  type AutopayRejected,
  type AutopayResultSummary,
  type AutopayRun,
  type AutopayRunFile,
  type autopayRunRequestSchema,
} from '@harbour/contracts';
import { ZERO, compareDates, dec, moneyText, unpaidInstalment } from '@harbour/domain';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { autopayInstructions, autopayRuns, customers, loanInstalments, loans, staff } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { AppError, badRequest, businessRule, forbidden } from '../../platform/errors.js';
import { translate } from '../../http/i18n.js';
import { inSavepoint } from '../../platform/tx.js';
import { currentStore, reachesAllStores, storeScope } from '../../platform/store-scope.js';
import { loanRow } from '../loan-core/row.js';
import { postReceipt } from '../repayments/receipts.js';
import { loadRepaymentState } from '../repayments/state.js';
import { csvText, parseCsv } from './csv.js';

type RunRequest = z.output<typeof autopayRunRequestSchema>;
type InstructionRow = typeof autopayInstructions.$inferSelect;

/** The instruction id the bank echoes back: the run and the line, fixed width (also a valid receipt key). */
const instructionIdOf = (runId: number, line: number) => `AP${String(runId).padStart(6, '0')}${String(line).padStart(4, '0')}`;

/** The store a run is for: the caller's current store, or another only for a caller who reaches every store. */
function runStore(ctx: ServiceContext, storeId: number | undefined): number {
  const own = currentStore(ctx);
  if (storeId === undefined || storeId === own) return own;
  if (!reachesAllStores(ctx)) throw forbidden();
  return storeId;
}

const hasText = (c: Parameters<typeof isNotNull>[0]) => and(isNotNull(c), ne(sql`btrim(${c})`, ''));

/** The file's rows for the instructions of a run, header first (the layout in docs/autopay.md). */
function fileRows(rows: readonly InstructionRow[], loanNos: ReadonlyMap<number, string>): string[][] {
  return [
    [...AUTOPAY_FILE_COLUMNS],
    ...rows.map((r) => [r.instructionId, r.creditorReference, r.bankCode, r.branchCode, r.accountNo, r.accountName, r.amount, 'HKD', r.dueDate, loanNos.get(r.loanId) ?? '']),
  ];
}

/** A run with its maker's name and its paid and rejected counts, as the list and the item read it. */
const RUN_COLUMNS = {
  run: autopayRuns,
  createdByName: staff.name,
  paid: sql<number>`(select count(*)::int from autopay_instructions i where i.run_id = ${autopayRuns.id} and i.status = 'paid')`,
  rejected: sql<number>`(select count(*)::int from autopay_instructions i where i.run_id = ${autopayRuns.id} and i.status = 'rejected')`,
};

async function runItem(tx: Tx, runId: number): Promise<AutopayRun> {
  const [row] = await tx
    .select(RUN_COLUMNS)
    .from(autopayRuns)
    .leftJoin(staff, eq(staff.id, autopayRuns.createdBy))
    .where(eq(autopayRuns.id, runId));
  return toRun(row!);
}

function toRun(r: { run: typeof autopayRuns.$inferSelect; createdByName: string | null; paid: number; rejected: number }): AutopayRun {
  return {
    id: r.run.id,
    storeId: r.run.storeId,
    dueDate: r.run.dueDate,
    instructionCount: r.run.instructionCount,
    total: r.run.total,
    paid: r.paid,
    rejected: r.rejected,
    createdAt: r.run.createdAt.toISOString(),
    createdByName: r.createdByName,
  };
}

/**
 * Makes the instruction file for the store's instalments due on `dueDate`. Two runs for the same
 * store and date take turns (advisory lock), so a loan is never sent twice for one due date.
 */
export async function createRun(tx: Tx, ctx: ServiceContext, req: RunRequest): Promise<AutopayRunFile> {
  const storeId = runStore(ctx, req.storeId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`harbour.autopay:${storeId}:${req.dueDate}`}))`);
  const candidates = await tx
    .selectDistinct({ id: loans.id })
    .from(loans)
    .innerJoin(loanInstalments, and(eq(loanInstalments.loanId, loans.id), eq(loanInstalments.dueDate, req.dueDate)))
    .where(
      and(
        eq(loans.storeId, storeId),
        eq(loans.status, 'repaying'),
        hasText(loans.autopayRefNo),
        hasText(loans.autopayAccountName),
        hasText(loans.autopayBankCode),
        hasText(loans.autopayBranchCode),
        hasText(loans.autopayAccountNo),
        sql`not exists (select 1 from autopay_instructions i where i.loan_id = ${loans.id} and i.due_date = ${req.dueDate} and i.status <> 'rejected')`,
      ),
    )
    .orderBy(asc(loans.id));
  const lines: { loan: Awaited<ReturnType<typeof loanRow>>; tenor: number; amount: string }[] = [];
  for (const { id } of candidates) {
    const loan = await loanRow(tx, ctx, id);
    // The current schedule's instalment due that day, what is unpaid of it (the domain's state).
    const { state } = await loadRepaymentState(tx, loan);
    const inst = state.instalments.find((i) => compareDates(i.dueDate, req.dueDate) === 0);
    const unpaid = inst ? unpaidInstalment(inst) : ZERO;
    if (inst && unpaid.gt(0)) lines.push({ loan, tenor: inst.tenor, amount: moneyText(unpaid) });
  }
  if (lines.length === 0) throw businessRule('repayments.autopay.errors.nothingDue', { date: req.dueDate });
  const total = moneyText(lines.reduce((s, l) => s.plus(dec(l.amount)), ZERO));
  const me = ctx.auth?.staffId ?? null;
  const [run] = await tx.insert(autopayRuns).values({ storeId, dueDate: req.dueDate, instructionCount: lines.length, total, createdBy: me }).returning();
  const rows = await tx
    .insert(autopayInstructions)
    .values(
      lines.map((l, i) => ({
        runId: run!.id,
        storeId,
        loanId: l.loan.id,
        instructionId: instructionIdOf(run!.id, i + 1),
        tenor: l.tenor,
        dueDate: req.dueDate,
        amount: l.amount,
        creditorReference: l.loan.autopayRefNo!.trim(),
        bankCode: l.loan.autopayBankCode!.trim(),
        branchCode: l.loan.autopayBranchCode!.trim(),
        accountNo: l.loan.autopayAccountNo!.trim(),
        accountName: l.loan.autopayAccountName!.trim(),
        createdBy: me,
      })),
    )
    .returning();
  rows.sort((a, b) => a.instructionId.localeCompare(b.instructionId));
  await audit(tx, {
    action: 'add',
    module: 'autopay',
    reference: run!.id,
    after: { dueDate: req.dueDate, storeId, instructions: rows.length, total, loans: rows.map((r) => r.loanId) },
    recordStores: [storeId],
  });
  const loanNos = new Map(lines.map((l) => [l.loan.id, l.loan.loanNo ?? '']));
  return { run: await runItem(tx, run!.id), fileName: `autopay-${req.dueDate}-${run!.id}.csv`, content: csvText(fileRows(rows, loanNos)) };
}

/** The runs in the caller's scope, newest first. */
export async function listRuns(tx: Tx, ctx: ServiceContext): Promise<AutopayRun[]> {
  const rows = await tx
    .select(RUN_COLUMNS)
    .from(autopayRuns)
    .leftJoin(staff, eq(staff.id, autopayRuns.createdBy))
    .where(storeScope(ctx, autopayRuns.storeId))
    .orderBy(desc(autopayRuns.id))
    .limit(100);
  return rows.map(toRun);
}

/** The result file's lines: instruction id, status, reason, by header name (case and spaces ignored). */
function resultLines(content: string): { instructionId: string; paid: boolean; reason: string }[] {
  let rows: string[][];
  try {
    rows = parseCsv(content);
  } catch {
    throw badRequest('repayments.autopay.errors.resultFile');
  }
  const header = (rows.shift() ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const at = (name: string) => header.indexOf(name);
  const [idAt, statusAt, reasonAt] = [at('instruction_id'), at('status'), at('reason')];
  if (idAt < 0 || statusAt < 0) throw badRequest('repayments.autopay.errors.resultColumns');
  const paid = new Set<string>(AUTOPAY_PAID_STATUSES);
  return rows.map((r) => ({
    instructionId: (r[idAt] ?? '').trim(),
    paid: paid.has((r[statusAt] ?? '').trim().toUpperCase()),
    reason: reasonAt < 0 ? '' : (r[reasonAt] ?? '').trim().slice(0, 255),
  }));
}

/**
 * Imports the bank's result file in one transaction: each instruction still `sent` is locked and
 * closed — paid (a receipt posted, dated the due date), rejected (the bank's reason kept) or, when
 * Harbour refuses the receipt (a business rule: the loan takes no receipts, …), refused with that
 * reason, the receipt's savepoint rolled back and the other lines going on. A line for an
 * instruction already closed is counted `unchanged`; an id no run sent is `unknown`.
 */
export async function importResults(tx: Tx, ctx: ServiceContext, content: string): Promise<AutopayResultSummary> {
  const lines = resultLines(content);
  const ids = [...new Set(lines.map((l) => l.instructionId).filter(Boolean))];
  const summary: AutopayResultSummary = { paid: 0, rejected: 0, refused: 0, unchanged: 0, unknown: [] };
  if (ids.length === 0) throw badRequest('repayments.autopay.errors.resultEmpty');
  // locked in id order, so two imports of overlapping files queue instead of deadlocking
  const rows = await tx
    .select()
    .from(autopayInstructions)
    .where(and(inArray(autopayInstructions.instructionId, ids), storeScope(ctx, autopayInstructions.storeId)))
    .orderBy(asc(autopayInstructions.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.instructionId, r]));
  const done = new Set<string>();
  const stores = new Set<number>();
  for (const line of lines) {
    const row = byId.get(line.instructionId);
    if (!row) {
      if (line.instructionId && !summary.unknown.includes(line.instructionId)) summary.unknown.push(line.instructionId);
      continue;
    }
    if (row.status !== 'sent' || done.has(row.instructionId)) {
      summary.unchanged++;
      continue;
    }
    done.add(row.instructionId);
    stores.add(row.storeId);
    if (line.paid) {
      const posted = await postDebit(tx, ctx, row);
      if ('refused' in posted) {
        await tx.update(autopayInstructions).set({ status: 'refused', reason: posted.refused, resultAt: sql`now()`, updatedAt: sql`now()` }).where(eq(autopayInstructions.id, row.id));
        summary.refused++;
        continue;
      }
      await tx.update(autopayInstructions).set({ status: 'paid', repaymentId: posted.repaymentId, resultAt: sql`now()`, updatedAt: sql`now()` }).where(eq(autopayInstructions.id, row.id));
      summary.paid++;
    } else {
      await tx.update(autopayInstructions).set({ status: 'rejected', reason: line.reason || null, resultAt: sql`now()`, updatedAt: sql`now()` }).where(eq(autopayInstructions.id, row.id));
      summary.rejected++;
    }
  }
  await audit(tx, {
    action: 'edit',
    module: 'autopay',
    reference: 'results',
    after: { ...summary, lines: lines.length },
    ...(stores.size ? { recordStores: [...stores] } : {}),
  });
  return summary;
}

/**
 * A debit the bank made, posted as the loan's receipt inside a savepoint: a business rule that
 * refuses it (4xx) rolls back that receipt alone and answers its reason, in the importer's
 * language; anything else fails the whole import.
 */
async function postDebit(tx: Tx, ctx: ServiceContext, row: InstructionRow): Promise<{ repaymentId: number } | { refused: string }> {
  try {
    return await inSavepoint(tx, async (sp) => {
      const loan = await loanRow(sp, ctx, row.loanId, { lock: true });
      const receipt = await postReceipt(
        sp,
        ctx,
        loan,
        { loanId: loan.id, received: row.amount, repayDate: row.dueDate, repayType: 'auto', method: 'autopay', chequeNo: null, remarks: null, idempotencyKey: row.instructionId },
        { audit: { autopayInstruction: row.instructionId } },
      );
      return { repaymentId: receipt.id };
    });
  } catch (err) {
    if (err instanceof AppError && err.status >= 400 && err.status < 500) return { refused: translate(ctx.lang, err.code, err.params).slice(0, 255) };
    throw err;
  }
}

/** The debits the bank rejected and those Harbour refused, newest result first: the collector's list. */
export async function listRejected(tx: Tx, ctx: ServiceContext): Promise<AutopayRejected[]> {
  const rows = await tx
    .select({ i: autopayInstructions, loanNo: loans.loanNo, customerName: customers.name })
    .from(autopayInstructions)
    .innerJoin(loans, eq(loans.id, autopayInstructions.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(inArray(autopayInstructions.status, ['rejected', 'refused']), storeScope(ctx, autopayInstructions.storeId)))
    .orderBy(desc(autopayInstructions.resultAt), asc(autopayInstructions.id))
    .limit(500);
  return rows.map(({ i, loanNo, customerName }) => ({
    id: i.id,
    instructionId: i.instructionId,
    loanId: i.loanId,
    loanNo: loanNo ?? '',
    customerName,
    dueDate: i.dueDate,
    amount: i.amount,
    status: i.status === 'refused' ? ('refused' as const) : ('rejected' as const),
    reason: i.reason,
    resultAt: i.resultAt?.toISOString() ?? null,
  }));
}
