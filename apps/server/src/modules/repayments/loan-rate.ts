/**
 * The loan's rate at the steps after payout (issue 25, "lawful at every step"): the whole loan's
 * real cash flows — what the borrower received at payout, every standing receipt on its date, and
 * what is left to pay or the settlement — read from the database and handed to the domain
 * (`countedInRate`, `withRemainingSchedule`, `mloEffectiveRate`). A reschedule above the cap or
 * the company's maximum is refused (`assertLawfulRate`); an accepted reschedule and an early
 * settlement store their rate on the loan (`loans.mlo_rate`, `mlo_status`: the rate of its last
 * accepted cash flows), recorded in the step's own audit row.
 */
import {
  type Decimal,
  type LoanCashFlows,
  type RepaymentState,
  type S21Context,
  countedInRate,
  dec,
  formatRate,
  mloEffectiveRate,
  mloStatus,
  percentToFraction,
  storedRate,
  withRemainingSchedule,
  moneyText,
} from '@harbour/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanApprovals, loanPayouts, loanRepayments, loans } from '../../db/schema/index.js';
import { lawfulRate, type LawfulRate } from '../../platform/lawful-rate.js';
import type { SystemSettings } from '@harbour/contracts';
import type { LoanRow } from '../loan-core/row.js';
import { loadRepaymentState, standing } from './state.js';

/**
 * What the borrower received at payout, on its date: the amount paid to them plus any old loan it
 * settled (that repays their own debt; only what was kept back is not received). A loan without a
 * payout row (taken over from an earlier system) reads its approval's received amount on its loan date.
 */
async function receivedAtPayout(tx: DbOrTx, loan: LoanRow): Promise<{ lentOn: string; received: string }> {
  const [payout] = await tx
    .select({ date: loanPayouts.payoutDate, amountReceived: loanPayouts.amountReceived, oldLoanSettled: loanPayouts.oldLoanSettled })
    .from(loanPayouts)
    .where(eq(loanPayouts.loanId, loan.id));
  if (payout) return { lentOn: loan.payoutDate ?? payout.date, received: moneyText(dec(payout.amountReceived).plus(dec(payout.oldLoanSettled))) };
  const [approval] = await tx
    .select({ received: loanApprovals.actualReceivedAmount })
    .from(loanApprovals)
    .where(eq(loanApprovals.loanId, loan.id))
    .orderBy(desc(loanApprovals.id))
    .limit(1);
  return { lentOn: loan.payoutDate ?? loan.loanDate, received: approval?.received ?? loan.loanAmount };
}

/** The rows the loan's flows are made of, as `harbour_receipt_context` reads them (migration 0064). */
export interface HistoryRows {
  payout: { date: string; amountReceived: string; oldLoanSettled: string } | null;
  /** the latest approval's received amount (read for a loan without a payout row) */
  approvalReceived: string | null;
  /** the standing receipts in date order */
  receipts: { date: string; received: string; paidOut: string; overdueInterest: string; handlingFee: string }[];
}

/** The loan's real flows from its rows (as `loanHistory` reads them, in one statement's answer). */
export function loanHistoryOf(loan: Pick<LoanRow, 'payoutDate' | 'loanDate' | 'loanAmount'>, h: HistoryRows): LoanCashFlows {
  const start = h.payout
    ? { lentOn: loan.payoutDate ?? h.payout.date, received: moneyText(dec(h.payout.amountReceived).plus(dec(h.payout.oldLoanSettled))) }
    : { lentOn: loan.payoutDate ?? loan.loanDate, received: h.approvalReceived ?? loan.loanAmount };
  return { ...start, payments: h.receipts.map((r) => ({ date: r.date, amount: countedInRate(r) })) };
}

