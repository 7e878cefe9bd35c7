import type { ApprovalItem, ApprovalStatus, LoanDocumentKind, LoanItem, LoanListItem, Page } from '@harbour/contracts';
import { LOAN_STATUS, type LoanStatus, dec, isDomainError, moneyText } from '@harbour/domain';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { loanFiltersSchema } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  customers,
  loanApprovals,
  loanCollaterals,
  loanDocuments,
  loanInstalments,
  loanPayouts,
  loanCreditReferences,
  loanPartakers,
  loans,
  referralAgents,
  staff,
  stores,
} from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../http/list.js';
import type { ServiceContext } from '../../platform/context.js';
import { answerMasking, masked } from '../../platform/masking.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { currentInstalments } from '../repayments/reschedule.js';
import { classifySearch } from '@harbour/domain';
import { businessToday } from '../../platform/business-date.js';
import { quoteOn } from '../repayments/settlement.js';
import { suretyPackOf } from './surety-pack.js';
import { affordabilityOf } from './affordability.js';
import { partakerItem } from './referees.js';

type LoanFilters = z.output<typeof loanFiltersSchema>;
export type LoanRow = typeof loans.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A NUMERIC(12,8) rate as the domain writes it: "28.8221", not "28.82210000". */
const rateText = <T extends string | null>(v: T): T => (v === null ? v : (dec(v).toFixed() as T));

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

async function visibleDigitsOf(db: DbOrTx): Promise<number> {
  return (await answerMasking(db)).visibleDigits;
}

/** The loan a reloan refinances (spec §3 "reloan number"). */
const oldLoan = alias(loans, 'reloan_of');

const listColumns = {
  loan: loans,
  customer: customers,
  storeName: stores.nameZh,
  staffName: staff.name,
  reloanOfLoanNo: oldLoan.loanNo,
};

