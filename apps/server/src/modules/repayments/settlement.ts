/**
 * Early settlement (MLO s.21; spec §5): the borrower repays early by paying the outstanding
 * principal with interest to the date of payment. The quote is the domain's `settlementQuote`
 * (actuarial, or the rule of 78 when the loan says so; the lock-period fee of the current
 * approval, bounded by s.21 from the loan's flows so far and its stored rate — `lockPeriodFeeCeiling`);
 * posting it writes one receipt of repay type `settlement` whose lines
 * (`settlementAllocation`) leave nothing to pay, its balanced journal entry (`postEarlySettlement`),
 * stores the settled loan's rate, and completes the loan — in one transaction under the loan's row lock, or nothing. A void of the
 * receipt (the `correct` action) reverses it and the loan takes repayments again.
 *
 * At the counter it is a receipt's two statements (docs/repayments.md → Posting a receipt): the
 * route's lock reads the receipt's context with what the quote reads besides
 * (`lockForSettlement`: the lock period, the loan's flows for s.21, the maximum APR settings), the
 * domain quotes and splits it in Node (`quoteFrom`), and `harbour_post_receipt` writes the status
 * and rate, the due summary's removal, the number, entry, receipt, lines, promises and audit row.
 */
import { loanPapersSchema, type ReceiptMethod, type RepaymentItem, type SettlementQuoteAnswer, type SettlementResult, type settlementBodySchema } from '@harbour/contracts';
import {
  type Decimal,
  type SettlementQuote,
  ZERO,
  addDays,
  addMonthsClamped,
  checkMaxApr,
  compareDates,
  formatRate,
  minDec,
  type MoneyAccount,
  postEarlySettlement,
  settlementAllocation,
  settlementCapBound,
  settlementQuote,
  settlementReceiptParts,
  sum,
  moneyText as money,
} from '@harbour/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { customers, loanApprovals, loanRepayments } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { assertWithinActivePeriodDays } from '../../platform/active-period.js';
import { receiptAccountOf } from '../../platform/ledger.js';
import type { ServiceContext } from '../../platform/context.js';
import { dueSummaryAfter } from './daily.js';
import { loanStatusSpec } from '../loan-core/status.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { readCompanyInfo } from '../company/service.js';
import { readSettings } from '../../platform/settings.js';
import { receiptItem } from './read.js';
import { assertReceiving, receiptDate, retriedInContext, writeReceipt } from './receipts.js';
import { loanRateOf, rateColumns, s21ContextOf } from './loan-rate.js';
import { type Engine, loadEngine, loadRepaymentState, receiptBalance } from './state.js';
import { type FlowReads, heldContext, readReceiptContext, type ReceiptContext } from './context.js';
import { changedOutcomes } from '../collection/promise-outcomes.js';
import type { LoanStatus } from '@harbour/domain';

type SettlementBody = z.output<typeof settlementBodySchema>;

/** The current approval's early-settle lock period (months from the loan date) and its fee. */
async function lockPeriodOf(tx: DbOrTx, loanId: number): Promise<{ months: number; fee: string | null }> {
  const [approval] = await tx
    .select({ months: loanApprovals.earlySettleLockMonths, fee: loanApprovals.lockPeriodFee })
    .from(loanApprovals)
    .where(and(eq(loanApprovals.loanId, loanId), eq(loanApprovals.decision, 'approve')))
    .orderBy(desc(loanApprovals.id))
    .limit(1);
  return { months: approval?.months ?? 0, fee: approval?.fee ?? null };
}

export interface Quoted {
  quote: SettlementQuote;
  allocation: ReturnType<typeof settlementAllocation>;
  lockPeriodEnds: string | null;
  inLockPeriod: boolean;
  before: Awaited<ReturnType<typeof loadRepaymentState>>['state'];
  engine: Engine;
  /** the company's maximum APR when the settlement's rate is above it and the settings ask to confirm (else null) */
  confirmMaxApr: string | null;
}

/** The domain's quote and its lines for the loan on `date` (a reloan's approval and payout quote the old loan with it). */
export async function quoteOn(tx: DbOrTx, loan: LoanRow, date: string): Promise<Quoted> {
  const [{ state }, engine, lock, s21, company] = await Promise.all([
    loadRepaymentState(tx, loan),
    loadEngine(tx),
    lockPeriodOf(tx, loan.id),
    s21ContextOf(tx, loan),
    readSettings(tx, ['maxApr', 'maxAprExcessAction']),
  ]);
  return quoteFrom(loan, date, { state, engine, lock, history: s21.history, company });
}

