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
  type JournalEntry,
  ZERO,
  accrueOverdue,
  allocateReceipt,
  compareDates,
  dec,
  isFullyRepaid,
  postRepayment,
  remainingScheduled,
  totalUnpaidPrincipal,
  unpaidFee,
  unpaidInstalment,
  unpaidOverdueInterest,
  moneyText,
  type LoanStatus,
} from '@harbour/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  auditLog,
  customers,
  journalEntries,
  journalLines,
  loanDueSummaries,
  loanInstalments,
  loanRepaymentCorrections,
  loanRepaymentLines,
  loanRepayments,
  loanScheduleRevisions,
} from '../../db/schema/index.js';
import { jsonOfRow, prepared, rowFromJson } from '../../db/json-rows.js';
import { businessRule, conflict } from '../../platform/errors.js';
import { assertWithinActivePeriod, assertWithinActivePeriodDays } from '../../platform/active-period.js';
import { audit, auditValues, counted, type AuditEntry } from '../../platform/audit.js';
import { answerMasking, masked } from '../../platform/masking.js';
import { businessToday } from '../../platform/business-date.js';
import type { CodeSlot } from '../../platform/codes.js';
import type { ServiceContext } from '../../platform/context.js';
import { journalRows, receiptAccountOf, reverseJournal } from '../../platform/ledger.js';
import { changeStatus } from '../../platform/status-change.js';
import { loanStatusSpec } from '../loan-core/status.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { instalmentDeltas, loadEngine, loadRepaymentState, receiptAmounts, receiptBalance, receiptLines } from './state.js';
import { getRepayment, receiptItem } from './read.js';
import { type DueSummary, dueSummaryAfter, refreshDueSummary } from './daily.js';
import { changedOutcomes, judgeLoanPromises } from '../collection/promise-outcomes.js';
import { heldContext, readReceiptContext } from './context.js';
import { currentScheduleTerms, planReschedule, planRescheduleFrom, reschedulePreview, rescheduleRows, restoreSchedule } from './reschedule.js';
import { rateColumns, restoreLoanRate } from './loan-rate.js';
import { reverseChargeOfReceipt } from '../loan-core/oca-charges.js';
import { assertNoWaiverAfter } from './waivers.js';

type ReceiptInput = z.output<typeof receiptInputSchema>;
type PreviewInput = z.output<typeof receiptPreviewSchema>;

/** Statuses in which a loan takes receipts. */
const RECEIVING = new Set(['repaying']);

export function assertReceiving(loan: LoanRow, receiving: ReadonlySet<string> = RECEIVING): void {
  if (!receiving.has(loan.status)) throw businessRule('repayments.errors.notRepaying', { status: loan.status });
}

/**
 * The date of a receipt, temporary-amount movement or settlement on the loan: today (Hong Kong)
 * when not given; never in the future, and never before the day the money was lent (the payout
 * date) — the borrower owed nothing before it.
 */
export async function receiptDate(tx: Tx, loan: Pick<LoanRow, 'payoutDate'>, given: string | undefined, today?: string): Promise<string> {
  today ??= await businessToday(tx);
  const date = given ?? today;
  if (compareDates(date, today) > 0) throw businessRule('repayments.errors.dateInFuture', { today });
  if (loan.payoutDate && compareDates(date, loan.payoutDate) < 0) throw businessRule('repayments.errors.beforePayout', { date, payoutDate: loan.payoutDate });
  return date;
}

