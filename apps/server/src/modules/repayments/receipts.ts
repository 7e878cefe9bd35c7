/**
 * Posting and correcting receipts (issue: servicing §1, §2, §6). One transaction per receipt: the
 * loan row is locked (receipts on one loan queue, so none is lost and each sees the one before),
 * the domain allocates the money on the loan's state, and the receipt, its lines, its number and
 * its balanced journal entry are written together — or nothing is. A retry with the same
 * idempotency key answers the receipt already posted.
 */
import type { AllocationPreview, DueState, RepaymentCorrection, RepaymentItem, receiptInputSchema, receiptPreviewSchema } from '@harbour/contracts';
import {
  type Allocation,
  ZERO,
  accrueOverdue,
  allocateReceipt,
  compareDates,
  dec,
  isFullyRepaid,
  moneyAccountFor,
  postRepayment,
  remainingScheduled,
  totalUnpaidPrincipal,
  unpaidFee,
  unpaidInstalment,
  unpaidOverdueInterest,
} from '@harbour/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { customers, loanRepaymentCorrections, loanRepayments } from '../../db/schema/index.js';
import { businessRule, conflict } from '../../http/app-error.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { takeCode } from '../../platform/codes.js';
import type { ServiceContext } from '../../platform/context.js';
import { postJournal, reverseJournal } from '../../platform/ledger.js';
import { changeStatus } from '../../platform/status-change.js';
import { loanStatusSpec } from '../loans/approval.js';
import { loanRow, type LoanRow } from '../loans/read.js';
import { insertLines, loadEngine, loadRepaymentState } from './state.js';
import { getRepayment, receiptItem, receiptNames } from './read.js';
import { refreshDueSummary, storeDueSummary } from './daily.js';
import { reverseChargeOfReceipt } from '../collection/agents.js';

type ReceiptInput = z.output<typeof receiptInputSchema>;
type PreviewInput = z.output<typeof receiptPreviewSchema>;

/** Statuses in which a loan takes receipts. */
const RECEIVING = new Set(['repaying']);

export function assertReceiving(loan: LoanRow, receiving: ReadonlySet<string> = RECEIVING): void {
  if (!receiving.has(loan.status)) throw businessRule('repayments.errors.notRepaying', { status: loan.status });
}

/** The receipt date: today (Hong Kong) when not given; never in the future. */
export async function receiptDate(tx: Tx, given: string | undefined): Promise<string> {
  const today = await businessToday(tx);
  const date = given ?? today;
  if (compareDates(date, today) > 0) throw businessRule('repayments.errors.dateInFuture', { today });
  return date;
}

export const money = (d: { toFixed(n: number): string }) => d.toFixed(2);

function toPreview(a: Allocation): AllocationPreview {
  return {
    repayDate: a.date,
    received: money(a.received),
    overdueInterest: money(a.overdueInterest),
    handlingFee: money(a.handlingFee),
    interest: money(a.interest),
    principal: money(a.principal),
    tempAmount: money(a.tempAmount),
    lines: a.lines.map((l) => ({
      tenor: l.tenor,
      overdueInterest: money(l.overdueInterest),
      handlingFee: money(l.handlingFee),
      interest: money(l.interest),
      principal: money(l.principal),
    })),
    completes: isFullyRepaid(a.state),
  };
}

async function allocate(tx: Tx, loan: LoanRow, r: PreviewInput, date: string): Promise<Allocation> {
  const [{ state }, engine] = await Promise.all([loadRepaymentState(tx, loan, { allowPartialPrincipal: r.repayType === 'principal' }), loadEngine(tx)]);
  return allocateReceipt(state, { date, received: r.received, mode: r.repayType, tenor: r.tenor }, engine.settings, engine.holidays);
}

