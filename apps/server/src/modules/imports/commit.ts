/**
 * The commit of an import batch (docs/import.md): everything the plan holds written in ONE
 * transaction — all or nothing — by a job that runs on the server after the request that started
 * it has answered, so closing the browser does not stop it. One import at a time per store (an
 * advisory lock). Progress figures are written to the batch row in short transactions of their
 * own, so the page polling it sees them while the long one runs. The job plans the file again
 * with a sink (`PlanSink`): the loans come `CHUNK` at a time and each chunk is written (a round
 * of a few statements) and let go before the next is planned, with its `import_rows`, so the
 * server's memory does not grow with the book.
 */
import type { Language } from '@harbour/contracts';
import { type ReconciliationFigures, isDomainError, moneyText, postOpeningLoan, postOpeningPosition, postOpeningWriteOff, dec } from '@harbour/domain';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '../../http/i18n.js';
import { AppError, businessRule } from '../../platform/errors.js';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { blacklist, customers, importBatches, importRows, loanApprovals, loanInstalments, loanOcaAssignments, loanPartakers, loanPayouts, loanRepaymentLines, loanRepayments, loanWriteOffs, loans, referralAgents } from '../../db/schema/index.js';
import { continueCounters, takeCodes } from '../../platform/codes.js';
import { businessToday } from '../../platform/business-date.js';
import { audit } from '../../platform/audit.js';
import type { ServiceContext } from '../../platform/context.js';
import { postJournals } from '../../platform/ledger.js';
import { withTx } from '../../platform/tx.js';
import { insertUnnest, insertUnnestRuns } from '../../platform/bulk-insert.js';
import { profileColumns } from '../customers/service.js';
import { type Engine, loadEngine } from '../loan-core/engine.js';
import { SERVICED_STATUSES, dueSummaryOf, saveSummaries } from '../repayments/daily.js';
import { type PlannedAgent, type PlannedCustomer, type PlannedLoan, type PlannedReceipt, planImport } from './book-plan.js';
import type { CheckedBook } from './checked-book.js';

/** What the page says of a failed commit: a refusal's own message, or that the commit failed. */
export function failureText(e: unknown, lang: Language, otherwise = 'tools.import.problems.commitFailed'): string {
  if (e instanceof AppError) return translate(lang, e.code, e.params);
  if (isDomainError(e)) return translate(lang, `domain.${e.code}`, e.params as Record<string, string>);
  return translate(lang, otherwise);
}

/** The advisory lock of a store's imports: one batch of a store commits at a time. */
export const importLockKey = (storeId: number) => `harbour.import.${storeId}`;

/** A record the batch created, traced to its file row; a loan's carries its reconciliation figures. */
type Created = { sheet: string; row: number; entity: string; entityId: number; figures?: ReconciliationFigures };

/**
 * What a batch has created so far: each round's records are written to `import_rows` as the round
 * is written (one statement), and only their ids are kept here, for the batch's `add` audit row.
 */
class Traced {
  readonly ids = new Map<string, number[]>();
  constructor(private readonly batchId: number) {}
  async add(tx: Tx, created: readonly Created[]): Promise<void> {
    if (created.length === 0) return;
    await insertUnnest(tx, importRows, created.map((c) => ({ batchId: this.batchId, sheet: c.sheet, row: c.row, entity: c.entity, entityId: c.entityId, figures: c.figures ?? null })));
    for (const c of created) {
      const list = this.ids.get(c.entity);
      if (list) list.push(c.entityId);
      else this.ids.set(c.entity, [c.entityId]);
    }
  }
  of(entity: string): number[] {
    return this.ids.get(entity) ?? [];
  }
}

/** The batch's progress and state, in a short transaction of its own (visible at once). */
export function updateBatch(ctx: ServiceContext, batchId: number, set: Partial<typeof importBatches.$inferInsert>): Promise<unknown> {
  return withTx(ctx, (tx) => tx.update(importBatches).set({ ...set, updatedAt: new Date() }).where(eq(importBatches.id, batchId)));
}

/** The memo every opening entry carries: the batch and the loan, named by number (see below). */
const memoOf = (batchId: number, l: PlannedLoan) => ({ importBatch: String(batchId), loanNo: l.loanNo });

/**
 * Loans written per round of statements: each round is a handful of statements. Not the plan's
 * whole chunk: a round of 1,000 loans of ~9 receipts each (9,000 opening entries and some 27,000
 * journal lines a statement) took minutes in its journal lines' statement where five rounds of 200
 * take seconds (measured 2026-11-29, not yet explained).
 */