function toListItem(r: { loan: LoanRow; customer: CustomerRow; storeName: string; staffName: string; reloanOfLoanNo: string | null }, digits: number): LoanListItem {
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
 * The search box: an ID number or phone matches the borrower's exactly, through the customers'
 * indexes (`classifySearch`); any other text is looked for in the application and loan numbers and
 * the borrower's names.
 */
export function searchCondition(db: DbOrTx, q: string): SQL | undefined {
  const s = classifySearch(q);
  const people = (where: SQL | undefined) => inArray(loans.customerId, db.select({ id: customers.id }).from(customers).where(where));
  if (s.kind === 'idNumber') return people(eq(customers.idNumber, s.value));
  if (s.kind === 'phone') return people(or(eq(customers.mobile1, s.value), eq(customers.mobile2, s.value), eq(customers.mobile3, s.value)));
  const pattern = likePattern(s.value);
  return or(ilike(loans.applyNo, pattern), ilike(loans.loanNo, pattern), ilike(customers.name, pattern), ilike(customers.englishName, pattern));
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

/** The loan `id` in the caller's store scope (404 otherwise), optionally locked for an update. */
export async function loanRow(tx: DbOrTx, ctx: ServiceContext, id: number, opts: { lock?: boolean } = {}): Promise<LoanRow> {
  const q = tx.select().from(loans).where(and(eq(loans.id, id), storeScope(ctx, loans.storeId)));
  return found((opts.lock ? await q.for('update') : await q)[0]);
}

export async function getLoan(tx: DbOrTx, ctx: ServiceContext, id: number): Promise<LoanItem> {
  const [row] = await tx
    .select({ ...listColumns, referralAgentName: referralAgents.nameZh })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, loans.storeId))
    .innerJoin(staff, eq(staff.id, loans.staffId))
    .leftJoin(referralAgents, eq(referralAgents.id, loans.referralAgentId))
    .leftJoin(oldLoan, eq(oldLoan.id, loans.reloanOfId))
    .where(and(eq(loans.id, id), storeScope(ctx, loans.storeId)));
  const r = found(row);
  const l = r.loan;
  const digits = await visibleDigitsOf(tx);
  const submitter = alias(staff, 'submitter');
  const decider = alias(staff, 'decider');
  const payer = alias(staff, 'payer');
  const noteTaker = alias(staff, 'note_taker');
  const uploader = alias(staff, 'uploader');
  const consentTaker = alias(staff, 'consent_taker');
  const [partakers, creditReferences, collaterals, submitted, approvals, payouts, instalments, noteTakers, documents, suretyPack] = await Promise.all([
    tx
      .select({ p: loanPartakers, c: customers, consentBy: consentTaker.name })
      .from(loanPartakers)
      .innerJoin(customers, eq(customers.id, loanPartakers.customerId))
      .leftJoin(consentTaker, eq(consentTaker.id, loanPartakers.consentRecordedBy))
      .where(eq(loanPartakers.loanId, id))
      .orderBy(asc(loanPartakers.id)),
    tx.select().from(loanCreditReferences).where(eq(loanCreditReferences.loanId, id)).orderBy(asc(loanCreditReferences.id)),
    tx.select().from(loanCollaterals).where(eq(loanCollaterals.loanId, id)).orderBy(asc(loanCollaterals.id)),
    l.submittedBy ? tx.select({ name: submitter.name }).from(submitter).where(eq(submitter.id, l.submittedBy)) : Promise.resolve([]),
    tx
      .select({ a: loanApprovals, staffName: decider.name })
      .from(loanApprovals)
      .innerJoin(decider, eq(decider.id, loanApprovals.staffId))
      .where(eq(loanApprovals.loanId, id))
      .orderBy(asc(loanApprovals.id)),
    tx.select({ p: loanPayouts, paidByName: payer.name }).from(loanPayouts).leftJoin(payer, eq(payer.id, loanPayouts.createdBy)).where(eq(loanPayouts.loanId, id)),
    tx.select().from(loanInstalments).where(currentInstalments(id)).orderBy(asc(loanInstalments.tenor)),
    l.signedNoteReceivedBy ? tx.select({ name: noteTaker.name }).from(noteTaker).where(eq(noteTaker.id, l.signedNoteReceivedBy)) : Promise.resolve([]),
    tx
      .select({ d: loanDocuments, uploadedByName: uploader.name })
      .from(loanDocuments)
      .leftJoin(uploader, eq(uploader.id, loanDocuments.createdBy))
      .where(and(eq(loanDocuments.loanId, id), isNull(loanDocuments.removedAt)))
      .orderBy(asc(loanDocuments.id)),
    suretyPackOf(tx, l),
  ]);
  const payout = payouts[0];
  return {
    ...toListItem(r, digits),
    interestStartDate: l.interestStartDate,
    firstDueDate: l.firstDueDate,
    flatRate: rateText(l.flatRate),
    effectiveRate: rateText(l.effectiveRate),
    interestMethod: l.interestMethod as LoanItem['interestMethod'],
    cycleMonths: l.cycleMonths,
    cycleDays: l.cycleDays,
    ruleOf78: l.ruleOf78,
    maxInterest: l.maxInterest,
    totalInterest: l.totalInterest,
    loanPurpose: l.loanPurpose,
    payoutMethod: l.payoutMethod,
    referralAgentId: l.referralAgentId,
    referralAgentName: r.referralAgentName,
    autopayRefNo: l.autopayRefNo,
    autopayBankName: l.autopayBankName,
    autopayAccountName: l.autopayAccountName,
    autopayBankCode: l.autopayBankCode,
    autopayBranchCode: l.autopayBranchCode,
    autopayAccountNo: l.autopayAccountNo,
    remarks: l.remarks,
    submittedAt: iso(l.submittedAt),
    submittedByName: submitted[0]?.name ?? null,
    blacklistOverrideReason: l.blacklistOverrideReason,
    cancelReason: l.cancelReason,
    partakers: partakers.map(({ p, c, consentBy }) => partakerItem(p, c, digits, consentBy)),
    creditReferences: creditReferences.map((c) => ({
      id: c.id,
      creditName: c.creditName,
      creditType: c.creditType,
      loanAmount: c.loanAmount,
      instalmentAmount: c.instalmentAmount,
      outstandingTenors: c.outstandingTenors,
    })),
    collaterals: collaterals.map((c) => ({
      id: c.id,
      ownerName: c.ownerName,
      ownerIdNumber: c.ownerIdNumber ? masked(c.ownerIdNumber, { visibleDigits: digits }) : null,
      address: c.address,
      usableArea: c.usableArea,
      buildingArea: c.buildingArea,
      completionYear: c.completionYear,
      propertyType: c.propertyType,
      purpose: c.purpose,
      boughtOn: c.boughtOn,
      buyPrice: c.buyPrice,
      mortgageBalance: c.mortgageBalance,
    })),
    affordability: await affordabilityOf(tx, l, { borrower: r.customer, creditReferences, collateralCount: collaterals.length }),
    documents: documents.map(({ d, uploadedByName }) => ({
      id: d.id,
      kind: d.kind as LoanDocumentKind,
      fileName: d.fileName,
      mimeType: d.mimeType,
      size: d.size,
      uploadedByName,
      createdAt: d.createdAt.toISOString(),
    })),
    nextActions: LOAN_STATUS.allowed(l.status as LoanStatus),
    approvalStatus: approvalStatusOf(l.status as LoanStatus),
    approvals: approvals.map(({ a, staffName }) => approvalItem(a, staffName)),
    signedNoteReceivedOn: l.signedNoteReceivedOn,
    signedNoteReceivedByName: noteTakers[0]?.name ?? null,
    suretyPack,
    payout: payout
      ? {
          payoutDate: payout.p.payoutDate,
          method: payout.p.method as 'cash' | 'cheque',
          chequeNo: payout.p.chequeNo,
          upfrontDeducted: payout.p.upfrontDeducted,
          lateDrawdownFee: payout.p.lateDrawdownFee,
          oldLoanSettled: payout.p.oldLoanSettled,
          amountReceived: payout.p.amountReceived,
          remarks: payout.p.remarks,
          journalEntryId: payout.p.journalEntryId,
          paidByName: payout.paidByName,
        }
      : null,
    instalments: instalments.map((i) => ({ tenor: i.tenor, dueDate: i.dueDate, principal: i.principal, interest: i.interest, instalment: i.instalment, balance: i.balance })),
    reloanOf: await reloanOfItem(tx, l),
    reloans: await tx
      .select({ id: loans.id, applyNo: loans.applyNo, loanNo: loans.loanNo, status: sql<LoanStatus>`${loans.status}` })
      .from(loans)
      .where(eq(loans.reloanOfId, l.id))
      .orderBy(desc(loans.id)),
    updatedAt: l.updatedAt.toISOString(),
  };
}

