/**
 * Collection (spec §2 OCA write-off, §3 OCA/write-off, §8): a loan passed to an OCA agent and
 * recalled, money recovered on it, a write-off and its cancellation. Each action takes the loan
 * its caller locked (the workflow registration, `COLLECTION_ACTIONS`, which has already refused a
 * status the status table does not allow the action) and runs in the caller's transaction, changes the status only through the domain's
 * status table, posts balanced entries through the ledger, appends its own rows and writes ONE
 * audit row.
 */
import { COLLECTION_ACTIONS, type CollectionListItem, type CollectionLoan, type OverdueLoan, type Page, type RecoveryItem, type collectionListQuerySchema, type ocaRecallSchema, type ocaTransferSchema, type recoveryInputSchema, type recoveryVoidSchema, type writeOffCancelSchema, type writeOffSchema } from '@harbour/contracts';
import { compareDates, dec, postOcaCharge, postWriteOff, postWriteOffRecovery, roundMoney, totalUnpaidPrincipal, unpaidInstalment, moneyText, writeOffRecovery } from '@harbour/domain';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, loanDueSummaries, loanRepayments, loanOcaAssignments, loanOcaRecoveries, loanOcaRecoveryVoids, loanWriteOffs, loans, ocaAgents } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { businessRule, conflict } from '../../platform/errors.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { postJournal, receiptAccountFor, reverseJournal } from '../../platform/ledger.js';
import { changeStatus } from '../../platform/status-change.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { refreshDueSummary } from '../repayments/daily.js';
import { loanStatusSpec } from '../loan-core/status.js';
import type { LoanRow } from '../loan-core/row.js';
import { loanNextActions } from '../loan-core/workflow.js';
import { postReceipt } from '../repayments/receipts.js';
import { loadRepaymentState } from '../repayments/state.js';

type Transfer = z.output<typeof ocaTransferSchema>;
type Recall = z.output<typeof ocaRecallSchema>;
type Recovery = z.output<typeof recoveryInputSchema>;
type RecoveryVoid = z.output<typeof recoveryVoidSchema>;
type WriteOff = z.output<typeof writeOffSchema>;
type WriteOffCancel = z.output<typeof writeOffCancelSchema>;
type Filters = z.output<typeof collectionListQuerySchema>;

const me = (ctx: ServiceContext) => ctx.auth?.staffId ?? null;

/** The event's date: today (Hong Kong) when not given; never in the future. */
async function eventDate(tx: Tx, given: string | undefined): Promise<string> {
  const today = await businessToday(tx);
  const date = given ?? today;
  if (compareDates(date, today) > 0) throw businessRule('collection.errors.dateInFuture', { today });
  return date;
}

/** The loan's standing transfer to an agent (its latest assignment, when that is a transfer). */
async function currentTransfer(tx: DbOrTx, loanId: number) {
  const [last] = await tx.select().from(loanOcaAssignments).where(eq(loanOcaAssignments.loanId, loanId)).orderBy(desc(loanOcaAssignments.id)).limit(1);
  return last?.kind === 'transfer' ? last : null;
}

/** The loan's standing write-off (its latest, not cancelled). */
async function standingWriteOff(tx: DbOrTx, loanId: number) {
  const cancels = sql`not exists (select 1 from ${loanWriteOffs} c where c.cancels_id = ${loanWriteOffs.id})`;
  const [row] = await tx
    .select()
    .from(loanWriteOffs)
    .where(and(eq(loanWriteOffs.loanId, loanId), eq(loanWriteOffs.kind, 'write_off'), cancels))
    .orderBy(desc(loanWriteOffs.id))
    .limit(1);
  return row ?? null;
}