/** The domain's quote and its lines from what was read (by `quoteOn`, or by the settlement's lock in one statement). */
export function quoteFrom(loan: LoanRow, date: string, r: Omit<FlowReads, 'rule'> & { state: Quoted['before']; engine: Engine }): Quoted {
  const { state, engine, lock, company } = r;
  const s21 = { history: r.history, loanRate: loanRateOf(loan) };
  // the domain bounds the lock-period fee by s.21 from the loan's flows so far and its stored rate
  const quote = settlementQuote(
    state,
    date,
    // and rebates what s.21's figure pays above the cap (48%, or the company maximum that refuses)
    { method: loan.ruleOf78 ? 'rule-of-78' : 'actuarial', lockPeriodMonths: lock.months, lockPeriodFee: lock.fee ?? undefined, s21, capBound: settlementCapBound(company) },
    engine.settings,
    engine.holidays,
  );
  const allocation = settlementAllocation(state, quote, engine.settings, engine.holidays);
  const lockEnd = lock.months > 0 ? addMonthsClamped(state.loanDate, lock.months) : null;
  return {
    quote,
    allocation,
    lockPeriodEnds: lockEnd ? addDays(lockEnd, -1) : null,
    inLockPeriod: lockEnd !== null && compareDates(date, lockEnd) < 0,
    before: state,
    engine,
    // above the company's maximum under prompt-and-block the bound above already rebated it away
    confirmMaxApr: quote.settlementRate !== null && checkMaxApr(quote.settlementRate, company).needsConfirmation ? (company.maxApr ?? null) : null,
  };
}

async function customerName(tx: Tx, loan: LoanRow): Promise<string> {
  const [c] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, loan.customerId));
  return c?.name ?? '';
}

function toAnswer(loan: LoanRow, name: string, q: Quoted, lender: SettlementQuoteAnswer['lender']): SettlementQuoteAnswer {
  return { ...quoteFigures(loan, name, q), lender };
}

/** The quote as answered, without the lender's particulars (what a settlement's audit row keeps). */
function quoteFigures(loan: LoanRow, name: string, q: Quoted): Omit<SettlementQuoteAnswer, 'lender'> {
  const s = q.quote;
  return {
    loanId: loan.id,
    loanNo: loan.loanNo ?? '',
    customerName: name,
    status: loan.status,
    asOf: s.date,
    method: s.method,
    principal: money(s.principal),
    interest: money(s.interest),
    rebate: money(s.rebate),
    lockPeriodFee: money(s.lockPeriodFee),
    agreedLockPeriodFee: money(s.agreedLockPeriodFee),
    lockPeriodFeeCeiling: s.lockPeriodFeeCeiling === null ? null : money(s.lockPeriodFeeCeiling),
    loanRate: formatRate(loanRateOf(loan)),
    settlementRate: s.settlementRate === null ? null : formatRate(s.settlementRate),
    capRebate: money(s.capRebate),
    overdueInterest: money(s.overdueInterest),
    handlingFee: money(s.handlingFee),
    total: money(s.total),
    tempAmount: money(s.tempAmount),
    payable: money(s.payable),
    remainingScheduled: money(s.remainingScheduled),
    inLockPeriod: q.inLockPeriod,
    lockPeriodEnds: q.lockPeriodEnds,
    confirmMaxApr: q.confirmMaxApr,
    lines: q.allocation.lines
      .filter((l) => [l.overdueInterest, l.handlingFee, l.interest, l.principal, l.interestWaived].some((v) => !v.isZero()))
      .map((l) => ({
        tenor: l.tenor,
        overdueInterest: money(l.overdueInterest),
        handlingFee: money(l.handlingFee),
        interest: money(l.interest),
        principal: money(l.principal),
        interestWaived: money(l.interestWaived),
      })),
  };
}

/** What settling the loan on a date (default today) costs; nothing is written. */
export async function settlementQuoteOf(tx: Tx, ctx: ServiceContext, loanId: number, date: string | undefined): Promise<SettlementQuoteAnswer> {
  const loan = await loanRow(tx, ctx, loanId);
  assertReceiving(loan);
  const on = await receiptDate(tx, loan, date);
  const [q, name, company] = await Promise.all([quoteOn(tx, loan, on), customerName(tx, loan), readCompanyInfo(tx)]);
  return toAnswer(loan, name, q, loanPapersSchema.shape.lender.parse(company));
}

/** A retry must be the same settlement: a settlement, the same way and date as its key posted. */
function sameSettlement(stored: typeof loanRepayments.$inferSelect, b: SettlementBody): boolean {
  return stored.repayType === 'settlement' && stored.method === b.method && (b.repayDate === undefined || stored.repayDate === b.repayDate);
}

/**
 * A settlement's retry: the receipt its key already posted and the loan's status now (the row the
 * route's lock read), or null — answered from the context the lock read (`lockForSettlement`).
 */
