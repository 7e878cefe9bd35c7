/**
 * Repayment → process list (spec §2): every paid-out loan of the caller's stores in a servicing
 * status (repaying by default; oca, bad, complete, reloaned), with what it owes as the daily
 * servicing job and every money movement keep it in `loan_due_summaries`, its last receipt and
 * its temporary amount. One query per page (rows and the total together), filtered, sorted and
 * paged in PostgreSQL; ID numbers and phones masked (`platform/masking.ts`).
 */
import type { Language, ProcessListItem, ProcessListPage, processListQuerySchema } from '@harbour/contracts';
import { CUSTOMER_PERMISSIONS, PROCESS_LIST_STATUSES } from '@harbour/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { customers, loanDueSummaries, loanRepaymentCorrections, loanRepayments, loans, staff, stores } from '../../db/schema/index.js';
import { offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { translate } from '../../http/i18n.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { maskingFor } from '../../platform/masking.js';
import { storeScope } from '../../platform/store-scope.js';
import { searchCondition } from '../loan-core/read.js';
import { cellNumber, listWorkbook, moneyCell, moneyTotal } from './list-workbook.js';
import { overdueOn } from '../loan-core/due-summary.js';

type Query = z.output<typeof processListQuerySchema>;

/** Rows an export holds at most. */
export const PROCESS_LIST_EXPORT_MAX = 10_000;

const s = loanDueSummaries;
/** Loans that owe nothing any more: their figures are zero (they keep no summary). */
const SETTLED = sql`${loans.status} in ('complete', 'reloaned')`;
/** A summary's figure; zero for a settled loan; null for one written off (no summary kept). */
const figure = <T>(value: SQLWrapper, zero: string) =>
  sql<T | null>`case when ${s.loanId} is not null then ${value} when ${SETTLED} then ${sql.raw(zero)} end`;

/** Receipts of the loan still standing (not voided or refunded). */
const standing = sql`not exists (select 1 from ${loanRepaymentCorrections} where ${loanRepaymentCorrections.repaymentId} = ${loanRepayments.id})`;

const paidTenors = sql<number | null>`case when ${s.loanId} is not null then ${loans.totalTenor} - ${s.remainingTenors} when ${SETTLED} then ${loans.totalTenor} end`;
const overdueTenors = figure<number>(s.overdueTenors, '0');
const daysOverdue = figure<number>(s.daysOverdue, '0');
const overdueAmount = figure<string>(s.overdueAmount, '0.00');
const overdueInterest = figure<string>(s.overdueInterest, '0.00');
const handlingFee = figure<string>(s.handlingFee, '0.00');
const unpaidPrincipal = figure<string>(s.unpaidPrincipal, '0.00');
/** The summary's temporary amount, or (no summary) the standing receipts' kept less used. */
const tempAmount = sql<string>`coalesce(${s.tempAmount}, (select coalesce(sum(${loanRepayments.tempIn} - ${loanRepayments.tempOut}), 0)::numeric(16,2) from ${loanRepayments} where ${loanRepayments.loanId} = ${loans.id} and ${standing}))`;

function lastReceipt(tx: DbOrTx) {
  return tx
    .select({ date: sql<string>`${loanRepayments.repayDate}`.as('last_date'), amount: sql<string>`${loanRepayments.received}`.as('last_amount') })
    .from(loanRepayments)
    .where(and(eq(loanRepayments.loanId, loans.id), gt(loanRepayments.received, '0'), standing))
    .orderBy(desc(loanRepayments.id))
    .limit(1)
    .as('last_receipt');
}

/**
 * The sort columns. A figure not known (a written-off loan's) sorts as zero, and a loan that never
 * paid as the oldest receipt, so they gather at one end whichever way the column is turned.
 */
function sortsOf() {
  const known = (v: SQLWrapper, none: string) => sql`coalesce(${v}, ${sql.raw(none)})`;
  return {
    loanNo: loans.loanNo,
    payoutDate: loans.payoutDate,
    loanAmount: loans.loanAmount,
    instalmentAmount: loans.instalmentAmount,
    paidTenors: known(paidTenors, '0'),
    nextDueDate: s.nextDueDate,
    overdueTenors: known(overdueTenors, '0'),
    daysOverdue: known(daysOverdue, '0'),
    overdueAmount: known(overdueAmount, '0'),
    unpaidPrincipal: known(unpaidPrincipal, '0'),
    tempAmount,
    // the lateral subquery's columns, by their aliases
    lastReceiptDate: known(sql.raw('"last_receipt"."last_date"'), "'0001-01-01'::date"),
    lastReceiptAmount: known(sql.raw('"last_receipt"."last_amount"'), '0'),
  };
}

function whereOf(ctx: ServiceContext, q: Query, today: string): SQL | undefined {
  return and(
    storeScope(ctx, loans.storeId),
    isNotNull(loans.loanNo),
    inArray(loans.status, q.status === 'all' ? [...PROCESS_LIST_STATUSES] : [q.status]),
    q.overdueOnly === 'yes' ? and(isNotNull(s.loanId), overdueOn(today)) : undefined,
    q.dueFrom ? gte(s.nextDueDate, q.dueFrom) : undefined,
    q.dueTo ? lte(s.nextDueDate, q.dueTo) : undefined,
    q.staffId ? eq(loans.staffId, q.staffId) : undefined,
    q.loanType ? eq(loans.loanType, q.loanType) : undefined,
    q.q ? searchCondition(ctx.db, q.q) : undefined,
  );
}

function rowsOf(tx: DbOrTx, ctx: ServiceContext) {
  const last = lastReceipt(tx);
  const query = tx
    .select({
      loan: { id: loans.id, storeId: loans.storeId, loanNo: loans.loanNo, loanType: loans.loanType, status: loans.status, payoutDate: loans.payoutDate, loanAmount: loans.loanAmount, instalmentAmount: loans.instalmentAmount, totalTenor: loans.totalTenor, staffId: loans.staffId },
      customer: { id: customers.id, name: customers.name, idNumber: customers.idNumber, mobile: customers.mobile1 },
      storeName: ctx.lang === 'en' ? stores.nameEn : stores.nameZh,
      staffName: staff.name,
      nextTenor: s.nextTenor,
      nextDueDate: s.nextDueDate,
      asOf: s.asOf,
      paidTenors,
      overdueTenors,
      daysOverdue,
      overdueAmount,
      overdueInterest,
      handlingFee,
      unpaidPrincipal,
      tempAmount,
      lastReceiptDate: last.date,
      lastReceiptAmount: last.amount,
      total: totalCount,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loans.storeId))
    .innerJoin(staff, eq(staff.id, loans.staffId))
    .leftJoin(s, eq(s.loanId, loans.id))
    .leftJoinLateral(last, sql`true`);
  return { query, sorts: sortsOf() };
}

type Row = Awaited<ReturnType<typeof rowsOf>['query']>[number];

const int = (v: number | string | null) => (v === null ? null : Number(v));

function toItem(r: Row, show: (v: string | null) => string | null): ProcessListItem {
  return {
    loanId: r.loan.id,
    storeId: r.loan.storeId,
    storeName: r.storeName,
    loanNo: r.loan.loanNo ?? '',
    loanType: r.loan.loanType,
    status: r.loan.status,
    customerId: r.customer.id,
    customerName: r.customer.name,
    idNumber: show(r.customer.idNumber),
    mobile: show(r.customer.mobile),
    payoutDate: r.loan.payoutDate,
    loanAmount: r.loan.loanAmount,
    instalmentAmount: r.loan.instalmentAmount,
    totalTenor: r.loan.totalTenor,
    paidTenors: int(r.paidTenors),
    nextTenor: r.nextTenor,
    nextDueDate: r.nextDueDate,
    overdueTenors: int(r.overdueTenors),
    daysOverdue: int(r.daysOverdue),
    overdueAmount: r.overdueAmount,
    overdueInterest: r.overdueInterest,
    handlingFee: r.handlingFee,
    unpaidPrincipal: r.unpaidPrincipal,
    tempAmount: r.tempAmount,
    lastReceiptDate: r.lastReceiptDate,
    lastReceiptAmount: r.lastReceiptAmount,
    staffId: r.loan.staffId,
    staffName: r.staffName,
    asOf: r.asOf,
  };
}

const DEFAULT_SORT = 'loanNo:asc';

async function select(tx: DbOrTx, ctx: ServiceContext, q: Query, page: { limit: number; offset: number }) {
  const today = await businessToday(tx);
  const masking = await maskingFor(tx, ctx.auth ?? null, CUSTOMER_PERMISSIONS.reveal);
  const { query, sorts } = rowsOf(tx, ctx);
  const rows = await query
    .where(whereOf(ctx, q, today))
    .orderBy(...orderBy(q.sort, sorts, DEFAULT_SORT, loans.id))
    .limit(page.limit)
    .offset(page.offset);
  return { today, rows, items: rows.map((r) => toItem(r, masking.show)) };
}

/** One page of the process list, its total, and the staff of the caller's loans (the staff filter's choices). */
export async function listProcess(tx: DbOrTx, ctx: ServiceContext, q: Query): Promise<ProcessListPage> {
  const { today, rows, items } = await select(tx, ctx, q, { limit: q.pageSize, offset: offsetOf(q.page, q.pageSize) });
  const people = await tx
    .selectDistinct({ id: staff.id, name: staff.name })
    .from(loans)
    .innerJoin(staff, eq(staff.id, loans.staffId))
    .where(and(storeScope(ctx, loans.storeId), isNotNull(loans.loanNo)))
    .orderBy(asc(staff.name), asc(staff.id));
  return { ...pageOfRows(items, rows[0]?.total ?? 0, q.page, q.pageSize), today, staff: people };
}

const COLUMNS = [
  ['store', 12],
  ['loanNo', 16],
  ['customerName', 16],
  ['idNumber', 12],
  ['status', 10],
  ['loanAmount', 14, true],
  ['instalmentAmount', 14, true],
  ['tenors', 9],
  ['nextDueDate', 12],
  ['overdueTenors', 10],
  ['daysOverdue', 10],
  ['overdueAmount', 14, true],
  ['unpaidPrincipal', 14, true],
  ['tempAmount', 12, true],
  ['lastReceiptDate', 12],
  ['lastReceiptAmount', 14, true],
  ['staff', 12],
] as const;

/** Every row of the same filters and sort (at most `PROCESS_LIST_EXPORT_MAX`) as an xlsx workbook in the caller's language. */
export async function processListWorkbook(tx: DbOrTx, ctx: ServiceContext, lang: Language, q: Query): Promise<{ file: Buffer; today: string }> {
  const { today, items } = await select(tx, ctx, q, { limit: PROCESS_LIST_EXPORT_MAX, offset: 0 });
  const t = (code: string, params: Record<string, string | number> = {}) => translate(lang, `processing.list.${code}`, params);
  const status = (v: string) => translate(lang, `enums.loanStatus.${v}`);
  const file = await listWorkbook({
    sheet: t('sheet'),
    title: translate(lang, 'shell.menu.repayment.processList'),
    lines: [t('exported', { today }), t(items.length === 1 ? 'count_one' : 'count_other', { count: items.length })],
    columns: COLUMNS.map(([key, width, money]) => ({ label: t(`fields.${key}`), width, money: !!money })),
    rows: items.map((r) => [
      r.storeName,
      r.loanNo,
      r.customerName,
      r.idNumber ?? '',
      status(r.status),
      cellNumber(r.loanAmount),
      cellNumber(r.instalmentAmount),
      r.paidTenors === null ? '' : `${r.paidTenors}/${r.totalTenor}`,
      r.nextDueDate ?? '',
      r.overdueTenors,
      r.daysOverdue,
      moneyCell(r.overdueAmount),
      moneyCell(r.unpaidPrincipal),
      cellNumber(r.tempAmount),
      r.lastReceiptDate ?? '',
      moneyCell(r.lastReceiptAmount),
      r.staffName,
    ]),
    totals: [
      t('total'),
      null,
      null,
      null,
      null,
      moneyTotal(items, (r) => r.loanAmount),
      null,
      null,
      null,
      null,
      null,
      moneyTotal(items, (r) => r.overdueAmount),
      moneyTotal(items, (r) => r.unpaidPrincipal),
      moneyTotal(items, (r) => r.tempAmount),
      null,
      null,
      null,
    ],
  });
  return { file, today };
}