/** Recovery records of the loan not deleted, of one kind. */
async function standingRecoveries(tx: DbOrTx, loanId: number, kind: 'receipt' | 'income') {
  return tx
    .select({ id: loanOcaRecoveries.id, amount: loanOcaRecoveries.amount })
    .from(loanOcaRecoveries)
    .leftJoin(loanOcaRecoveryVoids, eq(loanOcaRecoveryVoids.recoveryId, loanOcaRecoveries.id))
    .where(and(eq(loanOcaRecoveries.loanId, loanId), eq(loanOcaRecoveries.kind, kind), isNull(loanOcaRecoveryVoids.id)));
}

/** A repaying loan with an instalment due before `date` and unpaid goes to an OCA agent. */
export async function transferToOca(tx: Tx, ctx: ServiceContext, loan: LoanRow, t: Transfer): Promise<CollectionLoan> {
  const date = await eventDate(tx, t.ocaDate);
  const { state } = await loadRepaymentState(tx, loan);
  if (!state.instalments.some((i) => compareDates(i.dueDate, date) < 0 && unpaidInstalment(i).gt(0))) {
    throw businessRule('collection.errors.notOverdue', { status: loan.status });
  }
  const agent = found((await tx.select().from(ocaAgents).where(eq(ocaAgents.id, t.agentId)))[0]);
  if (agent.state !== 'normal') throw businessRule('collection.errors.agentDisabled');
  const chargePercent = t.chargePercent ?? agent.chargePercent;
  const [row] = await tx
    .insert(loanOcaAssignments)
    .values({ storeId: loan.storeId, loanId: loan.id, kind: 'transfer', agentId: agent.id, onDate: date, chargePercent, solicitorFee: t.solicitorFee ?? null, remarks: t.remarks, createdBy: me(ctx) })
    .returning();
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'transfer_to_oca', {
    audit: { assignmentId: row!.id, agentId: agent.id, ocaDate: date, chargePercent, solicitorFee: t.solicitorFee ?? null },
  });
  await refreshDueSummary(tx, loan.id);
  return collectionLoan(tx, ctx, loan.id);
}

/** An OCA loan taken back from its agent: repaying again. */
export async function recallFromOca(tx: Tx, ctx: ServiceContext, loan: LoanRow, r: Recall): Promise<CollectionLoan> {
  const date = await eventDate(tx, r.date);
  const transfer = found((await currentTransfer(tx, loan.id)) ?? undefined);
  const [row] = await tx
    .insert(loanOcaAssignments)
    .values({ storeId: loan.storeId, loanId: loan.id, kind: 'recall', agentId: transfer.agentId, onDate: date, remarks: r.reason, createdBy: me(ctx) })
    .returning();
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'recall_from_oca', { audit: { assignmentId: row!.id, agentId: transfer.agentId, reason: r.reason } });
  await refreshDueSummary(tx, loan.id);
  return collectionLoan(tx, ctx, loan.id);
}

function recoveryItem(r: typeof loanOcaRecoveries.$inferSelect, voided: boolean): RecoveryItem {
  return {
    id: r.id,
    loanId: r.loanId,
    kind: r.kind as RecoveryItem['kind'],
    recoveredOn: r.recoveredOn,
    amount: r.amount,
    method: r.method,
    ocaCharge: r.ocaCharge,
    repaymentId: r.repaymentId,
    voided,
  };
}

/**
 * A recovery's retry: the record its idempotency key already made on the loan (the retry logged
 * as a `view`), or null for a new key; a key reused for another amount or way is refused (409).
 */
export async function recoveryRetry(tx: Tx, ctx: ServiceContext, loan: LoanRow, r: Recovery): Promise<RecoveryItem | null> {
  const [earlier] = await tx.select().from(loanOcaRecoveries).where(and(eq(loanOcaRecoveries.loanId, loan.id), eq(loanOcaRecoveries.idempotencyKey, r.idempotencyKey)));
  if (!earlier) return null;
  if (!dec(earlier.amount).eq(dec(r.amount)) || earlier.method !== r.method) throw conflict('collection.errors.keyReused');
  await audit(tx, { action: 'view', module: 'collection', reference: earlier.id, after: { retryOf: earlier.idempotencyKey }, recordStores: [loan.storeId] });
  const [v] = await tx.select({ id: loanOcaRecoveryVoids.id }).from(loanOcaRecoveryVoids).where(eq(loanOcaRecoveryVoids.recoveryId, earlier.id));
  return recoveryItem(earlier, Boolean(v));
}