export async function settlementRetry(tx: Tx, ctx: ServiceContext, loan: LoanRow, b: SettlementBody): Promise<SettlementResult | null> {
  const again = await retriedInContext(tx, ctx, loan, b.idempotencyKey, (stored) => sameSettlement(stored, b));
  return again ? { repayment: again, loanStatus: loan.status } : null;
}

/** The settlement's context: the one the route's lock read (`lockForSettlement`), or read now in one statement. */
async function settlementContext(tx: Tx, ctx: ServiceContext, loan: LoanRow): Promise<ReceiptContext & { flows: FlowReads }> {
  const held = heldContext(tx, loan.id);
  const c = held?.flows ? held : await readReceiptContext(tx, ctx, loan.id, null, { flows: true });
  return c as ReceiptContext & { flows: FlowReads };
}

export async function postSettlement(tx: Tx, ctx: ServiceContext, loan: LoanRow, b: SettlementBody): Promise<SettlementResult> {
  assertReceiving(loan);
  const c = await settlementContext(tx, ctx, loan);
  const date = await receiptDate(tx, loan, b.repayDate, c.today);
  assertWithinActivePeriodDays(date, c.today, c.activePeriodDays);
  const q = quoteFrom(loan, date, { ...c.flows, state: c.state(), engine: c.engine });
  const s = q.quote;
  if (s.total.lte(ZERO)) throw businessRule('settlement.errors.nothingToSettle');
  // the company's maximum APR applies its excess action to the settlement as to every step
  if (q.confirmMaxApr !== null && !b.confirmExcess) throw businessRule('settlement.errors.confirmMaxApr', { rate: formatRate(s.settlementRate!), maxApr: q.confirmMaxApr });
  // the temporary amount held is applied first (up to the total); the rest is received
  const tempApplied = b.useTemporary ? minDec(s.tempAmount, s.total) : ZERO;
  const { repayment } = await writeSettlement(tx, ctx, loan, q, c, {
    date,
    tempApplied,
    method: b.method,
    receivedInto: receiptAccountOf(b.method, c.bankLedgerAccount),
    chequeNo: b.method === 'cheque' ? b.chequeNo : null,
    remarks: b.remarks,
    idempotencyKey: b.idempotencyKey,
    action: 'settle',
    excessConfirmed: q.confirmMaxApr !== null,
  });
  return { repayment, loanStatus: 'complete' };
}

/** How a settlement is paid and what it does to the loan: `settle` (complete) or `reloan` (reloaned, paid out of the new loan). */
interface SettlementWrite {
  date: string;
  tempApplied: Decimal;
  method: ReceiptMethod;
  receivedInto: MoneyAccount | 'reloanClearing';
  chequeNo?: string | null;
  remarks?: string | null;
  idempotencyKey: string;
  action: 'settle' | 'reloan';
  /** what the journal memo and the audit row add (a reloan: the new loan's numbers) */
  refs?: Record<string, string>;
  /** the rate is above the company's maximum APR and the user confirmed going ahead */
  excessConfirmed?: boolean;
}

/** A settlement receipt written: its id, number, what its audit row says of it, and the receipt as answered. */
export interface WrittenSettlement {
  id: number;
  repayNo: string;
  record: Record<string, unknown>;
  repayment: RepaymentItem;
}

/**
 * The settlement receipt of quote `q` in ONE statement (`writeReceipt`): the loan's status and
 * rate, its due summary removed, the number, the balanced journal entry, the receipt row and its
 * lines, the promises judged again and (a counter settlement) its audit row. `c`: the loan's
 * receipt context (the number's slot, the promises, the names the answer shows).
 */
