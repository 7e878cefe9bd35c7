/**
 * The loan's reads every area shares: the list page with its filters and search box, the list
 * item (the borrower masked to the "visible tel. no." digits) and the approval status of a status.
 * The detail page composes on these in `loans/read.ts`.
 */
import type { ApprovalStatus, LoanListItem, Page } from '@harbour/contracts';
import { type LoanStatus, classifySearch, dec, phonePart } from '@harbour/domain';
import { LOOKUP_AREAS, guardNumberLookup, numberInText } from '../../platform/number-lookup.js';
import { and, eq, exists, gte, ilike, inArray, isNotNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { loanFiltersSchema } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import { customers, loanPartakers, loans, staff, stores } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import { answerMasking, masked } from '../../platform/masking.js';
import { storeScope } from '../../platform/store-scope.js';
import type { LoanRow } from './row.js';

type LoanFilters = z.output<typeof loanFiltersSchema>;
type CustomerRow = typeof customers.$inferSelect;

/** A NUMERIC(12,8) rate as the domain writes it: "28.8221", not "28.82210000". */
export const rateText = <T extends string | null>(v: T): T => (v === null ? v : (dec(v).toFixed() as T));

/**
 * A customer as loans show them. The ID number and phone are masked to the "visible tel. no."
 * digits whoever asks: the whole number is seen only through the customer's audited reveal.
 */
export const loanCustomerOf = (c: CustomerRow, visibleDigits: number) => ({
  id: c.id,
  customerCode: c.customerCode,
  name: c.name,
  englishName: c.englishName,
  idNumber: masked(c.idNumber, { visibleDigits }) ?? '',
  mobile1: masked(c.mobile1, { visibleDigits }) ?? '',
  listStatus: c.listStatus as 'white' | 'black',
});

export async function visibleDigitsOf(db: DbOrTx): Promise<number> {
  return (await answerMasking(db)).visibleDigits;
}

/** The loan a reloan refinances (spec §3 "reloan number"). */
export const oldLoan = alias(loans, 'reloan_of');

export const listColumns = {
  loan: loans,
  customer: customers,
  storeName: stores.nameZh,
  staffName: staff.name,
  reloanOfLoanNo: oldLoan.loanNo,
};

export function toListItem(r: { loan: LoanRow; customer: CustomerRow; storeName: string; staffName: string; reloanOfLoanNo: string | null }, digits: number): LoanListItem {
  const l = r.loan;
  return {
    id: l.id,
    storeId: l.storeId,
    storeName: r.storeName,
    applyNo: l.applyNo,
    loanNo: l.loanNo,
    status: l.status as LoanStatus,
    customer: loanCustomerOf(r.customer, digits),
    loanType: l.loanType,
    reloanOfId: l.reloanOfId,
    reloanOfLoanNo: r.reloanOfLoanNo,
    applyDate: l.applyDate,
    loanDate: l.loanDate,
    payoutDate: l.payoutDate,
    loanAmount: l.loanAmount,
    totalTenor: l.totalTenor,
    repayCycle: l.repayCycle as LoanListItem['repayCycle'],
    instalmentAmount: l.instalmentAmount,
    mloRate: rateText(l.mloRate),
    mloStatus: l.mloStatus as LoanListItem['mloStatus'],
    staffId: l.staffId,
    staffName: r.staffName,
    createdAt: l.createdAt.toISOString(),
  };
}

/** The approval status of a loan's status (spec §4): null before submission and for a client cancel. */
const APPROVED_STATUSES: LoanStatus[] = ['approved', 'repaying', 'complete', 'reloaned', 'oca', 'bad'];
export function approvalStatusOf(status: LoanStatus): ApprovalStatus | null {
  if (status === 'wait_approve') return 'unratified';
  if (status === 'reject') return 'rejected';
  return APPROVED_STATUSES.includes(status) ? 'approved' : null;
}
const APPROVAL_FILTER: Record<ApprovalStatus, LoanStatus[]> = { unratified: ['wait_approve'], approved: APPROVED_STATUSES, rejected: ['reject'] };

/**
 * The reloan filter (spec §9): the statuses of a reloan application naming the loan. Approved
 * counts from approval on (paid out, the loan itself is then `reloaned`); rejected and cancelled
 * applications refinance nothing.
 */
const RELOAN_APPROVED: LoanStatus[] = APPROVED_STATUSES;
const AWAITING: LoanStatus[] = ['pending', 'wait_approve'];

/**
 * The search box's text when it is a whole ID number or phone: a number lookup
 * (`platform/number-lookup.ts`), counted and audited before the search runs. Loans are store-owned,
 * so the borrowers found are always ones the caller's store lends to.
 */
export const guardLoanSearch = (ctx: ServiceContext, route: string, q: string | undefined) =>
  guardNumberLookup(ctx, LOOKUP_AREAS.customers, route, [numberInText('q', q)]);

/** A part of a phone (`phonePart` of the domain) anywhere in any of a customer's phones. */
export function phonePartMatch(digits: string): SQL | undefined {
  const p = `%${digits}%`;
  return or(like(customers.mobile1, p), like(customers.mobile2, p), like(customers.mobile3, p));
}

/**
 * The search box: an ID number or phone matches the borrower's exactly, through the customers'
 * indexes (`classifySearch`); any other text is looked for in the application and loan numbers and
 * the borrower's names, and 4–7 digits also in the borrower's phones (`phonePart`).
 */
export function searchCondition(db: DbOrTx, q: string): SQL | undefined {
  const s = classifySearch(q);
  const people = (where: SQL | undefined) => inArray(loans.customerId, db.select({ id: customers.id }).from(customers).where(where));
  if (s.kind === 'idNumber') return people(eq(customers.idNumber, s.value));
  if (s.kind === 'phone') return people(or(eq(customers.mobile1, s.value), eq(customers.mobile2, s.value), eq(customers.mobile3, s.value)));
  const pattern = likePattern(s.value);
  // part of a phone: loans are store-owned (the caller's scope applies), numbers leave masked
  const part = phonePart(q);
  return or(ilike(loans.applyNo, pattern), ilike(loans.loanNo, pattern), ilike(customers.name, pattern), ilike(customers.englishName, pattern), part ? people(phonePartMatch(part)) : undefined);
}

function filterConditions(ctx: ServiceContext, f: LoanFilters): SQL | undefined {
  const reloan = alias(loans, 'reloan');
  const reloanedBy = (statuses: LoanStatus[]) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(reloan)
        .where(and(eq(reloan.reloanOfId, loans.id), inArray(reloan.status, statuses))),
    );
  return and(
    storeScope(ctx, loans.storeId),
    f.status ? eq(loans.status, f.status) : undefined,
    f.currentStatus ? eq(loans.status, f.currentStatus) : undefined,
    f.loanType ? eq(loans.loanType, f.loanType) : undefined,
    f.storeId ? eq(loans.storeId, f.storeId) : undefined,
    f.staffId ? eq(loans.staffId, f.staffId) : undefined,
    f.customerId ? or(eq(loans.customerId, f.customerId), exists(ctx.db.select({ one: sql`1` }).from(loanPartakers).where(and(eq(loanPartakers.loanId, loans.id), eq(loanPartakers.customerId, f.customerId))))) : undefined,
    f.applyDateFrom ? gte(loans.applyDate, f.applyDateFrom) : undefined,
    f.applyDateTo ? lte(loans.applyDate, f.applyDateTo) : undefined,
    f.payoutDateFrom ? gte(loans.payoutDate, f.payoutDateFrom) : undefined,
    f.payoutDateTo ? lte(loans.payoutDate, f.payoutDateTo) : undefined,
    f.payoutStatus === 'waiting' ? eq(loans.status, 'approved') : undefined,
    f.payoutStatus === 'paid' ? isNotNull(loans.payoutDate) : undefined,
    f.approvalStatus ? inArray(loans.status, APPROVAL_FILTER[f.approvalStatus]) : undefined,
    f.reloan === 'have-approved' ? reloanedBy(RELOAN_APPROVED) : undefined,
    f.reloan === 'have-pending' ? reloanedBy(AWAITING) : undefined,
    f.reloan === 'none' ? sql`not ${reloanedBy([...RELOAN_APPROVED, ...AWAITING])}` : undefined,
    f.reloanOfId ? eq(loans.reloanOfId, f.reloanOfId) : undefined,
    f.q ? searchCondition(ctx.db, f.q) : undefined,
  );
}