/** A recovery record in the caller's store scope (404 otherwise). */
async function recoveryOf(tx: DbOrTx, ctx: ServiceContext, recoveryId: number) {
  return found((await tx.select().from(loanOcaRecoveries).where(and(eq(loanOcaRecoveries.id, recoveryId), storeScope(ctx, loanOcaRecoveries.storeId))))[0]);
}

/** The loan of a recovery record being voided. */
export async function loanOfRecovery(tx: DbOrTx, ctx: ServiceContext, v: RecoveryVoid): Promise<number> {
  return (await recoveryOf(tx, ctx, v.recoveryId)).loanId;
}

/**
 * Money recovered. On an OCA loan: a receipt through the repayments (allocated like any other,
 * completing the loan when it pays everything) plus the agent's charge (charge percent × amount,
 * rounded) payable to the agent, recorded in the receipt's one audit row. On a written-off loan:
 * recovery income; when the standing income reaches the amount written off the loan is recovered
 * (complete). Its retry is `recoveryRetry`'s (the workflow registration asks it first).
 */
export async function recordRecovery(tx: Tx, ctx: ServiceContext, loan: LoanRow, r: Recovery): Promise<RecoveryItem> {
  const date = await eventDate(tx, r.date);
  if (loan.status === 'oca') {
    // The key of a receipt posted at the counter is not a recovery's: refused, not answered with it.
    const [counter] = await tx.select({ id: loanRepayments.id }).from(loanRepayments).where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.idempotencyKey, r.idempotencyKey)));
    if (counter) throw conflict('collection.errors.keyReused');
    const transfer = found((await currentTransfer(tx, loan.id)) ?? undefined);
    const charge = moneyText(roundMoney(dec(r.amount).times(dec(transfer.chargePercent ?? '0')).div(100)));
    await assertWithinActivePeriod(tx, date);
    const chargeEntry = await postJournal(tx, ctx, postOcaCharge({ amount: charge, memo: { loanNo: loan.loanNo ?? '' } }), { storeId: loan.storeId, date, loanId: loan.id });
    const receipt = await postReceipt(
      tx,
      ctx,
      loan,
      { loanId: loan.id, received: r.amount, repayDate: date, repayType: 'auto', method: r.method, chequeNo: null, remarks: r.remarks, idempotencyKey: r.idempotencyKey },
      { receiving: new Set(['oca']), audit: { ocaAgentId: transfer.agentId, ocaCharge: charge, ocaChargeEntryId: chargeEntry } },
    );
    const [row] = await tx
      .insert(loanOcaRecoveries)
      .values({
        storeId: loan.storeId,
        loanId: loan.id,
        kind: 'receipt',
        recoveredOn: date,
        amount: moneyText(dec(r.amount)),
        method: r.method,
        remarks: r.remarks,
        agentId: transfer.agentId,
        ocaCharge: charge,
        repaymentId: receipt.id,
        journalEntryId: chargeEntry,
        idempotencyKey: r.idempotencyKey,
        createdBy: me(ctx),
      })
      .returning();
    return recoveryItem(row!, false);
  }
  if (loan.status !== 'bad') throw businessRule('collection.errors.notRecoverable', { status: loan.status });
  await assertWithinActivePeriod(tx, date);
  const writeOff = found((await standingWriteOff(tx, loan.id)) ?? undefined);
  // never more than what was written off and is not yet recovered; what is left completes the loan
  const standing = (await standingRecoveries(tx, loan.id, 'income')).map((x) => x.amount);
  const { recovered, left, above, full } = writeOffRecovery(writeOff, standing, r.amount);
  if (above) throw businessRule('collection.errors.recoveryAboveWrittenOff', { amount: moneyText(dec(r.amount)), left: moneyText(left) });
  const entry = await postJournal(tx, ctx, postWriteOffRecovery({ amount: r.amount, receivedInto: await receiptAccountFor(tx, { storeId: loan.storeId, method: r.method }), memo: { loanNo: loan.loanNo ?? '' } }), {
    storeId: loan.storeId,
    date,
    loanId: loan.id,
  });
  const [row] = await tx
    .insert(loanOcaRecoveries)
    .values({ storeId: loan.storeId, loanId: loan.id, kind: 'income', recoveredOn: date, amount: moneyText(dec(r.amount)), method: r.method, remarks: r.remarks, journalEntryId: entry, idempotencyKey: r.idempotencyKey, createdBy: me(ctx) })
    .returning();
  if (full) await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'recover', { audit: false });
  if (full) await refreshDueSummary(tx, loan.id);
  await audit(tx, {
    action: 'add',
    module: 'collection',
    reference: row!.id,
    after: { kind: 'income', loanNo: loan.loanNo, amount: row!.amount, method: r.method, journalEntryId: entry, recovered: moneyText(recovered), ...(full ? { loanStatus: 'complete' } : {}) },
    recordStores: [loan.storeId],
  });
  return recoveryItem(row!, false);
}