const CHUNK = 200;

/**
 * A round of imported loans, each table in one statement: the loans with their statuses as the
 * file has them, the approval terms their overdue interest follows, the schedules the domain
 * computed, the payouts as they were, the opening entries, the opening positions as one receipt a
 * loan spread over its schedule, and the due summaries — computed from the rows being written
 * (`repaymentStateOf`), as a payout or a receipt computes them.
 */
async function writeLoans(
  tx: Tx,
  ctx: ServiceContext,
  batchId: number,
  chunk: readonly PlannedLoan[],
  ids: { customers: Map<string, number>; agents: Map<string, number>; loans: Map<string, number> },
  traced: Traced,
  today: string,
  engine: Engine,
): Promise<void> {
  const created: Created[] = [];
  const customerIds = ids.customers;
  const me = ctx.auth?.staffId ?? null;
  // one unnest statement (a run each of loans giving the same columns), not a parameter a cell
  const written = (await insertUnnestRuns(
    tx,
    loans,
    chunk.map((l) => {
        const f = l.fields;
        return {
          storeId: l.storeId,
          applyNo: l.applyNo,
          loanNo: l.loanNo,
          status: l.status,
          customerId: 'fileCode' in l.borrower ? customerIds.get(l.borrower.fileCode)! : l.borrower.customerId,
          loanType: f.loanType!,
          applyDate: f.applicationDate!,
          loanDate: f.loanDate!,
          interestStartDate: f.loanDate!,
          firstDueDate: f.firstDueDate || null,
          loanAmount: f.loanAmount!,
          flatRate: f.flatRate || null,
          effectiveRate: f.effectiveRate || null,
          interestMethod: f.interestMethod!,
          repayCycle: f.repayCycle!,
          cycleDays: f.cycleDays ? Number(f.cycleDays) : null,
          totalTenor: Number(f.totalTenor),
          instalmentAmount: l.calc.instalmentAmount,
          totalInterest: l.calc.totalInterest,
          mloRate: l.calc.mloRate,
          mloStatus: l.calc.mloStatus,
          payoutMethod: f.payoutMethod!,
          payoutDate: f.loanDate!,
          staffId: l.staffId ?? me!,
          referralAgentId: l.referralAgentName !== null ? ids.agents.get(l.referralAgentName)! : l.referralAgentId,
          createdBy: me,
          updatedBy: me,
        };
      }),
    ['id', 'loanNo', 'storeId', 'status'],
  )) as { id: number; loanNo: string; storeId: number; status: string }[];
  const byNo = new Map(written.map((w) => [w.loanNo, { ...w, id: Number(w.id), storeId: Number(w.storeId) }]));
  const rowOf = (l: PlannedLoan) => byNo.get(l.loanNo)!;
  for (const l of chunk) {
    created.push({ sheet: 'loans', row: l.row, entity: 'loan', entityId: rowOf(l).id, figures: l.figures });
    ids.loans.set(l.loanNo, rowOf(l).id);
  }
  await insertUnnest(
    tx,
    loanApprovals,
    chunk.map((l) => ({ storeId: l.storeId, loanId: rowOf(l).id, decision: 'approve', decidedOn: l.fields.applicationDate!, staffId: l.staffId ?? me!, ...l.approval, upfrontInterest: l.fields.amountDeducted || null })),
  );
  const instalments = (await insertUnnest(
    tx,
    loanInstalments,
    chunk.flatMap((l) =>
      l.calc.schedule.map((s) => ({ storeId: l.storeId, loanId: rowOf(l).id, tenor: s.tenor, dueDate: s.dueDate, principal: s.principal, interest: s.interest, instalment: s.instalment, balance: s.balance, createdBy: me })),
    ),
    ['id', 'loanId', 'tenor'],
  )) as { id: number; loanId: number; tenor: number }[];
  // a schedule the file gave: each instalment mapped to its own row of the instalments sheet (a
  // schedule built from the terms is the loan row's, as the loan's other records are)
  const instalmentId = new Map(instalments.map((i) => [`${i.loanId}:${i.tenor}`, i.id]));
  for (const l of chunk) for (const r of l.scheduleRows ?? []) created.push({ sheet: 'instalments', row: r.row, entity: 'instalment', entityId: instalmentId.get(`${rowOf(l).id}:${r.tenor}`)! });
  // The opening entries name the loan in their memo, not by the entry's loan id, so a rollback can
  // remove the loan while the append-only journal keeps them and their reversals.
  const opened = await postJournals(tx, ctx, chunk.map((l) => ({ entry: postOpeningLoan({ principal: l.fields.loanAmount!, memo: memoOf(batchId, l) }), target: { storeId: l.storeId, date: l.cutOverDate } })));
  await insertUnnest(
    tx,
    loanPayouts,
    chunk.map((l, n) => {
      const deducted = l.fields.amountDeducted || '0';
      return {
        storeId: l.storeId,
        loanId: rowOf(l).id,
        payoutDate: l.fields.loanDate!,
        method: l.fields.payoutMethod!,
        chequeNo: l.fields.payoutMethod === 'cheque' ? l.fields.chequeNo! : null,
        upfrontDeducted: deducted,
        lateDrawdownFee: '0',
        amountReceived: moneyText(dec(l.fields.loanAmount!).minus(dec(deducted))),
        journalEntryId: opened[n]!,
        createdBy: me,
      };
    }),
  );
  // What was paid before the cut-over: the opening position as one receipt, or the previous
  // system's receipts posted again; each with its own opening entry, dated the cut-over date (the
  // previous books' periods are not Harbour's), and a number as the file gives it or in Harbour's sequence.
  const paid = chunk.flatMap((l) => l.receipts.map((r) => ({ l, r })));
  if (paid.length > 0) {
    const entries = await postJournals(tx, ctx, paid.map(({ l, r }) => ({
      entry: postOpeningPosition({
        principalPaid: r.principal,
        interestPaid: r.interest,
        overduePaid: r.overdueInterest,
        feesPaid: r.handlingFee,
        tempHeld: r.tempIn,
        memo: { ...memoOf(batchId, l), ...(r.receiptNo ? { receiptNo: r.receiptNo } : {}) },
      }),
      target: { storeId: l.storeId, date: l.cutOverDate },
    })));
    // numbers are taken per date, as the counter keeps them
    const numbers = new Map<PlannedReceipt, string>();
    const unnumbered = paid.filter(({ r }) => r.receiptNo === null);
    for (const date of new Set(unnumbered.map(({ r }) => r.date))) {
      const onDate = unnumbered.filter(({ r }) => r.date === date);
      const codes = await takeCodes(tx, 'repayNo', { storeId: onDate[0]!.l.storeId, date }, onDate.length);
      onDate.forEach(({ r }, n) => numbers.set(r, codes[n]!));
    }
    const receipts = (await insertUnnest(
      tx,
      loanRepayments,
      paid.map(({ l, r }, n) => ({
        storeId: l.storeId,
        loanId: rowOf(l).id,
        repayNo: r.receiptNo ?? numbers.get(r)!,
        repayDate: r.date,
        repayType: 'opening',
        received: r.received,
        overdueInterest: r.overdueInterest,
        handlingFee: r.handlingFee,
        interest: r.interest,
        principal: r.principal,
        tempIn: r.tempIn,
        method: r.method,
        idempotencyKey: `import-${batchId}-${r.sheet}-${r.row}`,
        journalEntryId: entries[n]!,
        createdBy: me,
      })),
      ['id', 'idempotencyKey'],
    )) as { id: number; idempotencyKey: string }[];
    const idOf = new Map(receipts.map((x) => [x.idempotencyKey, x.id]));
    const receiptId = (r: PlannedReceipt) => idOf.get(`import-${batchId}-${r.sheet}-${r.row}`)!;
    // a temporary amount held touches no instalment: its receipt has no lines
    const lines = paid.flatMap(({ l, r }) => r.lines.map((p) => ({ ...p, storeId: l.storeId, repaymentId: receiptId(r), loanId: rowOf(l).id, createdBy: me })));
    await insertUnnest(tx, loanRepaymentLines, lines);
    for (const { r } of paid) created.push({ sheet: r.sheet, row: r.row, entity: 'repayment', entityId: receiptId(r) });
  }
  // what the tips list and the reminders read, for the loans still repaying
  // loans in collection: the transfer to the OCA agent, or the write-off with its opening entry
  const withAgent = chunk.filter((l) => l.oca !== null);
  if (withAgent.length > 0) {
    const rows = await tx
      .insert(loanOcaAssignments)
      .values(withAgent.map((l) => ({ storeId: l.storeId, loanId: rowOf(l).id, kind: 'transfer', agentId: l.oca!.agentId, onDate: l.oca!.onDate, chargePercent: l.oca!.chargePercent, createdBy: me })))
      .returning({ id: loanOcaAssignments.id });
    withAgent.forEach((l, n) => created.push({ sheet: 'loans', row: l.row, entity: 'ocaAssignment', entityId: rows[n]!.id }));
  }
  const writtenOff = chunk.filter((l) => l.writeOff !== null);
  if (writtenOff.length > 0) {
    const entries = await postJournals(tx, ctx, writtenOff.map((l) => ({ entry: postOpeningWriteOff({ principal: l.writeOff!.principal, memo: memoOf(batchId, l) }), target: { storeId: l.storeId, date: l.cutOverDate } })));
    const rows = await tx
      .insert(loanWriteOffs)
      .values(
        writtenOff.map((l, n) => ({
          storeId: l.storeId,
          loanId: rowOf(l).id,
          kind: 'write_off',
          onDate: l.writeOff!.onDate,
          principal: l.writeOff!.principal,
          interest: '0',
          reason: (l.writeOff!.reason ?? translate(ctx.lang, 'tools.import.writtenOffReason')).slice(0, 500),
          journalEntryId: entries[n]!,
          createdBy: me,
        })),
      )
      .returning({ id: loanWriteOffs.id });
    writtenOff.forEach((l, n) => created.push({ sheet: 'loans', row: l.row, entity: 'writeOff', entityId: rows[n]!.id }));
  }
  // what the tips list, the collection desk and the reminders read, for the loans still serviced
  const serviced = new Set<string>(SERVICED_STATUSES);
  const summaries = chunk.filter((l) => serviced.has(l.status)).map((l) => dueSummaryOf(rowOf(l), l.state, today, engine));
  await saveSummaries(tx, summaries);
  await traced.add(tx, created);
}