function toPreview(a: Allocation): AllocationPreview {
  return {
    repayDate: a.date,
    received: moneyText(a.received),
    overdueInterest: moneyText(a.overdueInterest),
    handlingFee: moneyText(a.handlingFee),
    interest: moneyText(a.interest),
    principal: moneyText(a.principal),
    tempAmount: moneyText(a.tempAmount),
    lines: a.lines.map((l) => ({
      tenor: l.tenor,
      overdueInterest: moneyText(l.overdueInterest),
      handlingFee: moneyText(l.handlingFee),
      interest: moneyText(l.interest),
      principal: moneyText(l.principal),
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
  const [{ state }, engine, [customer], current] = await Promise.all([
    loadRepaymentState(tx, loan),
    loadEngine(tx),
    tx.select({ name: customers.name, mobile1: customers.mobile1, mobile2: customers.mobile2, mobile3: customers.mobile3 }).from(customers).where(eq(customers.id, loan.customerId)),
    currentScheduleTerms(tx, loan),
  ]);
  const masking = await answerMasking(tx);
  // The due state on a date before the last receipt would rewrite history: shown as of that receipt.
  const on = state.lastRepaymentDate && compareDates(asOf, state.lastRepaymentDate) < 0 ? state.lastRepaymentDate : asOf;
  const overdue = accrueOverdue(state, on, engine.settings, engine.holidays);
  const days = new Map(overdue.lines.map((l) => [l.tenor, l.days]));
  const insts = overdue.state.instalments;
  const dueNow = insts.filter((i) => compareDates(i.dueDate, on) <= 0);
  const overdueAmount = dueNow.reduce((s, i) => s.plus(unpaidInstalment(i)), ZERO);
  // the next instalment still to fall due (on the date or later); those past due are the overdue ones
  const next = insts.find((i) => unpaidInstalment(i).gt(0) && compareDates(i.dueDate, on) >= 0);
  return {
    loanId: loan.id,
    storeId: loan.storeId,
    loanNo: loan.loanNo,
    status: loan.status,
    customerName: customer?.name ?? '',
    customerPhones: customer ? [customer.mobile1, customer.mobile2, customer.mobile3].flatMap((m) => (m ? [masked(m, masking) ?? ''] : [])) : [],
    loanAmount: loan.loanAmount,
    instalmentAmount: current.instalmentAmount,
    totalTenor: current.totalTenor,
    asOf: on,
    lastRepaymentDate: state.lastRepaymentDate,
    instalments: insts.map((i) => {
      const unpaid = unpaidInstalment(i);
      const cmp = compareDates(i.dueDate, on);
      return {
        tenor: i.tenor,
        dueDate: i.dueDate,
        principal: moneyText(i.principal),
        interest: moneyText(i.interest),
        paidPrincipal: moneyText(i.paidPrincipal),
        paidInterest: moneyText(i.paidInterest),
        unpaid: moneyText(unpaid),
        overdueDays: unpaid.gt(0) ? (days.get(i.tenor) ?? 0) : 0,
        overdueInterest: moneyText(unpaidOverdueInterest(i)),
        handlingFee: moneyText(unpaidFee(i)),
        state: unpaid.lte(0) ? 'paid' : cmp < 0 ? 'overdue' : cmp === 0 ? 'due' : 'future',
      };
    }),
    overdueAmount: moneyText(overdueAmount),
    overdueInterest: moneyText(overdue.overdueInterest),
    handlingFee: moneyText(overdue.fee),
    amountDue: moneyText(overdueAmount.plus(overdue.overdueInterest).plus(overdue.fee)),
    tempAmount: moneyText(state.tempAmount),
    unpaidPrincipal: moneyText(totalUnpaidPrincipal(state)),
    remainingScheduled: moneyText(remainingScheduled(state)),
    nextTenor: next?.tenor ?? null,
    nextDueDate: next?.dueDate ?? null,
  };
}

/** What a receipt would do, without writing anything (the domain's allocation). */
export async function previewReceipt(tx: Tx, ctx: ServiceContext, r: PreviewInput): Promise<AllocationPreview> {
  const loan = await loanRow(tx, ctx, r.loanId);
  assertReceiving(loan);
  if (r.repayType !== 'principal') return toPreview(await allocate(tx, loan, r, await receiptDate(tx, loan, r.repayDate)));
  // a principal receipt also shows the remaining schedule it leaves
  const date = await receiptDate(tx, loan, r.repayDate);
  const [{ state: before }, engine] = await Promise.all([loadRepaymentState(tx, loan, { allowPartialPrincipal: true }), loadEngine(tx)]);
  const a = allocateReceipt(before, { date, received: r.received, mode: 'principal' }, engine.settings, engine.holidays);
  const rescheduled = await planReschedule(tx, loan, before, a, engine, r.confirmExcess);
  // the receipt's principal is one line on the first rescheduled instalment, as posted
  const lines = instalmentDeltas(before, rescheduled.state)
    .filter((d) => [d.overdueInterest, d.handlingFee, d.interest, d.principal].some((v) => !v.isZero()))
    .map((d) => ({ tenor: d.tenor, overdueInterest: moneyText(d.overdueInterest), handlingFee: moneyText(d.handlingFee), interest: moneyText(d.interest), principal: moneyText(d.principal) }));
  return { ...toPreview(a), lines, reschedule: reschedulePreview(rescheduled) };
}

/**
 * The row an idempotency key already posted on the loan, if any. A retry with other figures is
 * refused (409); a true retry is logged and answered with that row.
 */
export async function retried(tx: Tx, ctx: ServiceContext, loan: LoanRow, key: string, same: (stored: typeof loanRepayments.$inferSelect) => boolean): Promise<RepaymentItem | null> {
  const [earlier] = await tx.select().from(loanRepayments).where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.idempotencyKey, key)));
  return earlier ? answerRetry(tx, ctx, loan, earlier, same) : null;
}

/** The answer to a retry of the row `earlier` (already read): refused (409) when it is not the same, else logged and answered. */
async function answerRetry(tx: Tx, ctx: ServiceContext, loan: LoanRow, earlier: typeof loanRepayments.$inferSelect, same: (stored: typeof loanRepayments.$inferSelect) => boolean): Promise<RepaymentItem> {
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
 * A receipt's retry: the receipt its key already posted on the loan (the same amount, way and
 * date), or null — from the context the route's lock read (`lockForReceipt`) when there is one.
 */
export const receiptRetry = (tx: Tx, ctx: ServiceContext, loan: LoanRow, r: ReceiptInput): Promise<RepaymentItem | null> =>
  retriedInContext(tx, ctx, loan, r.idempotencyKey, (stored) => sameReceipt(stored, r));

/** `retried`, answered from the context the route's lock read (`lockForReceipt`) when there is one: no read of its own. */
export async function retriedInContext(tx: Tx, ctx: ServiceContext, loan: LoanRow, key: string, same: (stored: typeof loanRepayments.$inferSelect) => boolean): Promise<RepaymentItem | null> {
  const c = heldContext(tx, loan.id);
  if (!c) return retried(tx, ctx, loan, key, same);
  return c.retry ? answerRetry(tx, ctx, loan, c.retry, same) : null;
}

const POST_RECEIPT = { name: 'harbour-post-receipt', text: 'select harbour_post_receipt($1::jsonb) as r' };

/**
 * Writes what the domain decided for a receipt row in ONE statement (`harbour_post_receipt`,
 * migrations 0063, 0064): the due summary (or its removal), the loan's new status (with a settlement's rate), the receipt number
 * (the store's counter stays locked from here until commit: gapless, in commit order), the journal
 * entry with the number in its memo and its lines, the receipt and its lines (the kept totals'
 * triggers add them), the promises whose judgement changed and the request's audit row (the
 * number and the entry's id added to its `after`; null: the caller writes it after). Answers the row.
 */
export async function writeReceipt(
  tx: Tx,
  ctx: ServiceContext,
  loan: LoanRow,
  p: {
    date: string;
    slot: CodeSlot;
    journal: JournalEntry;
    row: Omit<typeof loanRepayments.$inferInsert, 'storeId' | 'loanId' | 'repayNo' | 'repayDate' | 'journalEntryId' | 'createdBy'>;
    lines: readonly Omit<typeof loanRepaymentLines.$inferInsert, 'repaymentId'>[];
    /** the summary after the receipt, or null when the loan is no longer serviced (removed) */
    dueSummary: DueSummary | null;
    status: string | null;
    /** the loan's rate stored with the status (a settlement's or a reschedule's rate of the loan's flows) */
    rate?: { mloRate: string; mloStatus: string } | null;
    /** a principal receipt's new schedule (`rescheduleRows`), written after the receipt it names */
    reschedule?: ReturnType<typeof rescheduleRows> | null;
    promises: readonly { id: number; promiseState: string; promiseDecidedOn: string | null; promiseReceived: string }[];
    audit: AuditEntry | null;
  },
): Promise<typeof loanRepayments.$inferSelect> {
  const journal = journalRows(ctx, p.journal, { storeId: loan.storeId, date: p.date, loanId: loan.id });
  const payload = {
    loanId: loan.id,
    dueSummary: p.dueSummary ? jsonOfRow(loanDueSummaries, p.dueSummary) : null,
    removeDueSummary: p.dueSummary === null,
    status: p.status,
    rate: p.rate ?? null,
    reschedule: p.reschedule
      ? { revision: jsonOfRow(loanScheduleRevisions, p.reschedule.revision), instalments: p.reschedule.instalments.map((i) => jsonOfRow(loanInstalments, i)) }
      : null,
    code: { kind: p.slot.kind, storeKey: p.slot.storeKey, period: p.slot.period, head: p.slot.head, seqWidth: p.slot.seqWidth },
    entry: jsonOfRow(journalEntries, journal.entry),
    journalLines: journal.lines.map((l) => jsonOfRow(journalLines, l)),
    receipt: jsonOfRow(loanRepayments, { ...p.row, storeId: loan.storeId, loanId: loan.id, repayDate: p.date, createdBy: ctx.auth?.staffId ?? null }),
    lines: p.lines.map((l) => jsonOfRow(loanRepaymentLines, l)),
    promises: p.promises.map((u) => ({ id: u.id, promise_state: u.promiseState, promise_decided_on: u.promiseDecidedOn, promise_received: u.promiseReceived })),
    audit: p.audit ? jsonOfRow(auditLog, auditValues(tx, p.audit)) : null,
  };
  const [out] = await prepared<{ r: Record<string, unknown> }>(tx, { ...POST_RECEIPT, values: [payload] });
  if (p.audit) counted(tx, p.audit);
  return rowFromJson(loanRepayments, out!.r);
}

/**
 * Posts a receipt on the loan its caller locked (the counter's workflow action, `receipt` of
 * `REPAYMENT_ACTIONS`, after its retry). `opts` is for another module posting a receipt as part
 * of its own event (money an OCA agent recovered): the statuses that take it besides `repaying`,
 * and what the receipt's one audit row says of that event.
 */
export async function postReceipt(
  tx: Tx,
  ctx: ServiceContext,
  loan: LoanRow,
  r: ReceiptInput,
  opts: {
    receiving?: ReadonlySet<string>;
    audit?: Record<string, unknown>;
    /** where the money came in: a bank account of the loan's store, or the suspense account it was parked in */
    receivedInto?: { bankAccountId: number } | 'suspense';
  } = {},
): Promise<RepaymentItem> {
  assertReceiving(loan, opts.receiving);
  const principal = r.repayType === 'principal';
  // a bank statement's line names the bank account the money came into
  const bankAccountId = opts.receivedInto && opts.receivedInto !== 'suspense' ? opts.receivedInto.bankAccountId : undefined;
  // Everything read in one statement: by the route's lock (a principal receipt's with the loan's
  // flows, for its reschedule), or now (another module's receipt, on the loan it locked).
  const held = heldContext(tx, loan.id);
  const c = held && (!principal || held.flows) && bankAccountId === undefined ? held : await readReceiptContext(tx, ctx, loan.id, null, { flows: principal, bankAccountId });
  const today = c.today;
  const date = await receiptDate(tx, loan, r.repayDate, today);
  assertWithinActivePeriodDays(date, today, c.activePeriodDays);
  const before = c.state({ allowPartialPrincipal: r.repayType === 'principal' });
  const engine = c.engine;
  const a = allocateReceipt(before, { date, received: r.received, mode: r.repayType, tenor: r.tenor }, engine.settings, engine.holidays);
  // a principal receipt reschedules what is left: the state after it is on the new schedule
  if (principal && !c.flows) throw new Error('a principal receipt reads the loan\'s flows');
  const rescheduled = principal && c.flows ? planRescheduleFrom(loan, before, a, engine, c.flows, r.confirmExcess) : null;
  const after = rescheduled?.state ?? a.state;
  const me = ctx.auth?.staffId ?? null;
  const names = c.names;
  const completes = isFullyRepaid(after);
  const status = completes ? loanStatusSpec.machine.transition(loan.status as LoanStatus, 'settle') : null;
  const lines = receiptLines(loan, before, after, me);
  const receivedInto =
    opts.receivedInto === 'suspense' ? 'suspense' : receiptAccountOf(r.method, bankAccountId === undefined ? c.bankLedgerAccount : c.namedBankLedgerAccount);
  const received = moneyText(a.received);
  const auditAfter = {
    ...toPreview(a),
    loanNo: loan.loanNo,
    method: r.method,
    chequeNo: r.chequeNo,
    ...(completes ? { loanStatus: 'complete' } : {}),
    ...opts.audit,
  };
  // a principal receipt's new schedule (after the loan's current revision) and the rate of the whole loan on it
  const reschedule = rescheduled ? reschedulePreview(rescheduled) : null;
  const newSchedule = rescheduled ? rescheduleRows(loan, c.revision, date, rescheduled, me) : null;
  const rate = rescheduled ? rateColumns(rescheduled.loanRate.rate) : null;
  // Everything is decided: one statement writes it, the number taken in it (docs/repayments.md → Posting a receipt).
  const row = await writeReceipt(tx, ctx, loan, {
    date,
    slot: c.slot(date),
    // what the tips list and the reminders read, from the state after this receipt
    dueSummary: dueSummaryAfter({ ...loan, status: status ?? loan.status }, after, today, engine),
    status,
    rate,
    reschedule: newSchedule,
    // the loan's promises to pay, judged again with this receipt counted (collection/promise-outcomes.ts)
    promises: changedOutcomes(c.promises, () => [...c.promiseReceipts, { date, amount: received }], today),
    // the statement adds the number and the entry's id (a principal receipt's row also names its new schedule and rate)
    audit: {
      action: 'add',
      module: 'repayments',
      reference: null,
      after:
        reschedule && newSchedule && rate && rescheduled
          ? {
              ...auditAfter,
              scheduleRevision: newSchedule.revision.revision,
              reschedule: { ...reschedule, lines: reschedule.lines.length },
              mloRate: { before: loan.mloRate, after: rate.mloRate, status: rate.mloStatus, excessConfirmed: rescheduled.loanRate.excessConfirmed },
            }
          : auditAfter,
      recordStores: [loan.storeId],
    },
    journal: postRepayment({
      overdueInterest: moneyText(a.overdueInterest),
      handlingFee: moneyText(a.handlingFee),
      interest: moneyText(a.interest),
      principal: moneyText(a.principal),
      tempAmount: moneyText(a.tempAmount),
      receivedInto,
      memo: { loanNo: loan.loanNo ?? '', ...(r.chequeNo ? { chequeNo: r.chequeNo } : {}) },
    }),
    row: {
      repayType: r.repayType,
      tenor: r.repayType === 'instalment' ? (r.tenor ?? a.lines[0]?.tenor ?? null) : null,
      ...receiptAmounts(a),
      method: r.method,
      chequeNo: r.method === 'cheque' ? r.chequeNo : null,
      remarks: r.remarks,
      idempotencyKey: r.idempotencyKey,
    },
    lines,
  });
  const item = receiptItem({ r: row, loanNo: loan.loanNo, ...names, correction: null, correctorName: null, latest: true }, lines.map((l) => ({ ...l, repaymentId: row.id })));
  return { ...item, ...(reschedule ? { reschedule } : {}), balanceAfter: receiptBalance(after) };
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
  // a reloan's settlement was paid by the new loan's payout, not at the counter: it stands with it
  if (stored!.method === 'reloan') throw businessRule('repayments.errors.reloanReceipt');
  // an imported loan's opening position goes only with its import batch (docs/import.md)
  if (stored!.repayType === 'opening') throw businessRule('repayments.errors.openingReceipt');
  // No money came in with a temporary amount applied or refunded: it can be voided, not refunded.
  const fromTemporary = stored!.repayType === 'temporary' || stored!.repayType === 'temp-refund';
  if (fromTemporary && body.kind === 'refund') throw businessRule('repayments.errors.voidOnly');
  const { latestReceiptId } = await loadRepaymentState(tx, loan);
  if (latestReceiptId !== id) throw businessRule('repayments.errors.notLatest');
  await assertNoWaiverAfter(tx, loan.id, id);
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
  // the loan's promises to pay, judged again without this receipt
  await judgeLoanPromises(tx, loan.id, today);
  // A refund of a temporary amount paid nothing due: voiding it leaves a completed loan complete.
  // a principal receipt's schedule gives way to the one before it (a new revision)
  const restored = stored!.repayType === 'principal' ? await restoreSchedule(tx, ctx, loan, stored!, today) : null;
  const reopens = loan.status === 'complete' && stored!.repayType !== 'temp-refund';
  if (reopens) await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'unsettle', { audit: false });
  // a principal receipt or a settlement set the loan's rate: the flows it leaves set it again
  const mloRate = stored!.repayType === 'principal' || stored!.repayType === 'settlement' ? await restoreLoanRate(tx, loan) : null;
  await audit(tx, {
    action: body.kind,
    module: 'repayments',
    reference: id,
    before: { repayNo: receipt.repayNo, received: receipt.received, loanStatus: loan.status },
    after: {
      reason: body.reason,
      reversalEntryId: reversal,
      ...(reopens ? { loanStatus: 'repaying' } : {}),
      ...(restored ? { scheduleRevision: restored } : {}),
      ...(mloRate ? { mloRate } : {}),
      ...(ocaCharge ?? {}),
    },
    recordStores: [loan.storeId],
  });
  await refreshDueSummary(tx, loan.id);
  return getRepayment(tx, ctx, id);
}