const SORTS = {
  id: loans.id,
  applyNo: loans.applyNo,
  loanNo: loans.loanNo,
  status: loans.status,
  applyDate: loans.applyDate,
  loanAmount: loans.loanAmount,
  payoutDate: loans.payoutDate,
};

/**
 * A page of loans in two steps inside one statement: the page's ids and the total are found on the
 * narrow loan rows alone (the borrower joined only for a name search), then only those rows are
 * joined to their borrower, store and staff. Counting a filter's matches over the fully joined
 * rows made every page pay for all of them (a store's quarter of repaying loans at 100,000 loans).
 */
export async function listLoans(tx: DbOrTx, ctx: ServiceContext, f: LoanFilters): Promise<Page<LoanListItem>> {
  const sorted = orderBy(f.sort, SORTS, 'id:desc', loans.id);
  const byName = f.q !== undefined && f.q !== '' && classifySearch(f.q).kind === 'text';
  const matches = tx.select({ id: loans.id, total: totalCount.as('total') }).from(loans).$dynamic();
  const page = (byName ? matches.innerJoin(customers, eq(customers.id, loans.customerId)) : matches)
    .where(filterConditions(ctx, f))
    .orderBy(...sorted)
    .limit(f.pageSize)
    .offset(offsetOf(f.page, f.pageSize))
    .as('page');
  const rows = await tx
    .select({ ...listColumns, total: page.total })
    .from(page)
    .innerJoin(loans, eq(loans.id, page.id))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loans.storeId))
    .innerJoin(staff, eq(staff.id, loans.staffId))
    .leftJoin(oldLoan, eq(oldLoan.id, loans.reloanOfId))
    .orderBy(...sorted);
  const digits = await visibleDigitsOf(tx);
  return pageOfRows(
    rows.map((r) => toListItem(r, digits)),
    rows[0]?.total ?? (f.page > 1 ? await countLoans(tx, ctx, f, byName) : 0),
    f.page,
    f.pageSize,
  );
}

/** The total of a filter when the page asked for lies past its last match (no row carries it). */
async function countLoans(tx: DbOrTx, ctx: ServiceContext, f: LoanFilters, byName: boolean): Promise<number> {
  const q = tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(loans).$dynamic();
  const [row] = await (byName ? q.innerJoin(customers, eq(customers.id, loans.customerId)) : q).where(filterConditions(ctx, f));
  return row?.n ?? 0;
}