/**
 * A recovery record deleted (entered in error): only write-off recovery income on a loan still
 * written off; its entry is reversed. Money credited to the repayments stays (it is corrected
 * as a receipt, in the repayments).
 */
export async function voidRecovery(tx: Tx, ctx: ServiceContext, loan: LoanRow, v: RecoveryVoid): Promise<RecoveryItem> {
  const rec = await recoveryOf(tx, ctx, v.recoveryId);
  if (rec.kind === 'receipt') throw businessRule('collection.errors.recoveryCredited');
  const [already] = await tx.select({ id: loanOcaRecoveryVoids.id }).from(loanOcaRecoveryVoids).where(eq(loanOcaRecoveryVoids.recoveryId, rec.id));
  if (already) throw businessRule('collection.errors.alreadyVoided');
  if (loan.status !== 'bad') throw businessRule('collection.errors.notBad', { status: loan.status });
  const today = await businessToday(tx);
  await assertWithinActivePeriod(tx, today);
  const reversal = await reverseJournal(tx, ctx, rec.journalEntryId!, { date: today, reason: v.reason });
  await tx.insert(loanOcaRecoveryVoids).values({ storeId: loan.storeId, recoveryId: rec.id, loanId: loan.id, reason: v.reason, journalEntryId: reversal, voidedBy: me(ctx), createdBy: me(ctx) });
  await audit(tx, {
    action: 'void',
    module: 'collection',
    reference: rec.id,
    before: { amount: rec.amount, recoveredOn: rec.recoveredOn },
    after: { reason: v.reason, reversalEntryId: reversal },
    recordStores: [loan.storeId],
  });
  return recoveryItem(rec, true);
}

/** A repaying or OCA loan written off: its unpaid principal to bad debt; status bad. */
export async function writeOffLoan(tx: Tx, ctx: ServiceContext, loan: LoanRow, w: WriteOff): Promise<CollectionLoan> {
  const date = await eventDate(tx, w.date);
  await assertWithinActivePeriod(tx, date);
  const { state } = await loadRepaymentState(tx, loan);
  const principal = totalUnpaidPrincipal(state);
  if (principal.lte(0)) throw businessRule('collection.errors.nothingToWriteOff');
  const entry = await postJournal(tx, ctx, postWriteOff({ principalOutstanding: moneyText(principal), interestReceivable: '0', memo: { loanNo: loan.loanNo ?? '' } }), {
    storeId: loan.storeId,
    date,
    loanId: loan.id,
  });
  const [row] = await tx
    .insert(loanWriteOffs)
    .values({ storeId: loan.storeId, loanId: loan.id, kind: 'write_off', onDate: date, principal: moneyText(principal), interest: '0', reason: w.reason, journalEntryId: entry!, createdBy: me(ctx) })
    .returning();
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'write_off', { audit: { writeOffId: row!.id, writeOffDate: date, principal: row!.principal, journalEntryId: entry, reason: w.reason } });
  await refreshDueSummary(tx, loan.id);
  return collectionLoan(tx, ctx, loan.id);
}

