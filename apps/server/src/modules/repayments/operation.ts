/**
 * Repayment → operation (spec §2): one paid-out loan's servicing view in one answer — the loan and
 * its borrower (numbers masked), the figures of today (the daily summary's `dueSummaryOf`), each
 * instalment with what it has paid and been charged (overdue interest accrued to today, never
 * compounded), every receipt (corrected ones too), the temporary amount's movements, every waiver of
 * overdue interest and fees and what may be waived today. Built from `loadRepaymentState`
 * (instalments + standing receipts' and waivers' lines) and `read.ts`; nothing is written.
 */
import { CUSTOMER_PERMISSIONS, operationSchema, type OperationInstalment, type RepaymentOperation, type TemporaryMovement } from '@harbour/contracts';
import { ZERO, accrueOverdue, compareDates, dec, sum, unpaidFee, unpaidInstalment, unpaidOverdueInterest, type Decimal, moneyText } from '@harbour/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, loanRepaymentCorrections, loanRepaymentLines, staff, stores } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { maskingFor } from '../../platform/masking.js';
import { loanRow } from '../loan-core/row.js';
import { dueSummaryOf } from './daily.js';
import { loanReceipts } from './read.js';
import { loadEngine, loadRepaymentState } from './state.js';
import { listWaivers, waivableToday } from './waivers.js';

type Figures = Record<keyof RepaymentOperation['totals'], Decimal>;
const FIGURE_KEYS = Object.keys(operationSchema.shape.totals.shape) as (keyof Figures)[];
const asText = (f: Figures) => Object.fromEntries(FIGURE_KEYS.map((k) => [k, moneyText(f[k])])) as RepaymentOperation['totals'];

/** Scheduled interest waived by the loan's standing early settlement, by tenor. */
async function waivedByTenor(tx: DbOrTx, loanId: number): Promise<Map<number, Decimal>> {
  const rows = await tx
    .select({ tenor: loanRepaymentLines.tenor, waived: sql<string>`sum(${loanRepaymentLines.interestWaived})` })
    .from(loanRepaymentLines)
    .leftJoin(loanRepaymentCorrections, eq(loanRepaymentCorrections.repaymentId, loanRepaymentLines.repaymentId))
    .where(and(eq(loanRepaymentLines.loanId, loanId), isNull(loanRepaymentCorrections.id)))
    .groupBy(loanRepaymentLines.tenor);
  return new Map(rows.map((r) => [r.tenor, dec(r.waived)]));
}

/** The temporary amount's movements, oldest first, with what is held after each standing one. */
function temporaryMovements(receipts: RepaymentOperation['receipts']): TemporaryMovement[] {
  let held = ZERO;
  return [...receipts]
    .reverse()
    .filter((r) => dec(r.tempAmount).gt(0) || dec(r.tempUsed).gt(0))
    .map((r) => {
      if (!r.correction) held = held.plus(r.tempAmount).minus(r.tempUsed);
      return {
        repaymentId: r.id,
        repayNo: r.repayNo,
        repayDate: r.repayDate,
        repayType: r.repayType,
        amountIn: r.tempAmount,
        amountOut: r.tempUsed,
        balance: r.correction ? null : moneyText(held),
        correction: r.correction,
      };
    });
}

