/**
 * A loan's repayment state as the domain reads it (`RepaymentState`), built from the database:
 * the instalments persisted at payout, plus the lines of every receipt still standing (not voided
 * or refunded) — what each paid and the overdue interest and fees charged up to its date — and
 * the approval's overdue rate and penalty. Nothing here computes money: sums of stored amounts
 * in SQL, then `@harbour/domain`.
 */
import { type Allocation, type RepaymentState, ZERO, balanceAfter, createRepaymentState, dec, sum, moneyText } from '@harbour/domain';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { RepaymentItem } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import { loanApprovals, loanInstalments, loanRepaymentCorrections, loanRepaymentLines, loanRepayments } from '../../db/schema/index.js';
import { loanWaiverLines, loanWaiverVoids, loanWaivers } from '../../db/schema/index.js';
import { currentInstalments } from '../loan-core/instalments.js';
import type { LoanRow } from '../loan-core/row.js';

// the engine lives below the loan areas (payouts read it too); the repayment rules take it with the state
export { type Engine, loadEngine } from '../loan-core/engine.js';

/** Receipts of the loan not corrected (voided or refunded). */
export const standing = (loanId: number) =>
  and(
    eq(loanRepayments.loanId, loanId),
    isNull(
      sql`(select ${loanRepaymentCorrections.id} from ${loanRepaymentCorrections} where ${loanRepaymentCorrections.repaymentId} = ${loanRepayments.id})`,
    ),
  );

/** Waivers of the loan not voided. */
export const standingWaivers = (loanId: number) =>
  and(
    eq(loanWaivers.loanId, loanId),
    isNull(sql`(select ${loanWaiverVoids.id} from ${loanWaiverVoids} where ${loanWaiverVoids.waiverId} = ${loanWaivers.id})`),
  );

export interface LoadedState {
  state: RepaymentState;
  /** the loan's latest standing receipt (only it may be corrected) */
  latestReceiptId: number | null;
}

/**
 * `throughReceipt`: the state right after that receipt (the receipts standing up to and including
 * it, on the current schedule) — what a reprinted receipt says it left owing.
 */
export async function loadRepaymentState(tx: DbOrTx, loan: LoanRow, opts: { allowPartialPrincipal?: boolean; throughReceipt?: number } = {}): Promise<LoadedState> {
  const receipts = opts.throughReceipt === undefined ? standing(loan.id) : and(standing(loan.id), lte(loanRepayments.id, opts.throughReceipt));
  const [instalments, [approval], paid, [totals], waived, [waivedTotals]] = await Promise.all([
    tx.select().from(loanInstalments).where(currentInstalments(loan.id)).orderBy(asc(loanInstalments.tenor)),
    tx
      .select({ overdueRate: loanApprovals.overdueRate, overduePenalty: loanApprovals.overduePenalty })
      .from(loanApprovals)
      .where(and(eq(loanApprovals.loanId, loan.id), eq(loanApprovals.decision, 'approve')))
      .orderBy(desc(loanApprovals.id))
      .limit(1),
    tx
      .select({
        tenor: loanRepaymentLines.tenor,
        overdueInterestCharged: sql<string>`sum(${loanRepaymentLines.overdueInterestCharged})`,
        feeCharged: sql<string>`sum(${loanRepaymentLines.feeCharged})`,
        accruedTo: sql<string | null>`max(${loanRepaymentLines.accruedTo})`,
        overdueInterest: sql<string>`sum(${loanRepaymentLines.overdueInterest})`,
        handlingFee: sql<string>`sum(${loanRepaymentLines.handlingFee})`,
        interest: sql<string>`sum(${loanRepaymentLines.interest} + ${loanRepaymentLines.interestWaived})`,
        principal: sql<string>`sum(${loanRepaymentLines.principal})`,
      })
      .from(loanRepaymentLines)
      .innerJoin(loanRepayments, eq(loanRepayments.id, loanRepaymentLines.repaymentId))
      .where(receipts)
      .groupBy(loanRepaymentLines.tenor),
    tx
      .select({
        temp: sql<string>`coalesce(sum(${loanRepayments.tempIn} - ${loanRepayments.tempOut}), 0)`,
        lastDate: sql<string | null>`max(${loanRepayments.repayDate})`,
        latestId: sql<number | null>`max(${loanRepayments.id})`,
      })
      .from(loanRepayments)
      .where(receipts),
    tx
      .select({
        tenor: loanWaiverLines.tenor,
        overdueInterestCharged: sql<string>`sum(${loanWaiverLines.overdueInterestCharged})`,
        feeCharged: sql<string>`sum(${loanWaiverLines.feeCharged})`,
        accruedTo: sql<string | null>`max(${loanWaiverLines.accruedTo})`,
        overdueInterestWaived: sql<string>`sum(${loanWaiverLines.overdueInterestWaived})`,
        feeWaived: sql<string>`sum(${loanWaiverLines.feeWaived})`,
      })
      .from(loanWaiverLines)
      .innerJoin(loanWaivers, eq(loanWaivers.id, loanWaiverLines.waiverId))
      .where(standingWaivers(loan.id))
      .groupBy(loanWaiverLines.tenor),
    tx.select({ lastDate: sql<string | null>`max(${loanWaivers.waiveDate})` }).from(loanWaivers).where(standingWaivers(loan.id)),
  ]);
  const state = repaymentStateOf(loan, instalments, approval, paid, totals, waived, waivedTotals, opts);
  return { state, latestReceiptId: totals?.latestId == null ? null : Number(totals.latestId) };
}