/** A write-off cancelled: refused while recovery records stand; its entry reversed; repaying again. */
export async function cancelWriteOff(tx: Tx, ctx: ServiceContext, loan: LoanRow, c: WriteOffCancel): Promise<CollectionLoan> {
  if ((await standingRecoveries(tx, loan.id, 'income')).length > 0) throw businessRule('collection.errors.recoveriesStand');
  const writeOff = found((await standingWriteOff(tx, loan.id)) ?? undefined);
  const today = await businessToday(tx);
  await assertWithinActivePeriod(tx, today);
  const reversal = await reverseJournal(tx, ctx, writeOff.journalEntryId, { date: today, reason: c.reason });
  const [row] = await tx
    .insert(loanWriteOffs)
    .values({ storeId: loan.storeId, loanId: loan.id, kind: 'cancel', cancelsId: writeOff.id, onDate: today, principal: '0', interest: '0', reason: c.reason, journalEntryId: reversal, createdBy: me(ctx) })
    .returning();
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'cancel_write_off', { audit: { cancelId: row!.id, writeOffId: writeOff.id, reversalEntryId: reversal, reason: c.reason } });
  await refreshDueSummary(tx, loan.id);
  return collectionLoan(tx, ctx, loan.id);
}

// ---- reading ----

const lastTransfer = sql`(select a.id from ${loanOcaAssignments} a where a.loan_id = ${loans.id} and a.kind = 'transfer' order by a.id desc limit 1)`;
const lastWriteOff = sql`(select w.id from ${loanWriteOffs} w where w.loan_id = ${loans.id} and w.kind = 'write_off'
  and not exists (select 1 from ${loanWriteOffs} c where c.cancels_id = w.id) order by w.id desc limit 1)`;
const standing = sql`not exists (select 1 from ${loanOcaRecoveryVoids} v where v.recovery_id = r.id)`;

const listColumns = (ctx: ServiceContext) => ({
  loanId: loans.id,
  storeId: loans.storeId,
  loanNo: loans.loanNo,
  customerName: customers.name,
  status: loans.status,
  agentId: loanOcaAssignments.agentId,
  agentName: ctx.lang === 'en' ? ocaAgents.nameEn : ocaAgents.nameZh,
  ocaDate: loanOcaAssignments.onDate,
  chargePercent: loanOcaAssignments.chargePercent,
  solicitorFee: loanOcaAssignments.solicitorFee,
  writeOffDate: loanWriteOffs.onDate,
  writtenOff: sql<string>`coalesce(${loanWriteOffs.principal} + ${loanWriteOffs.interest}, 0)::numeric(16,2)::text`,
  recovered: sql<string>`(select coalesce(sum(r.amount), 0)::numeric(16,2)::text from ${loanOcaRecoveries} r where r.loan_id = ${loans.id} and ${standing})`,
  ocaCharges: sql<string>`(select coalesce(sum(r.oca_charge), 0)::numeric(16,2)::text from ${loanOcaRecoveries} r where r.loan_id = ${loans.id} and ${standing})`,
  totalTenor: loans.totalTenor,
  unpaidPrincipal: loanDueSummaries.unpaidPrincipal,
  overdueTenors: loanDueSummaries.overdueTenors,
  overdueAmount: loanDueSummaries.overdueAmount,
});

const SORTS = { loanNo: loans.loanNo, customerName: customers.name, ocaDate: loanOcaAssignments.onDate, writeOffDate: loanWriteOffs.onDate, loanId: loans.id };