/**
 * Plans `file` again and writes it as batch `batchId`, all or nothing, and marks the batch
 * committed — or failed, with nothing written, when the plan finds a problem (Harbour's data
 * changed since the check) or any statement refuses. The loans are written a chunk at a time as
 * the plan hands them over (`PlanSink`); the batch's progress counts them.
 */
export async function commitBatch(
  ctx: ServiceContext,
  batchId: number,
  storeId: number,
  file: { book: CheckedBook | null; cutOverDate: string | undefined; rowsTotal: number },
  meta: { name: string; sha256: string },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  try {
    await withTx(ctx, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${importLockKey(storeId)}))`);
      const me = ctx.auth?.staffId ?? null;
      const traced = new Traced(batchId);
      const customerIds = new Map<string, number>();
      const agentIds = new Map<string, number>();
      const loanIds = new Map<string, number>();
      const today = await businessToday(tx);
      const engine = await loadEngine(tx);
      let written = 0;
      const people = async (planned: PlannedCustomer[], plannedAgents: PlannedAgent[]) => {
        for (let i = 0; i < planned.length; i += CHUNK) {
          const chunk = planned.slice(i, i + CHUNK);
          const rows = (await insertUnnestRuns(
            tx,
            customers,
            chunk.map((c) => {
              const { idType, idNumber, mobile1, mobile2, mobile3, homeNo } = c.customer;
              return { ...profileColumns(c.customer), idType, idNumber, mobile1, mobile2, mobile3, homeNo, customerCode: c.code, registeredStoreId: storeId, createdBy: me, updatedBy: me };
            }),
            ['id', 'customerCode'],
          )) as { id: number; customerCode: string }[];
          for (const r of rows) customerIds.set(r.customerCode, Number(r.id));
          await traced.add(tx, chunk.map((c) => ({ sheet: 'customers', row: c.row, entity: 'customer', entityId: customerIds.get(c.code)! })));
        }
        // the referral agents before the loans that name them, as the agents' create route writes them
        for (let i = 0; i < plannedAgents.length; i += CHUNK) {
          const chunk = plannedAgents.slice(i, i + CHUNK);
          const rows = await tx.insert(referralAgents).values(chunk.map((a) => ({ ...a.agent, createdBy: me }))).returning({ id: referralAgents.id, nameEn: referralAgents.nameEn });
          for (const r of rows) agentIds.set(r.nameEn, r.id);
          await traced.add(tx, chunk.map((a) => ({ sheet: 'referralAgents', row: a.row, entity: 'referralAgent', entityId: agentIds.get(a.agent.nameEn)! })));
        }
        // the numbers Harbour takes next continue after the highest imported (see below)
        await continueCounters(tx, planned.map((c) => ({ kind: 'customerCode' as const, code: c.code, storeId, date: today })));
        written += planned.length + plannedAgents.length;
        await updateBatch(ctx, batchId, { rowsWritten: written });
      };
      const loanChunk = async (chunk: PlannedLoan[]) => {
        for (let i = 0; i < chunk.length; i += CHUNK) {
          await writeLoans(tx, ctx, batchId, chunk.slice(i, i + CHUNK), { customers: customerIds, agents: agentIds, loans: loanIds }, traced, today, engine);
        }
        // the numbers Harbour takes next continue after the highest imported: each number in the
        // period of its record's own date (a back-dated record takes its number there) and of today's
        await continueCounters(
          tx,
          chunk.flatMap((l) => [
            ...[l.fields.loanDate!, today].map((date) => ({ kind: 'loanNo' as const, code: l.loanNo, storeId: l.storeId, date })),
            ...[l.fields.applicationDate!, today].map((date) => ({ kind: 'applyNo' as const, code: l.applyNo, storeId: l.storeId, date })),
          ]),
        );
        written += chunk.length;
        await updateBatch(ctx, batchId, { rowsWritten: written });
      };
      // a round's worth of loans at a time: written, then let go while still young (PlanSink.chunk)
      // the file's checked rows are the job's alone: the plan lets each loan's go once planned (`release`)
      const book = file.book!;
      file.book = null;
      const plan = await planImport(tx, book, storeId, file.cutOverDate, false, { people, loans: loanChunk, chunk: CHUNK }, true);
      // Harbour's data changed since the file was checked: nothing is written (the transaction rolls back)
      if (plan.problems.length > 0) throw businessRule('tools.import.problems.fileHasProblems', { count: plan.problems.length });
      // partakers as the application form writes them (section B: the loan's store, no relation given)
      for (let i = 0; i < plan.partakers.length; i += CHUNK) {
        const chunk = plan.partakers.slice(i, i + CHUNK);
        const rows = await tx
          .insert(loanPartakers)
          .values(chunk.map((p) => ({ storeId, loanId: loanIds.get(p.loanNo)!, customerId: 'fileCode' in p.customer ? customerIds.get(p.customer.fileCode)! : p.customer.customerId, role: p.role, relation: null, createdBy: me })))
          .returning({ id: loanPartakers.id });
        await traced.add(tx, chunk.map((p, n) => ({ sheet: 'partakers', row: p.row, entity: 'partaker', entityId: rows[n]!.id })));
      }
      // blacklist entries as the blacklist's create writes them (numbers normalised by its contract)
      for (let i = 0; i < plan.blacklist.length; i += CHUNK) {
        const chunk = plan.blacklist.slice(i, i + CHUNK);
        const rows = await tx
          .insert(blacklist)
          .values(chunk.map((b) => ({ idNumber: b.entry.idNumber, phone: b.entry.phone, name: b.entry.name, remarks: b.entry.remarks, createdBy: me })))
          .returning({ id: blacklist.id });
        await traced.add(tx, chunk.map((b, n) => ({ sheet: 'blacklist', row: b.row, entity: 'blacklist', entityId: rows[n]!.id })));
      }
      const byEntity = (e: string) => traced.of(e);
      await audit(tx, {
        action: 'add',
        module: 'imports',
        reference: batchId,
        after: { batch: batchId, fileName: meta.name, sha256: meta.sha256, customers: byEntity('customer'), referralAgents: byEntity('referralAgent'), loans: byEntity('loan'), instalments: byEntity('instalment'), openingReceipts: byEntity('repayment'), ocaTransfers: byEntity('ocaAssignment'), writeOffs: byEntity('writeOff'), partakers: byEntity('partaker'), blacklist: byEntity('blacklist') },
        recordStores: [storeId],
        alongside: true,
      });
      await tx.update(importBatches).set({ state: 'committed', rowsWritten: file.rowsTotal, committedAt: new Date(), updatedAt: new Date() }).where(eq(importBatches.id, batchId));
    });
  } catch (e) {
    // The request has answered: the failure is kept on the batch for the page, in the user's
    // language — a business rule's own message, never a database error's text (it quotes the
    // statement and the file's personal data); that goes to the server's log.
    log.error({ err: e, importBatch: batchId }, 'import commit failed');
    await updateBatch(ctx, batchId, { state: 'failed', rowsWritten: 0, failure: failureText(e, ctx.lang).slice(0, 500) }).catch((err: unknown) =>
      log.error({ err, importBatch: batchId }, 'import batch could not be marked failed'),
    );
  }
}