export async function repaymentOperation(tx: DbOrTx, ctx: ServiceContext, loanId: number): Promise<RepaymentOperation> {
  const loan = await loanRow(tx, ctx, loanId);
  if (!loan.loanNo) throw businessRule('repayments.errors.notRepaying', { status: loan.status });
  // one after another: the queries share the transaction's connection
  const [people] = await tx
    .select({ customer: customers, storeName: ctx.lang === 'en' ? stores.nameEn : stores.nameZh, staffName: staff.name })
    .from(customers)
    .innerJoin(stores, eq(stores.id, loan.storeId))
    .innerJoin(staff, eq(staff.id, loan.staffId))
    .where(eq(customers.id, loan.customerId));
  const today = await businessToday(tx);
  const engine = await loadEngine(tx);
  const { state } = await loadRepaymentState(tx, loan);
  const waived = await waivedByTenor(tx, loan.id);
  const receipts = await loanReceipts(tx, ctx, loan.id);
  const waivers = await listWaivers(tx, loan);
  const waivable = await waivableToday(tx, loan, today);
  const masking = await maskingFor(tx, ctx.auth ?? null, CUSTOMER_PERMISSIONS.reveal);

  const summary = dueSummaryOf(loan, state, today, engine);
  const accrued = accrueOverdue(state, summary.asOf, engine.settings, engine.holidays);
  const days = new Map(accrued.lines.map((l) => [l.tenor, l.days]));
  const rows = accrued.state.instalments.map((i) => {
    const w = waived.get(i.tenor) ?? ZERO;
    const outstanding = unpaidInstalment(i).plus(unpaidOverdueInterest(i)).plus(unpaidFee(i));
    const paidAny = i.paidPrincipal.plus(i.paidInterest).gt(0);
    const cmp = compareDates(i.dueDate, summary.asOf);
    const place: OperationInstalment['state'] = outstanding.lte(0) ? 'paid' : cmp < 0 ? 'overdue' : paidAny ? 'partly' : cmp === 0 ? 'due' : 'future';
    return {
      tenor: i.tenor,
      dueDate: i.dueDate,
      figures: {
        principal: i.principal,
        interest: i.interest,
        paidPrincipal: i.paidPrincipal,
        paidInterest: i.paidInterest.minus(w),
        interestWaived: w,
        overdueInterestCharged: i.overdueInterestCharged,
        overdueInterestPaid: i.overdueInterestPaid,
        overdueInterestWaived: i.overdueInterestWaived,
        feeCharged: i.feeCharged,
        feePaid: i.feePaid,
        feeWaived: i.feeWaived,
        outstanding,
      } satisfies Figures,
      overdueDays: place === 'overdue' ? (days.get(i.tenor) ?? 0) : 0,
      state: place,
    };
  });
  const totals = asText(Object.fromEntries(FIGURE_KEYS.map((k) => [k, sum(rows.map((r) => r.figures[k]))])) as Figures);

  const customer = people!.customer;
  return {
    loan: {
      loanId: loan.id,
      storeId: loan.storeId,
      storeName: people!.storeName,
      loanNo: loan.loanNo,
      applyNo: loan.applyNo,
      loanType: loan.loanType,
      status: loan.status,
      loanDate: loan.loanDate,
      interestStartDate: loan.interestStartDate,
      payoutDate: loan.payoutDate,
      loanAmount: loan.loanAmount,
      instalmentAmount: loan.instalmentAmount,
      totalTenor: loan.totalTenor,
      repayCycle: loan.repayCycle,
      staffName: people!.staffName,
    },
    customer: { id: customer.id, name: customer.name, idNumber: masking.show(customer.idNumber), mobile: masking.show(customer.mobile1) },
    figures: {
      asOf: summary.asOf,
      paidTenors: loan.totalTenor - summary.remainingTenors!,
      nextTenor: summary.nextTenor ?? null,
      nextDueDate: summary.nextDueDate ?? null,
      overdueTenors: summary.overdueTenors!,
      daysOverdue: summary.daysOverdue!,
      overdueAmount: summary.overdueAmount!,
      overdueInterest: summary.overdueInterest!,
      handlingFee: summary.handlingFee!,
      amountDue: moneyText(dec(summary.overdueAmount!).plus(summary.overdueInterest!).plus(summary.handlingFee!)),
      unpaidPrincipal: summary.unpaidPrincipal!,
      tempAmount: summary.tempAmount!,
      // the latest standing receipt's (a waiver's date is no repayment)
      lastRepaymentDate: receipts.find((r) => r.correction === null)?.repayDate ?? null,
    },
    instalments: rows.map((r) => ({ tenor: r.tenor, dueDate: r.dueDate, ...asText(r.figures), overdueDays: r.overdueDays, state: r.state })),
    totals,
    receipts,
    temporary: temporaryMovements(receipts),
    waivers,
    waivable,
  };
}
