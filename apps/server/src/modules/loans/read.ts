/**
 * The loan detail page: the loan's list item (`loan-core/read.ts`) with its sections, decisions,
 * payout, current instalments and, for a reloan before its payout, the old loan's settlement today
 * (the repayments' quote). Composed here, above loan-core and repayments.
 */
import type { ApprovalItem, LoanDocumentKind, LoanItem } from '@harbour/contracts';
import { LOAN_STATUS, type LoanStatus, isDomainError, moneyText } from '@harbour/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import type { ServiceContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { masked } from '../../platform/masking.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { businessToday } from '../../platform/business-date.js';
import { currentInstalments } from '../loan-core/instalments.js';
import { approvalStatusOf, listColumns, oldLoan, rateText, toListItem, visibleDigitsOf } from '../loan-core/read.js';
import type { LoanRow } from '../loan-core/row.js';
import { quoteOn } from '../repayments/settlement.js';
import { suretyPackOf } from './surety-pack.js';
import { affordabilityOf } from './affordability.js';
import { approveRefusal } from './approval.js';
import { partakerItem } from './referees.js';
import { nominalRateOf } from './nominal-rate.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The papers' nominal annual rate for the loan page; null when the calculator refuses the terms
 * now (a method or rule the settings have since switched off), so the page still opens.
 */
async function nominalRateOrNull(tx: DbOrTx, loan: LoanRow): Promise<string | null> {
  try {
    return await nominalRateOf(tx, loan);
  } catch (err) {
    if (isDomainError(err) || (err instanceof AppError && err.status === 400)) return null;
    throw err;
  }
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
  const nominalRate = await nominalRateOrNull(tx, l);
  const payout = payouts[0];
  return {
    ...toListItem(r, digits),
    interestStartDate: l.interestStartDate,
    firstDueDate: l.firstDueDate,
    flatRate: rateText(l.flatRate),
    effectiveRate: rateText(l.effectiveRate),
    nominalRate,
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
    approveRefusal: LOAN_STATUS.allowed(l.status as LoanStatus).includes('approve') ? await approveRefusal(tx, ctx, l) : null,
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