/** What each instalment's receipt lines add up to (a row of the loader's grouped read). */
export interface PaidByTenor {
  tenor: number;
  overdueInterestCharged: string;
  feeCharged: string;
  accruedTo: string | null;
  overdueInterest: string;
  handlingFee: string;
  interest: string;
  principal: string;
}

/** What each instalment's standing waivers add up to. */
interface WaivedByTenor {
  tenor: number;
  overdueInterestCharged: string;
  feeCharged: string;
  accruedTo: string | null;
  overdueInterestWaived: string;
  feeWaived: string;
}

/**
 * The state the domain's rules read, from a loan's rows: its current schedule, its approval's
 * overdue terms, and what its standing receipts and waivers did to each instalment. Pure: the
 * loader reads the rows, and a data import builds a loan's state from the rows it is writing.
 */
export function repaymentStateOf(
  loan: Pick<LoanRow, 'interestStartDate'>,
  instalments: readonly { tenor: number; dueDate: string; principal: string; interest: string }[],
  approval: { overdueRate: string | null; overduePenalty: string | null } | undefined,
  paid: readonly PaidByTenor[],
  totals: { temp: string; lastDate: string | null } | undefined,
  waived: readonly WaivedByTenor[] = [],
  waivedTotals: { lastDate: string | null } | undefined = undefined,
  opts: { allowPartialPrincipal?: boolean } = {},
): RepaymentState {
  const lines = instalments.map((i) => ({ tenor: i.tenor, dueDate: i.dueDate, principal: dec(i.principal), interest: dec(i.interest) }));
  // the finance charge of the schedule as persisted at payout (the rule-of-78 rebate's base)
  const schedule = { loanDate: loan.interestStartDate, totalInterest: sum(lines.map((l) => l.interest)), lines };
  const base = createRepaymentState(schedule, {
    overdueRate: approval?.overdueRate ?? undefined,
    overduePenalty: approval?.overduePenalty ?? undefined,
    allowPartialPrincipal: opts.allowPartialPrincipal ?? false,
  });
  const byTenor = new Map(paid.map((p) => [p.tenor, p]));
  const waivedByTenor = new Map(waived.map((w) => [w.tenor, w]));
  const lastDates = [totals?.lastDate ?? null, waivedTotals?.lastDate ?? null].filter((d): d is string => d !== null).sort();
  return {
    ...base,
    // a waiver accrued the charges to its date: nothing later may be dated before it either
    lastRepaymentDate: lastDates.at(-1) ?? null,
    tempAmount: dec(totals?.temp ?? '0'),
    instalments: base.instalments.map((i) => {
      const p = byTenor.get(i.tenor);
      const w = waivedByTenor.get(i.tenor);
      if (!p && !w) return i;
      const accrued = [p?.accruedTo ?? null, w?.accruedTo ?? null].filter((d): d is string => d !== null).sort();
      return {
        ...i,
        paidPrincipal: dec(p?.principal ?? '0'),
        // interest an early settlement waived counts as settled: nothing is left to pay of it
        paidInterest: dec(p?.interest ?? '0'),
        // the charges accrue at receipts and at waivers alike
        overdueInterestCharged: dec(p?.overdueInterestCharged ?? '0').plus(w?.overdueInterestCharged ?? '0'),
        overdueInterestPaid: dec(p?.overdueInterest ?? '0'),
        overdueInterestWaived: dec(w?.overdueInterestWaived ?? '0'),
        overdueAccruedTo: accrued.at(-1) ?? null,
        feeCharged: dec(p?.feeCharged ?? '0').plus(w?.feeCharged ?? '0'),
        feePaid: dec(p?.handlingFee ?? '0'),
        feeWaived: dec(w?.feeWaived ?? '0'),
      };
    }),
  };
}