/** The loan's real flows so far: received at payout, every standing receipt as the rate counts it. */
export async function loanHistory(tx: DbOrTx, loan: LoanRow): Promise<LoanCashFlows> {
  const [start, rows] = await Promise.all([
    receivedAtPayout(tx, loan),
    tx
      .select({
        date: loanRepayments.repayDate,
        received: loanRepayments.received,
        paidOut: loanRepayments.paidOut,
        overdueInterest: loanRepayments.overdueInterest,
        handlingFee: loanRepayments.handlingFee,
      })
      .from(loanRepayments)
      .where(standing(loan.id))
      .orderBy(asc(loanRepayments.repayDate), asc(loanRepayments.id)),
  ]);
  return { ...start, payments: rows.map((r) => ({ date: r.date, amount: countedInRate(r) })) };
}

/** The loan's stored rate (percent) as the fraction the domain reads. */
export const loanRateOf = (loan: Pick<LoanRow, 'mloRate'>): Decimal => percentToFraction(loan.mloRate);

/** What bounds the loan's early settlement (s.21): its flows so far and its stored rate. */
export async function s21ContextOf(tx: DbOrTx, loan: LoanRow): Promise<S21Context> {
  return { history: await loanHistory(tx, loan), loanRate: loanRateOf(loan) };
}

/** A receipt about to be posted (not yet in the history): its date and what the rate counts of it. */
export interface PendingReceipt {
  date: string;
  received: Decimal;
  overdueInterest: Decimal;
  handlingFee: Decimal;
}

/** The rate a reschedule leaves, as checked and as the loan will store it. */
export interface RescheduleRate extends LawfulRate {
  rate: Decimal;
}

/**
 * A partial principal repayment's new schedule, checked on the WHOLE loan: received at payout,
 * every standing receipt, this receipt, and the new schedule's unpaid instalments on their due
 * dates. Above 48% refused; above the company's maximum APR its excess action applies.
 */
export function rescheduleLawful(
  loan: LoanRow,
  history: LoanCashFlows,
  company: Pick<SystemSettings, 'maxApr' | 'maxAprExcessAction'>,
  receipt: PendingReceipt,
  after: RepaymentState,
  confirmExcess?: boolean,
): RescheduleRate {
  const withReceipt = { ...history, payments: [...history.payments, { date: receipt.date, amount: countedInRate(receipt) }] };
  const rate = mloEffectiveRate(withRemainingSchedule(withReceipt, after, receipt.date));
  const lawful = lawfulRate(
    rate,
    {
      illegal: 'repayments.errors.rescheduleIllegalRate',
      aboveMaxApr: 'repayments.errors.rescheduleAboveMaxApr',
      confirmMaxApr: 'repayments.errors.rescheduleConfirmMaxApr',
      params: { principal: moneyText(receipt.received), loanRate: formatRate(loanRateOf(loan)) },
      confirmExcess: confirmExcess ?? false,
    },
    company,
  );
  return { ...lawful, rate };
}

/** The columns a step writes on the loan for the rate of its accepted flows. */
export const rateColumns = (rate: Decimal) => ({ mloRate: storedRate(rate), mloStatus: mloStatus(rate) });

/** Stores the rate of the loan's last accepted cash flows; answers what its audit row records. */
export async function storeLoanRate(tx: Tx, loan: LoanRow, rate: Decimal): Promise<{ before: string; after: string; status: string }> {
  const set = rateColumns(rate);
  await tx.update(loans).set({ ...set, updatedAt: new Date() }).where(eq(loans.id, loan.id));
  return { before: loan.mloRate, after: set.mloRate, status: set.mloStatus };
}

/**
 * The rate of the loan's flows as they now stand — received at payout, every standing receipt,
 * and what is left of its current schedule on the due dates — stored on the loan. After a
 * principal receipt or a settlement is voided or refunded, the loan's flows are the earlier ones again.
 */
export async function restoreLoanRate(tx: Tx, loan: LoanRow): Promise<{ before: string; after: string; status: string }> {
  const [history, { state }] = await Promise.all([loanHistory(tx, loan), loadRepaymentState(tx, loan)]);
  const rate = mloEffectiveRate(withRemainingSchedule(history, state, state.lastRepaymentDate ?? history.lentOn));
  return storeLoanRate(tx, loan, rate);
}