/** The loan on a date as the counter sees it: instalments, overdue interest and fees, temporary amount. */
export async function dueState(tx: Tx, ctx: ServiceContext, loanId: number, date: string | undefined): Promise<DueState> {
  const loan = await loanRow(tx, ctx, loanId);
  if (!loan.loanNo) throw businessRule('repayments.errors.notRepaying', { status: loan.status });
  const asOf = date ?? (await businessToday(tx));
  const [{ state }, engine, [customer]] = await Promise.all([
    loadRepaymentState(tx, loan),
    loadEngine(tx),
    tx.select({ name: customers.name }).from(customers).where(eq(customers.id, loan.customerId)),
  ]);
  // The due state on a date before the last receipt would rewrite history: shown as of that receipt.
  const on = state.lastRepaymentDate && compareDates(asOf, state.lastRepaymentDate) < 0 ? state.lastRepaymentDate : asOf;
  const overdue = accrueOverdue(state, on, engine.settings, engine.holidays);
  const days = new Map(overdue.lines.map((l) => [l.tenor, l.days]));
  const insts = overdue.state.instalments;
  const dueNow = insts.filter((i) => compareDates(i.dueDate, on) <= 0);
  const overdueAmount = dueNow.reduce((s, i) => s.plus(unpaidInstalment(i)), ZERO);
  const next = insts.find((i) => unpaidInstalment(i).gt(0));
  return {
    loanId: loan.id,
    storeId: loan.storeId,
    loanNo: loan.loanNo,
    status: loan.status,
    customerName: customer?.name ?? '',
    loanAmount: loan.loanAmount,
    instalmentAmount: loan.instalmentAmount,
    totalTenor: loan.totalTenor,
    asOf: on,
    lastRepaymentDate: state.lastRepaymentDate,
    instalments: insts.map((i) => {
      const unpaid = unpaidInstalment(i);
      const cmp = compareDates(i.dueDate, on);
      return {
        tenor: i.tenor,
        dueDate: i.dueDate,
        principal: money(i.principal),
        interest: money(i.interest),
        paidPrincipal: money(i.paidPrincipal),
        paidInterest: money(i.paidInterest),
        unpaid: money(unpaid),
        overdueDays: unpaid.gt(0) ? (days.get(i.tenor) ?? 0) : 0,
        overdueInterest: money(unpaidOverdueInterest(i)),
        handlingFee: money(unpaidFee(i)),
        state: unpaid.lte(0) ? 'paid' : cmp < 0 ? 'overdue' : cmp === 0 ? 'due' : 'future',
      };
    }),
    overdueAmount: money(overdueAmount),
    overdueInterest: money(overdue.overdueInterest),
    handlingFee: money(overdue.fee),
    amountDue: money(overdueAmount.plus(overdue.overdueInterest).plus(overdue.fee)),
    tempAmount: money(state.tempAmount),
    unpaidPrincipal: money(totalUnpaidPrincipal(state)),
    remainingScheduled: money(remainingScheduled(state)),
    nextTenor: next?.tenor ?? null,
    nextDueDate: next?.dueDate ?? null,
  };
}

/** What a receipt would do, without writing anything (the domain's allocation). */
export async function previewReceipt(tx: Tx, ctx: ServiceContext, r: PreviewInput): Promise<AllocationPreview> {
  const loan = await loanRow(tx, ctx, r.loanId);
  assertReceiving(loan);
  return toPreview(await allocate(tx, loan, r, await receiptDate(tx, r.repayDate)));
}

/**
 * The row an idempotency key already posted on the loan, if any. A retry with other figures is
 * refused (409); a true retry is logged and answered with that row.
 */
export async function retried(tx: Tx, ctx: ServiceContext, loan: LoanRow, key: string, same: (stored: typeof loanRepayments.$inferSelect) => boolean): Promise<RepaymentItem | null> {
  const [earlier] = await tx.select().from(loanRepayments).where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.idempotencyKey, key)));
  if (!earlier) return null;
  if (!same(earlier)) throw conflict('repayments.errors.keyReused');
  await audit(tx, { action: 'view', module: 'repayments', reference: earlier.id, after: { repayNo: earlier.repayNo, retryOf: earlier.idempotencyKey }, recordStores: [loan.storeId] });
  return getRepayment(tx, ctx, earlier.id);
}

/** A retry must be the same receipt: the same amount, way and date as the one its key posted. */
function sameReceipt(stored: typeof loanRepayments.$inferSelect, r: ReceiptInput): boolean {
  return (
    dec(stored.received).eq(dec(r.received)) &&
    stored.method === r.method &&
    stored.repayType === r.repayType &&
    (r.repayDate === undefined || stored.repayDate === r.repayDate)
  );
}

/**
 * Posts a receipt. `opts` is for another module posting a receipt as part of its own event (money
 * an OCA agent recovered): the statuses that take it besides `repaying`, and what the receipt's
 * one audit row says of that event.
 */