/** What a receipt changed on each instalment: the charges added and the amounts paid. */
export function instalmentDeltas(before: RepaymentState, after: RepaymentState) {
  return after.instalments
    .map((a, k) => {
      const b = before.instalments[k]!;
      // an instalment the receipt left as it was (the domain hands on the same Decimal figures,
      // never changed in place) has no line: told apart without a subtraction — an import replays
      // hundreds of thousands of receipts over a dozen instalments each
      if (
        a.overdueAccruedTo === b.overdueAccruedTo &&
        a.overdueInterestCharged === b.overdueInterestCharged &&
        a.feeCharged === b.feeCharged &&
        a.overdueInterestPaid === b.overdueInterestPaid &&
        a.feePaid === b.feePaid &&
        a.paidInterest === b.paidInterest &&
        a.paidPrincipal === b.paidPrincipal
      )
        return null;
      return {
        tenor: a.tenor,
        overdueInterestCharged: a.overdueInterestCharged.minus(b.overdueInterestCharged),
        feeCharged: a.feeCharged.minus(b.feeCharged),
        accruedTo: a.overdueAccruedTo,
        overdueInterest: a.overdueInterestPaid.minus(b.overdueInterestPaid),
        handlingFee: a.feePaid.minus(b.feePaid),
        interest: a.paidInterest.minus(b.paidInterest),
        principal: a.paidPrincipal.minus(b.paidPrincipal),
        accruedMoved: a.overdueAccruedTo !== b.overdueAccruedTo,
      };
    })
    .filter(
      (d): d is NonNullable<typeof d> =>
        d !== null &&
        (d.accruedMoved || [d.overdueInterestCharged, d.feeCharged, d.overdueInterest, d.handlingFee, d.interest, d.principal].some((v) => !v.eq(ZERO))),
    );
}

/** A receipt row's amounts from its allocation: what came in and where it went. */
export function receiptAmounts(a: Allocation) {
  return {
    received: moneyText(a.received),
    overdueInterest: moneyText(a.overdueInterest),
    handlingFee: moneyText(a.handlingFee),
    interest: moneyText(a.interest),
    principal: moneyText(a.principal),
    tempIn: moneyText(a.tempAmount),
  };
}

/** What a receipt changed on each instalment, as money texts (its lines without their ids). */
export function paidByTenorOf(before: RepaymentState, after: RepaymentState): PaidByTenor[] {
  return instalmentDeltas(before, after).map((d) => ({
    tenor: d.tenor,
    overdueInterestCharged: moneyText(d.overdueInterestCharged),
    feeCharged: moneyText(d.feeCharged),
    accruedTo: d.accruedTo,
    overdueInterest: moneyText(d.overdueInterest),
    handlingFee: moneyText(d.handlingFee),
    interest: moneyText(d.interest),
    principal: moneyText(d.principal),
  }));
}

/** What a receipt changed on each instalment, as its lines' rows (without the receipt's id). */
export function receiptLines(loan: LoanRow, before: RepaymentState, after: RepaymentState, createdBy: number | null) {
  return paidByTenorOf(before, after).map((p) => ({ storeId: loan.storeId, loanId: loan.id, ...p, createdBy }));
}


/** What a receipt left owing, as its answer prints it (`balanceAfter` of the domain). */
export function receiptBalance(state: RepaymentState): NonNullable<RepaymentItem['balanceAfter']> {
  const b = balanceAfter(state);
  return {
    outstanding: moneyText(b.outstanding),
    outstandingPrincipal: moneyText(b.outstandingPrincipal),
    nextDueDate: b.nextDue?.dueDate ?? null,
    nextDueAmount: b.nextDue ? moneyText(b.nextDue.amount) : null,
  };
}
