/** Reading receipts: one with its lines, and the list (spec §2 Repayment list). */
import type { Page, RepaymentItem, RepaymentListItem, repaymentFiltersSchema } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { and, asc, eq, gte, ilike, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { customers, loanRepaymentCorrections, loanRepaymentLines, loanRepayments, loans, staff, stores } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { loanRow } from '../loan-core/row.js';
import { receiptReschedule } from './reschedule.js';
import { loadRepaymentState, receiptBalance } from './state.js';

type Filters = z.output<typeof repaymentFiltersSchema>;

const corrector = alias(staff, 'corrector');
const maker = alias(staff, 'maker');

/** Whether the receipt is its loan's latest one still standing (the only one that may be corrected). */
const latestStanding = sql<boolean>`(${loanRepaymentCorrections.id} is null and not exists (
  select 1 from ${loanRepayments} later
  where later.loan_id = ${loanRepayments.loanId} and later.id > ${loanRepayments.id}
    and not exists (select 1 from ${loanRepaymentCorrections} c where c.repayment_id = later.id)))`;

const columns = (ctx: ServiceContext) => ({
  r: loanRepayments,
  loanNo: loans.loanNo,
  customerName: customers.name,
  storeName: ctx.lang === 'en' ? stores.nameEn : stores.nameZh,
  makerName: maker.name,
  correction: loanRepaymentCorrections,
  correctorName: corrector.name,
  latest: latestStanding,
});

const base = (tx: DbOrTx, ctx: ServiceContext, withTotal: boolean) =>
  tx
    .select({ ...columns(ctx), ...(withTotal ? { total: totalCount } : {}) })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loanRepayments.storeId))
    .leftJoin(maker, eq(maker.id, loanRepayments.createdBy))
    .leftJoin(loanRepaymentCorrections, eq(loanRepaymentCorrections.repaymentId, loanRepayments.id))
    .leftJoin(corrector, eq(corrector.id, loanRepaymentCorrections.correctedBy));

export type ReceiptRow = {
  r: typeof loanRepayments.$inferSelect;
  loanNo: string | null;
  customerName: string;
  storeName: string;
  makerName: string | null;
  correction: typeof loanRepaymentCorrections.$inferSelect | null;
  correctorName: string | null;
  latest: boolean;
};

function toListItem(row: ReceiptRow): RepaymentListItem {
  const r = row.r;
  return {
    id: r.id,
    storeId: r.storeId,
    storeName: row.storeName,
    repayNo: r.repayNo,
    loanId: r.loanId,
    loanNo: row.loanNo ?? '',
    customerName: row.customerName,
    repayDate: r.repayDate,
    repayType: r.repayType as RepaymentListItem['repayType'],
    tenor: r.tenor,
    received: r.received,
    overdueInterest: r.overdueInterest,
    handlingFee: r.handlingFee,
    interest: r.interest,
    principal: r.principal,
    tempAmount: r.tempIn,
    method: r.method as RepaymentListItem['method'],
    tempUsed: r.tempOut,
    paidOut: r.paidOut,
    lockPeriodFee: r.lockPeriodFee,
    rebate: r.rebate,
    chequeNo: r.chequeNo,
    remarks: r.remarks,
    createdByName: row.makerName,
    createdAt: r.createdAt.toISOString(),
    correction: (row.correction?.kind as RepaymentListItem['correction']) ?? null,
    correctionReason: row.correction?.reason ?? null,
    correctedOn: row.correction?.correctedOn ?? null,
    correctedByName: row.correctorName,
    latest: !!row.latest,
  };
}

/** A receipt with its lines as the API answers it, from rows already in hand. */
export function receiptItem(row: ReceiptRow, lines: readonly (typeof loanRepaymentLines.$inferSelect | typeof loanRepaymentLines.$inferInsert)[]): RepaymentItem {
  return {
    ...toListItem(row),
    lines: lines
      .filter((l) => [l.overdueInterest, l.handlingFee, l.interest, l.principal].some((v) => !dec(v).isZero()))
      .map((l) => ({ tenor: l.tenor, overdueInterest: l.overdueInterest, handlingFee: l.handlingFee, interest: l.interest, principal: l.principal })),
  };
}

