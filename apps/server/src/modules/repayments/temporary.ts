/**
 * A loan's temporary amount (what a receipt paid over what it could allocate, spec §3 "temp
 * amount") applied to what is due, or refunded to the customer. Each is a receipt row of its own
 * — `temporary` (no money received; the amount taken from the temporary amount is allocated like
 * a receipt) or `temp-refund` (money paid back) — with its number, one balanced journal entry and
 * one audit row, under the loan's row lock and an idempotency key, as a receipt is. Both are
 * corrected by voiding them (`correctReceipt`, latest first), which gives the amount back.
 */
import type { RepaymentItem, applyTemporaryBodySchema, refundTemporaryBodySchema } from '@harbour/contracts';
import {
  type Decimal,
  type RepaymentState,
  accrueOverdue,
  allocateReceipt,
  compareDates,
  dec,
  isFullyRepaid,
  minDec,
  moneyAccountFor,
  postTemporaryApplied,
  postTemporaryRefund,
  sum,
  unpaidInstalment,
  moneyText,
  type LoanStatus,
} from '@harbour/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { businessRule } from '../../platform/errors.js';
import { assertWithinActivePeriodDays } from '../../platform/active-period.js';
import type { ServiceContext } from '../../platform/context.js';
import { loanStatusSpec } from '../loan-core/status.js';
import type { LoanRow } from '../loan-core/row.js';
import { dueSummaryAfter } from './daily.js';
import { receiptItem } from './read.js';
import { assertReceiving, receiptDate, retriedInContext, writeReceipt } from './receipts.js';
import { type Engine, receiptBalance, receiptLines } from './state.js';
import { heldContext, readReceiptContext } from './context.js';
import { changedOutcomes } from '../collection/promise-outcomes.js';

type ApplyInput = z.output<typeof applyTemporaryBodySchema>;
type RefundInput = z.output<typeof refundTemporaryBodySchema>;

/** Statuses in which a held temporary amount may be paid back: still repaying, or completed. */
const REFUNDING = new Set(['repaying', 'complete']);

/** What clears everything due on the date: the unpaid instalments due by then, overdue interest and fees. */
function amountDueOn(state: RepaymentState, date: string, engine: Engine): Decimal {
  const accrued = accrueOverdue(state, date, engine.settings, engine.holidays);
  const dueNow = accrued.state.instalments.filter((i) => compareDates(i.dueDate, date) <= 0);
  return sum(dueNow.map(unpaidInstalment)).plus(accrued.overdueInterest).plus(accrued.fee);
}

function assertHeld(held: Decimal, wanted: Decimal): void {
  if (held.lte(0)) throw businessRule('repayments.errors.noTemporaryAmount');
  if (wanted.gt(held)) throw businessRule('repayments.errors.exceedsTemporary', { held: moneyText(held) });
}

/** An application's retry: the row its key already wrote, the same amount and date (`retriedInContext`). */
export const applyTemporaryRetry = (tx: Tx, ctx: ServiceContext, loan: LoanRow, r: ApplyInput) =>
  retriedInContext(
    tx,
    ctx,
    loan,
    r.idempotencyKey,
    (s) => s.repayType === 'temporary' && (r.amount === undefined || dec(s.tempOut).eq(dec(r.amount))) && (r.repayDate === undefined || s.repayDate === r.repayDate),
  );

/** A refund's retry: the row its key already wrote, the same amount and way (`retriedInContext`). */
export const refundTemporaryRetry = (tx: Tx, ctx: ServiceContext, loan: LoanRow, r: RefundInput) =>
  retriedInContext(tx, ctx, loan, r.idempotencyKey, (s) => s.repayType === 'temp-refund' && dec(s.paidOut).eq(dec(r.amount)) && s.method === r.method);

/**
 * Applies the held temporary amount to what is due on the date (repay type auto, instalment,
 * overdue interest or handling fee), as the domain allocates a receipt of that amount. Only what
 * the allocation uses is taken: nothing goes back into the temporary amount.
 */