async function writeSettlement(tx: Tx, ctx: ServiceContext, loan: LoanRow, q: Quoted, c: ReceiptContext, w: SettlementWrite): Promise<WrittenSettlement> {
  const s = q.quote;
  const { date, tempApplied } = w;
  const received = s.total.minus(tempApplied);
  const waived = sum(q.allocation.lines.map((l) => l.interestWaived));
  // what the receipt records as received for each part, net of the cap rebate (s21.ts)
  const parts = settlementReceiptParts(s, waived);
  const me = ctx.auth?.staffId ?? null;
  // the settled loan's rate: the rate of its actual flows, the settlement the last of them
  const settledRate = s.settlementRate === null ? null : rateColumns(s.settlementRate);
  // the status table's step (settle → complete, reloan → reloaned); the statement writes it
  const loanStatus = loanStatusSpec.machine.transition(loan.status as LoanStatus, w.action);
  // the audit row keeps the quote without the lender's particulars
  const answer = quoteFigures(loan, c.names.customerName, q);
  const lines = q.allocation.lines.map((l) => ({
    storeId: loan.storeId,
    loanId: loan.id,
    tenor: l.tenor,
    overdueInterestCharged: money(l.overdueInterestCharged),
    feeCharged: money(l.feeCharged),
    accruedTo: l.accruedTo,
    overdueInterest: money(l.overdueInterest),
    handlingFee: money(l.handlingFee),
    interest: money(l.interest),
    principal: money(l.principal),
    interestWaived: money(l.interestWaived),
    createdBy: me,
  }));
  const record = {
    loanNo: loan.loanNo,
    repayType: 'settlement',
    repayDate: date,
    method: w.method,
    chequeNo: w.chequeNo ?? undefined,
    received: money(received),
    tempApplied: money(tempApplied),
    interestWaived: money(waived),
    capRebate: money(s.capRebate),
    quote: { ...answer, lines: undefined },
    lines: answer.lines,
    loanStatus,
    ...(settledRate ? { mloRate: { before: loan.mloRate, after: settledRate.mloRate, status: settledRate.mloStatus } } : {}),
    ...w.refs,
    ...(w.excessConfirmed ? { excessConfirmed: true } : {}),
  };
  // Everything is read and decided: one statement writes it, the number taken in it.
  const row = await writeReceipt(tx, ctx, loan, {
    date,
    slot: c.slot(date),
    // a completed (or reloaned) loan leaves the tips list and the reminders
    dueSummary: dueSummaryAfter({ ...loan, status: loanStatus }, q.allocation.state, c.today, q.engine),
    status: loanStatus,
    rate: settledRate,
    // the loan's promises to pay, judged again with this receipt counted
    promises: changedOutcomes(c.promises, () => [...c.promiseReceipts, { date, amount: money(received) }], c.today),
    // a request writes one audit row: a reloan's settlement is recorded in its payout's (the statement adds the number and entry)
    audit: w.action === 'settle' ? { action: 'add', module: 'repayments', reference: null, after: record, recordStores: [loan.storeId] } : null,
    journal: postEarlySettlement({
      principal: money(s.principal),
      interest: money(s.interest),
      rebate: money(s.rebate),
      capRebate: money(s.capRebate),
      lockPeriodFee: money(s.lockPeriodFee),
      overdueInterest: money(s.overdueInterest),
      handlingFee: money(s.handlingFee),
      tempApplied: money(tempApplied),
      receivedInto: w.receivedInto,
      memo: { loanNo: loan.loanNo ?? '', ...(w.chequeNo ? { chequeNo: w.chequeNo } : {}), ...w.refs },
    }),
    row: {
      repayType: 'settlement',
      tenor: null,
      received: money(received),
      overdueInterest: money(s.overdueInterest),
      handlingFee: money(s.handlingFee),
      interest: money(parts.interest),
      principal: money(parts.principal),
      lockPeriodFee: money(parts.lockPeriodFee),
      rebate: money(parts.givenUp),
      tempIn: '0',
      tempOut: money(tempApplied),
      method: w.method,
      chequeNo: w.chequeNo ?? null,
      remarks: w.remarks ?? null,
      idempotencyKey: w.idempotencyKey,
    },
    lines,
  });
  const { repayNo, journalEntryId: entryId } = row;
  const repayment = receiptItem({ r: row, loanNo: loan.loanNo, ...c.names, correction: null, correctorName: null, latest: true }, lines.map((l) => ({ ...l, repaymentId: row.id })));
  return { id: row.id, repayNo, record: { repayNo, ...record, journalEntryId: entryId }, repayment: { ...repayment, balanceAfter: receiptBalance(q.allocation.state) } };
}

/**
 * A reloan's payout settles the old loan (spec §3 reloan number): the s.21 quote on the payout
 * date, less any temporary amount it holds, is paid out of the new loan — a settlement receipt of
 * method `reloan` received into reloan clearing (the new loan's payout credits the same amount),
 * and the old loan becomes `reloaned`. The caller holds the old loan's row lock and has quoted it
 * (`quoteOn`) to size the payout, and records the receipt in the payout's audit row.
 */
export async function settleByReloan(tx: Tx, ctx: ServiceContext, old: LoanRow, q: Quoted, refs: { applyNo: string; loanNo: string }): Promise<WrittenSettlement> {
  // the number's slot, the promises and the names, read in one statement under the lock the caller holds
  const c = await readReceiptContext(tx, ctx, old.id, null);
  return writeSettlement(tx, ctx, old, q, c, {
    date: q.quote.date,
    tempApplied: minDec(q.quote.tempAmount, q.quote.total),
    method: 'reloan',
    receivedInto: 'reloanClearing',
    idempotencyKey: `reloan:${refs.applyNo}`,
    action: 'reloan',
    refs: { reloanApplyNo: refs.applyNo, reloanLoanNo: refs.loanNo },
  });
}