const base = (tx: DbOrTx, ctx: ServiceContext, withTotal: boolean) =>
  tx
    .select({ ...listColumns(ctx), ...(withTotal ? { total: totalCount } : {}) })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(loanOcaAssignments, eq(loanOcaAssignments.id, lastTransfer))
    .leftJoin(ocaAgents, eq(ocaAgents.id, loanOcaAssignments.agentId))
    .leftJoin(loanWriteOffs, eq(loanWriteOffs.id, lastWriteOff))
    .leftJoin(loanDueSummaries, eq(loanDueSummaries.loanId, loans.id));

/** One loan as the collection screens show it. */
export async function collectionLoan(tx: DbOrTx, ctx: ServiceContext, loanId: number): Promise<CollectionLoan> {
  const [row] = await base(tx, ctx, false).where(and(eq(loans.id, loanId), storeScope(ctx, loans.storeId)));
  return found(row);
}

/**
 * Loans with an OCA agent or written off (spec §2 OCA write-off list), in the caller's stores,
 * each with the collection actions its status allows the caller (`nextActions`).
 */
export async function listCollectionLoans(tx: DbOrTx, ctx: ServiceContext, f: Filters, limit?: number): Promise<Page<CollectionListItem>> {
  const where = and(
    storeScope(ctx, loans.storeId),
    f.status ? eq(loans.status, f.status) : inArray(loans.status, ['oca', 'bad']),
    f.loanNo ? ilike(loans.loanNo, likePattern(f.loanNo)) : undefined,
    f.customerName ? ilike(customers.name, likePattern(f.customerName)) : undefined,
    f.agentId ? eq(loanOcaAssignments.agentId, f.agentId) : undefined,
    f.ocaFrom ? gte(loanOcaAssignments.onDate, f.ocaFrom) : undefined,
    f.ocaTo ? lte(loanOcaAssignments.onDate, f.ocaTo) : undefined,
    f.writeOffFrom ? gte(loanWriteOffs.onDate, f.writeOffFrom) : undefined,
    f.writeOffTo ? lte(loanWriteOffs.onDate, f.writeOffTo) : undefined,
  );
  const rows = await base(tx, ctx, true)
    .where(where)
    .orderBy(...orderBy(f.sort, SORTS, 'loanId:desc', loans.id))
    .limit(limit ?? f.pageSize)
    .offset(limit ? 0 : offsetOf(f.page, f.pageSize));
  return pageOfRows(
    rows.map(({ total: _t, ...r }) => ({ ...r, nextActions: loanNextActions(ctx, COLLECTION_ACTIONS, r.status) })),
    rows[0]?.total ?? 0,
    f.page,
    f.pageSize,
  );
}

/**
 * Repaying loans with an overdue amount in the caller's stores (their due summaries), matching a
 * loan number or a customer's name, for the transfer to an OCA agent: the 20 most overdue.
 */
export async function listOverdueLoans(tx: DbOrTx, ctx: ServiceContext, search: string | undefined): Promise<OverdueLoan[]> {
  const rows = await tx
    .select({
      loanId: loans.id,
      loanNo: loans.loanNo,
      customerName: customers.name,
      overdueTenors: loanDueSummaries.overdueTenors,
      overdueAmount: loanDueSummaries.overdueAmount,
      daysOverdue: loanDueSummaries.daysOverdue,
      unpaidPrincipal: loanDueSummaries.unpaidPrincipal,
    })
    .from(loanDueSummaries)
    .innerJoin(loans, eq(loans.id, loanDueSummaries.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(
      and(
        storeScope(ctx, loanDueSummaries.storeId),
        eq(loans.status, 'repaying'),
        gt(loanDueSummaries.overdueTenors, 0),
        search ? or(ilike(loans.loanNo, likePattern(search)), ilike(customers.name, likePattern(search))) : undefined,
      ),
    )
    .orderBy(desc(loanDueSummaries.daysOverdue), asc(loans.id))
    .limit(20);
  return rows.map((r) => ({ ...r, loanNo: r.loanNo ?? '' }));
}