export async function postReceipt(
  tx: Tx,
  ctx: ServiceContext,
  r: ReceiptInput,
  opts: { receiving?: ReadonlySet<string>; audit?: Record<string, unknown> } = {},
): Promise<RepaymentItem> {
  const loan = await loanRow(tx, ctx, r.loanId, { lock: true });
  const again = await retried(tx, ctx, loan, r.idempotencyKey, (stored) => sameReceipt(stored, r));
  if (again) return again;
  assertReceiving(loan, opts.receiving);
  const date = await receiptDate(tx, r.repayDate);
  await assertWithinActivePeriod(tx, date);
  const { state: before } = await loadRepaymentState(tx, loan, { allowPartialPrincipal: r.repayType === 'principal' });
  const engine = await loadEngine(tx);
  const a = allocateReceipt(before, { date, received: r.received, mode: r.repayType, tenor: r.tenor }, engine.settings, engine.holidays);
  const me = ctx.auth?.staffId ?? null;
  const names = await receiptNames(tx, ctx, loan.id, me);
  const completes = isFullyRepaid(a.state);
  // What the tips list and the reminders read, from the state after this receipt (no read of its own).
  await storeDueSummary(tx, { ...loan, status: completes ? 'complete' : loan.status }, a.state, await businessToday(tx), engine);
  // Everything is read and decided: the number is taken last, so the store's counter row (locked
  // until commit, which keeps numbers gapless) is held only for the writes below.
  const repayNo = await takeCode(tx, 'repayNo', { storeId: loan.storeId, date });
  const entryId = await postJournal(
    tx,
    ctx,
    postRepayment({
      overdueInterest: money(a.overdueInterest),
      handlingFee: money(a.handlingFee),
      interest: money(a.interest),
      principal: money(a.principal),
      tempAmount: money(a.tempAmount),
      receivedInto: moneyAccountFor(r.method),
      memo: { loanNo: loan.loanNo ?? '', repayNo, ...(r.chequeNo ? { chequeNo: r.chequeNo } : {}) },
    }),
    { storeId: loan.storeId, date, loanId: loan.id },
  );
  const [row] = await tx
    .insert(loanRepayments)
    .values({
      storeId: loan.storeId,
      loanId: loan.id,
      repayNo,
      repayDate: date,
      repayType: r.repayType,
      tenor: r.repayType === 'instalment' ? (r.tenor ?? a.lines[0]?.tenor ?? null) : null,
      received: money(a.received),
      overdueInterest: money(a.overdueInterest),
      handlingFee: money(a.handlingFee),
      interest: money(a.interest),
      principal: money(a.principal),
      tempIn: money(a.tempAmount),
      method: r.method,
      chequeNo: r.method === 'cheque' ? r.chequeNo : null,
      remarks: r.remarks,
      idempotencyKey: r.idempotencyKey,
      journalEntryId: entryId!,
      createdBy: me,
    })
    .returning();
  const lines = await insertLines(tx, loan, row!.id, before, a.state, me);
  if (completes) await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'settle', { audit: false });
  await audit(tx, {
    action: 'add',
    module: 'repayments',
    reference: row!.id,
    after: { ...toPreview(a), repayNo, loanNo: loan.loanNo, method: r.method, chequeNo: r.chequeNo, journalEntryId: entryId, ...(completes ? { loanStatus: 'complete' } : {}), ...opts.audit },
    recordStores: [loan.storeId],
  });
  return receiptItem({ r: row!, loanNo: loan.loanNo, ...names, correction: null, correctorName: null, latest: true }, lines);
}

/**
 * A receipt voided (entered in error) or refunded (money given back): its journal entry reversed,
 * the correction recorded; the receipt itself stays as it was. Only the loan's latest standing
 * receipt, so every later allocation stays true, and only within the active period. A loan that
 * receipt completed takes receipts again.
 */
export async function correctReceipt(tx: Tx, ctx: ServiceContext, id: number, body: { kind: RepaymentCorrection; reason: string }): Promise<RepaymentItem> {
  const receipt = await getRepayment(tx, ctx, id);
  const loan = await loanRow(tx, ctx, receipt.loanId, { lock: true });
  const [stored] = await tx.select().from(loanRepayments).where(eq(loanRepayments.id, id));
  const [already] = await tx.select({ id: loanRepaymentCorrections.id }).from(loanRepaymentCorrections).where(eq(loanRepaymentCorrections.repaymentId, id));
  if (already) throw businessRule('repayments.errors.alreadyCorrected');
  // No money came in with a temporary amount applied or refunded: it can be voided, not refunded.
  const fromTemporary = stored!.repayType === 'temporary' || stored!.repayType === 'temp-refund';
  if (fromTemporary && body.kind === 'refund') throw businessRule('repayments.errors.voidOnly');
  const { latestReceiptId } = await loadRepaymentState(tx, loan);
  if (latestReceiptId !== id) throw businessRule('repayments.errors.notLatest');
  await assertWithinActivePeriod(tx, stored!.repayDate);
  const today = await businessToday(tx);
  const reversal = await reverseJournal(tx, ctx, stored!.journalEntryId, { date: today, reason: body.reason });
  // Money recovered on an OCA loan: the agent's charge on it is reversed with the receipt.
  const ocaCharge = await reverseChargeOfReceipt(tx, ctx, id, { date: today, reason: body.reason });
  await tx.insert(loanRepaymentCorrections).values({
    storeId: loan.storeId,
    repaymentId: id,
    loanId: loan.id,
    kind: body.kind,
    reason: body.reason,
    correctedOn: today,
    journalEntryId: reversal,
    correctedBy: ctx.auth?.staffId ?? null,
    createdBy: ctx.auth?.staffId ?? null,
  });
  // A refund of a temporary amount paid nothing due: voiding it leaves a completed loan complete.
  const reopens = loan.status === 'complete' && stored!.repayType !== 'temp-refund';
  if (reopens) await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'unsettle', { audit: false });
  await audit(tx, {
    action: body.kind,
    module: 'repayments',
    reference: id,
    before: { repayNo: receipt.repayNo, received: receipt.received, loanStatus: loan.status },
    after: { reason: body.reason, reversalEntryId: reversal, ...(reopens ? { loanStatus: 'repaying' } : {}), ...(ocaCharge ?? {}) },
    recordStores: [loan.storeId],
  });
  await refreshDueSummary(tx, loan.id);
  return getRepayment(tx, ctx, id);
}