/** The names a receipt shows (customer, store in the caller's language, the staff member who took it). */
export async function receiptNames(tx: DbOrTx, ctx: ServiceContext, loanId: number, staffId: number | null) {
  const [row] = await tx
    .select({ customerName: customers.name, storeName: columns(ctx).storeName, makerName: sql<string | null>`(select ${staff.name} from ${staff} where ${staff.id} = ${staffId})` })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loans.storeId))
    .where(eq(loans.id, loanId));
  return row!;
}

export async function getRepayment(tx: DbOrTx, ctx: ServiceContext, id: number): Promise<RepaymentItem> {
  const [row] = await base(tx, ctx, false).where(and(eq(loanRepayments.id, id), storeScope(ctx, loanRepayments.storeId)));
  const receipt = found(row) as ReceiptRow;
  const lines = await tx
    .select()
    .from(loanRepaymentLines)
    .where(eq(loanRepaymentLines.repaymentId, id))
    .orderBy(asc(loanRepaymentLines.tenor));
  const reschedule = receipt.r.repayType === 'principal' ? await receiptReschedule(tx, id) : null;
  // a standing receipt prints what it left owing: the state through it
  const balance = receipt.correction ? null : receiptBalance((await loadRepaymentState(tx, await loanRow(tx, ctx, receipt.r.loanId), { throughReceipt: id })).state);
  return { ...receiptItem(receipt, lines), ...(reschedule ? { reschedule } : {}), balanceAfter: balance };
}

const SORTS = {
  id: loanRepayments.id,
  repayNo: loanRepayments.repayNo,
  loanNo: loans.loanNo,
  repayDate: loanRepayments.repayDate,
  received: loanRepayments.received,
};

export async function listRepayments(tx: DbOrTx, ctx: ServiceContext, q: Filters): Promise<Page<RepaymentListItem>> {
  const where: (SQL | undefined)[] = [
    storeScope(ctx, loanRepayments.storeId),
    q.repayNo ? ilike(loanRepayments.repayNo, likePattern(q.repayNo)) : undefined,
    q.loanNo ? ilike(loans.loanNo, likePattern(q.loanNo)) : undefined,
    q.loanId ? eq(loanRepayments.loanId, q.loanId) : undefined,
    q.customerName ? ilike(customers.name, likePattern(q.customerName)) : undefined,
    q.method ? eq(loanRepayments.method, q.method) : undefined,
    q.repayType ? eq(loanRepayments.repayType, q.repayType) : undefined,
    q.repayDateFrom ? gte(loanRepayments.repayDate, q.repayDateFrom) : undefined,
    q.repayDateTo ? lte(loanRepayments.repayDate, q.repayDateTo) : undefined,
    q.corrected === 'yes' ? isNotNull(loanRepaymentCorrections.id) : q.corrected === 'no' ? isNull(loanRepaymentCorrections.id) : undefined,
  ];
  const rows = await base(tx, ctx, true)
    .where(and(...where))
    .orderBy(...orderBy(q.sort, SORTS, 'id:desc', loanRepayments.id))
    .limit(q.pageSize)
    .offset(offsetOf(q.page, q.pageSize));
  const total = (rows[0] as { total?: number } | undefined)?.total ?? 0;
  return pageOfRows(
    rows.map((r) => toListItem(r as unknown as ReceiptRow)),
    total,
    q.page,
    q.pageSize,
  );
}

/** Every receipt of one loan (corrected ones too), newest first, with their lines. The loan's store is the caller's to check. */
export async function loanReceipts(tx: DbOrTx, ctx: ServiceContext, loanId: number): Promise<RepaymentItem[]> {
  const rows = await base(tx, ctx, false)
    .where(and(eq(loanRepayments.loanId, loanId), storeScope(ctx, loanRepayments.storeId)))
    .orderBy(sql`${loanRepayments.id} desc`);
  const lines = await tx
    .select()
    .from(loanRepaymentLines)
    .where(eq(loanRepaymentLines.loanId, loanId))
    .orderBy(asc(loanRepaymentLines.repaymentId), asc(loanRepaymentLines.tenor));
  return rows.map((r) => receiptItem(r as ReceiptRow, lines.filter((l) => l.repaymentId === r.r.id)));
}