/** Statuses of a reloan before its payout: the approver and the accountant see the old loan's settlement today. */
const BEFORE_PAYOUT = new Set<string>(['pending', 'wait_approve', 'approved']);

/** The loan a reloan refinances (same store and borrower, checked when saved), with its settlement today while it matters. */
async function reloanOfItem(tx: DbOrTx, l: LoanRow): Promise<LoanItem['reloanOf']> {
  if (!l.reloanOfId) return null;
  const [old] = await tx.select().from(loans).where(eq(loans.id, l.reloanOfId));
  if (!old) return null;
  let settlementToday: { asOf: string; amount: string } | null = null;
  if (BEFORE_PAYOUT.has(l.status) && old.status === 'repaying') {
    const asOf = await businessToday(tx);
    try {
      const { quote } = await quoteOn(tx, old, asOf);
      settlementToday = { asOf, amount: moneyText(quote.payable) };
    } catch (e) {
      // a quote the domain refuses today (a receipt dated later) is shown as none; the payout quotes again
      if (!isDomainError(e)) throw e;
    }
  }
  return { id: old.id, applyNo: old.applyNo, loanNo: old.loanNo, status: old.status as LoanStatus, settlementToday };
}

function approvalItem(a: typeof loanApprovals.$inferSelect, staffName: string): ApprovalItem {
  return {
    id: a.id,
    decision: a.decision as ApprovalItem['decision'],
    decidedOn: a.decidedOn,
    staffId: a.staffId,
    staffName,
    overdueRate: rateText(a.overdueRate),
    upfrontInterest: a.upfrontInterest,
    handlingFee: a.handlingFee,
    earlySettleLockMonths: a.earlySettleLockMonths,
    lateDrawdownFee: a.lateDrawdownFee,
    overduePenalty: a.overduePenalty,
    lockPeriodFee: a.lockPeriodFee,
    placeOfNegotiation: a.placeOfNegotiation,
    actualReceivedAmount: a.actualReceivedAmount,
    firstDueDate: a.firstDueDate,
    lastDueDate: a.lastDueDate,
    extendedInterest: a.extendedInterest,
    extendedDays: a.extendedDays,
    remarks: a.remarks,
    dtiRatio: a.dtiRatio,
    affordabilityReason: a.affordabilityReason,
    createdAt: a.createdAt.toISOString(),
  };
}