export async function applyTemporary(tx: Tx, ctx: ServiceContext, loan: LoanRow, r: ApplyInput): Promise<RepaymentItem> {
  assertReceiving(loan);
  // everything read in one statement, as for a receipt (./context.ts): by the route's lock, or now
  const c = heldContext(tx, loan.id) ?? (await readReceiptContext(tx, ctx, loan.id, null));
  const date = await receiptDate(tx, loan, r.repayDate, c.today);
  assertWithinActivePeriodDays(date, c.today, c.activePeriodDays);
  const before = c.state();
  const engine = c.engine;
  const held = before.tempAmount;
  assertHeld(held, r.amount === undefined ? held : dec(r.amount));
  let offered = r.amount === undefined ? held : dec(r.amount);
  // Unasked, auto takes what is due on the date (not future instalments) and no more than is held.
  if (r.amount === undefined && r.repayType === 'auto') offered = minDec(held, amountDueOn(before, date, engine));
  if (offered.lte(0)) throw businessRule('repayments.errors.nothingDue');
  const receipt = { date, mode: r.repayType, tenor: r.tenor };
  const first = allocateReceipt(before, { ...receipt, received: offered }, engine.settings, engine.holidays);
  const taken = first.received.minus(first.tempAmount);
  if (taken.lte(0)) throw businessRule('repayments.errors.nothingDue');
  // The allocation of exactly what it used: the same split, with nothing left over.
  const a = first.tempAmount.isZero() ? first : allocateReceipt(before, { ...receipt, received: taken }, engine.settings, engine.holidays);
  const completes = isFullyRepaid(a.state);
  const status = completes ? loanStatusSpec.machine.transition(loan.status as LoanStatus, 'settle') : null;
  // the state after it: the allocation's, less what it took from the temporary amount
  const after = { ...a.state, tempAmount: held.minus(a.received) };
  const me = ctx.auth?.staffId ?? null;
  const lines = receiptLines(loan, before, a.state, me);
  // Everything is decided: one statement writes it (harbour_post_receipt, as a receipt's).
  const row = await writeReceipt(tx, ctx, loan, {
    date,
    slot: c.slot(date),
    dueSummary: dueSummaryAfter({ ...loan, status: status ?? loan.status }, after, c.today, engine),
    status,
    // the promises, judged again with this row counted (nothing received)
    promises: changedOutcomes(c.promises, () => [...c.promiseReceipts, { date, amount: '0.00' }], c.today),
    journal: postTemporaryApplied({
      overdueInterest: moneyText(a.overdueInterest),
      handlingFee: moneyText(a.handlingFee),
      interest: moneyText(a.interest),
      principal: moneyText(a.principal),
      tempAmount: moneyText(a.tempAmount),
      memo: { loanNo: loan.loanNo ?? '' },
    }),
    row: {
      repayType: 'temporary',
      tenor: r.repayType === 'instalment' ? (r.tenor ?? a.lines[0]?.tenor ?? null) : null,
      received: '0',
      overdueInterest: moneyText(a.overdueInterest),
      handlingFee: moneyText(a.handlingFee),
      interest: moneyText(a.interest),
      principal: moneyText(a.principal),
      tempIn: '0',
      tempOut: moneyText(a.received),
      method: null,
      idempotencyKey: r.idempotencyKey,
    },
    lines,
    // the number and the entry's id are added to `after` by the statement
    audit: {
      action: 'add',
      module: 'repayments',
      reference: null,
      before: { tempAmount: moneyText(held) },
      after: {
        loanNo: loan.loanNo,
        repayType: 'temporary',
        appliedAs: r.repayType,
        tempUsed: moneyText(a.received),
        overdueInterest: moneyText(a.overdueInterest),
        handlingFee: moneyText(a.handlingFee),
        interest: moneyText(a.interest),
        principal: moneyText(a.principal),
        tempAmount: moneyText(held.minus(a.received)),
        ...(completes ? { loanStatus: 'complete' } : {}),
      },
      recordStores: [loan.storeId],
    },
  });
  const item = receiptItem({ r: row, loanNo: loan.loanNo, ...c.names, correction: null, correctorName: null, latest: true }, lines.map((l) => ({ ...l, repaymentId: row.id })));
  return { ...item, balanceAfter: receiptBalance(after) };
}

/** Pays part or all of the held temporary amount back to the customer, today, by the given way. */
export async function refundTemporary(tx: Tx, ctx: ServiceContext, loan: LoanRow, r: RefundInput): Promise<RepaymentItem> {
  if (!REFUNDING.has(loan.status)) throw businessRule('repayments.errors.notRefundable', { status: loan.status });
  // everything read in one statement, as for a receipt (./context.ts): by the route's lock, or now
  const c = heldContext(tx, loan.id) ?? (await readReceiptContext(tx, ctx, loan.id, null));
  const date = c.today;
  const state = c.state();
  const held = state.tempAmount;
  const amount = dec(r.amount);
  assertHeld(held, amount);
  // the state after it: what is held less what was paid back, and this row the latest
  const after = { ...state, tempAmount: held.minus(amount), lastRepaymentDate: date };
  // Everything is decided: one statement writes it (harbour_post_receipt, as a receipt's).
  const row = await writeReceipt(tx, ctx, loan, {
    date,
    slot: c.slot(date),
    dueSummary: dueSummaryAfter(loan, after, date, c.engine),
    status: null,
    // the promises, judged again with this row counted (nothing received)
    promises: changedOutcomes(c.promises, () => [...c.promiseReceipts, { date, amount: '0.00' }], date),
    journal: postTemporaryRefund({ amount: moneyText(amount), paidFrom: moneyAccountFor(r.method), memo: { loanNo: loan.loanNo ?? '', ...(r.chequeNo ? { chequeNo: r.chequeNo } : {}) } }),
    row: {
      repayType: 'temp-refund',
      received: '0',
      tempIn: '0',
      overdueInterest: '0',
      handlingFee: '0',
      interest: '0',
      principal: '0',
      tempOut: moneyText(amount),
      paidOut: moneyText(amount),
      method: r.method,
      chequeNo: r.method === 'cheque' ? r.chequeNo : null,
      remarks: r.reason,
      idempotencyKey: r.idempotencyKey,
    },
    lines: [],
    // the number and the entry's id are added to `after` by the statement
    audit: {
      action: 'refund',
      module: 'repayments',
      reference: null,
      before: { tempAmount: moneyText(held) },
      after: { loanNo: loan.loanNo, paidOut: moneyText(amount), method: r.method, chequeNo: r.chequeNo, reason: r.reason, tempAmount: moneyText(held.minus(amount)) },
      recordStores: [loan.storeId],
    },
  });
  return { ...receiptItem({ r: row, loanNo: loan.loanNo, ...c.names, correction: null, correctorName: null, latest: true }, []), balanceAfter: receiptBalance(after) };
}
