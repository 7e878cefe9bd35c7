import { CUSTOMER_PERMISSIONS, HKID_ID_TYPE, LOAN_PAPERS_PATH, loanPapersSchema, printablePapers, type LoanPapers, type PaperPerson } from '@harbour/contracts';
import { dec, onTimeDeducted, type LoanStatus, moneyText } from '@harbour/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  customers,
  loanApprovals,
  loanCollaterals,
  loanCreditReferences,
  loanInstalments,
  loanPartakers,
  loanPayouts,
  loans,
  referralAgents,
  staff,
  stores,
} from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { contextOf, type ServiceContext } from '../../platform/context.js';
import { maskingFor, type Masking } from '../../platform/masking.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { readCompanyInfo } from '../company/service.js';
import { summaryInForce } from '../company/prescribed-summary.js';
import { hkidShown } from '../customers/service.js';
import { nominalRateOf } from './nominal-rate.js';
import { runCalculator } from '../tools/calculator-service.js';
import { termsOf } from '../loan-core/terms.js';
import { loanRow, type LoanRow } from '../loan-core/row.js';
import { originalInstalments } from '../loan-core/instalments.js';

type CustomerRow = typeof customers.$inferSelect;

/** A person as a paper names them; the ID number whole only when the caller may reveal it. */
function personOf(c: CustomerRow, masking: Masking): PaperPerson {
  const whole = c.idType === HKID_ID_TYPE ? hkidShown(c.idNumber) : c.idNumber;
  return {
    name: c.name,
    englishName: c.englishName,
    idNumber: masking.canReveal ? whole : (masking.show(c.idNumber) ?? ''),
    address: c.residentialAddress ?? c.mailingAddress,
  };
}

/** The approval in force: the latest decision, when it is an approval (an undo or a return ends it). */
async function approvalInForce(tx: Tx, loanId: number) {
  const decider = alias(staff, 'decider');
  const [last] = await tx
    .select({ a: loanApprovals, staffName: decider.name })
    .from(loanApprovals)
    .innerJoin(decider, eq(decider.id, loanApprovals.staffId))
    .where(eq(loanApprovals.loanId, loanId))
    .orderBy(desc(loanApprovals.id))
    .limit(1);
  return last && last.a.decision === 'approve' ? last : undefined;
}

/**
 * What the loan's papers print (`GET /loans/{id}/papers`): the lender, the branch, the people with
 * their addresses, the terms with the rate a year and the Schedule 2 rate, the approval's charges,
 * the payout and the schedule. Store-scoped (another store's loan: 404). ID numbers are masked
 * unless the caller holds `persona.reveal`: the signed note needs the whole number, so a holder
 * gets it and the answer is audited as a reveal of the loan's people.
 */
async function loanPapers(tx: Tx, ctx: ServiceContext, loan: LoanRow, masking: Masking): Promise<LoanPapers> {
  const [company, [store], [borrowerRow], partakers, [agent], collaterals, creditReferences, approval, [payoutRow], instalments, [author], prescribedSummary] = await Promise.all([
    readCompanyInfo(tx),
    tx.select().from(stores).where(eq(stores.id, loan.storeId)),
    tx.select().from(customers).where(eq(customers.id, loan.customerId)),
    tx.select({ p: loanPartakers, c: customers }).from(loanPartakers).innerJoin(customers, eq(customers.id, loanPartakers.customerId)).where(eq(loanPartakers.loanId, loan.id)).orderBy(asc(loanPartakers.id)),
    loan.referralAgentId ? tx.select().from(referralAgents).where(eq(referralAgents.id, loan.referralAgentId)) : Promise.resolve([]),
    tx.select().from(loanCollaterals).where(eq(loanCollaterals.loanId, loan.id)).orderBy(asc(loanCollaterals.id)),
    tx.select().from(loanCreditReferences).where(eq(loanCreditReferences.loanId, loan.id)).orderBy(asc(loanCreditReferences.id)),
    approvalInForce(tx, loan.id),
    tx.select({ p: loanPayouts, paidByName: staff.name }).from(loanPayouts).leftJoin(staff, eq(staff.id, loanPayouts.createdBy)).where(eq(loanPayouts.loanId, loan.id)),
    tx.select().from(loanInstalments).where(originalInstalments(loan.id)).orderBy(asc(loanInstalments.tenor)),
    tx.select({ name: staff.name }).from(staff).where(eq(staff.id, loan.staffId)),
    summaryInForce(tx, loan.loanDate),
  ]);
  const borrower = borrowerRow!;
  const reloanOfLoanNo = loan.reloanOfId ? (await tx.select({ loanNo: loans.loanNo }).from(loans).where(eq(loans.id, loan.reloanOfId)))[0]?.loanNo : null;
  // The schedule's figures are the approved terms' (built with the on-time deductions: up-front
  // interest and handling fee; a late drawdown fee is a charge on top, not a change of instalment).
  // The rate printed is the one the loan stores: its last accepted cash flows' (the payout's real
  // figures once paid out, the approval's before) — never recomputed here.
  const deducted = payoutRow
    ? moneyText(dec(loan.loanAmount).minus(dec(payoutRow.p.amountReceived)).minus(dec(payoutRow.p.oldLoanSettled)).minus(dec(payoutRow.p.lateDrawdownFee)))
    : approval
      ? onTimeDeducted({ upfrontInterest: approval.a.upfrontInterest, handlingFee: approval.a.handlingFee })
      : '0';
  const terms = await runCalculator(tx, termsOf(loan, deducted));
  // The nominal annual rate is the contract's, before anything kept back (`nominal-rate.ts`); the
  // up-front interest and fees are in the effective annual rate (the Ordinance's) printed beside it.
  const nominalRate = deducted === '0' ? terms.nominalRate : await nominalRateOf(tx, loan);
  const rows = instalments.length > 0
    ? instalments.map((i) => ({ tenor: i.tenor, dueDate: i.dueDate, principal: i.principal, interest: i.interest, instalment: i.instalment, balance: i.balance }))
    : terms.schedule;
  const payout = payoutRow
    ? (() => {
        const p = payoutRow.p;
        const totalDeducted = dec(loan.loanAmount).minus(dec(p.amountReceived)).minus(dec(p.oldLoanSettled));
        return {
          payoutDate: p.payoutDate,
          method: p.method as 'cash' | 'cheque',
          chequeNo: p.chequeNo,
          upfrontInterest: moneyText(p.upfrontDeducted),
          // The payout row keeps the interest and the late fee; the handling fee is the rest of what was kept back.
          handlingFee: moneyText(totalDeducted.minus(dec(p.upfrontDeducted)).minus(dec(p.lateDrawdownFee))),
          lateDrawdownFee: moneyText(p.lateDrawdownFee),
          totalDeducted: moneyText(totalDeducted),
          oldLoanSettled: moneyText(p.oldLoanSettled),
          reloanOfLoanNo: reloanOfLoanNo ?? null,
          amountReceived: moneyText(p.amountReceived),
          paidByName: payoutRow.paidByName,
        };
      })()
    : null;
  const a = approval?.a;
  return {
    papers: printablePapers({ status: loan.status as LoanStatus, payoutDate: loan.payoutDate }),
    idNumbersRevealed: masking.canReveal,
    lender: {
      nameZh: company.nameZh,
      nameEn: company.nameEn,
      licenceNo: company.licenceNo,
      addressZh: company.addressZh,
      addressEn: company.addressEn,
      phone: company.phone,
      fax: company.fax,
      email: company.email,
      logoUrl: company.logoUrl,
    },
    store: { nameZh: store!.nameZh, nameEn: store!.nameEn, address: store!.address, phone: store!.saleTel },
    loan: {
      id: loan.id,
      applyNo: loan.applyNo,
      loanNo: loan.loanNo,
      status: loan.status,
      applyDate: loan.applyDate,
      loanDate: loan.loanDate,
      interestStartDate: loan.interestStartDate,
      payoutDate: loan.payoutDate,
      loanAmount: moneyText(loan.loanAmount),
      totalTenor: loan.totalTenor,
      repayCycle: loan.repayCycle as LoanPapers['loan']['repayCycle'],
      cycleMonths: loan.cycleMonths,
      cycleDays: loan.cycleDays,
      interestMethod: loan.interestMethod as LoanPapers['loan']['interestMethod'],
      flatRate: loan.flatRate === null ? null : dec(loan.flatRate).toFixed(),
      instalmentAmount: terms.instalmentAmount,
      totalInterest: terms.totalInterest,
      totalRepayment: terms.totalRepayment,
      nominalRate,
      mloRate: dec(loan.mloRate).toFixed(4),
      mloStatus: loan.mloStatus as LoanPapers['loan']['mloStatus'],
      firstDueDate: rows[0]?.dueDate ?? null,
      lastDueDate: rows.at(-1)?.dueDate ?? null,
      staffName: author?.name ?? '',
    },
    borrower: { ...personOf(borrower, masking), salary: borrower.salary, companyName: borrower.companyName, position: borrower.position },
    sureties: partakers.filter(({ p }) => p.role === 'guarantor').map(({ c }) => personOf(c, masking)),
    jointBorrowers: partakers.filter(({ p }) => p.role === 'joint').map(({ c }) => personOf(c, masking)),
    referralAgent: agent ? { nameZh: agent.nameZh, nameEn: agent.nameEn, licenceNo: agent.licenceNo, noBorrowerFee: agent.noBorrowerFee } : null,
    collaterals: collaterals.map((c) => ({ ownerName: c.ownerName, address: c.address, propertyType: c.propertyType, mortgageBalance: c.mortgageBalance })),
    creditReferences: creditReferences.map((c) => ({
      creditName: c.creditName,
      creditType: c.creditType,
      loanAmount: c.loanAmount,
      instalmentAmount: c.instalmentAmount,
      outstandingTenors: c.outstandingTenors,
    })),
    approval: a
      ? {
          decidedOn: a.decidedOn,
          staffName: approval.staffName,
          overdueRate: a.overdueRate === null ? null : dec(a.overdueRate).toFixed(),
          upfrontInterest: a.upfrontInterest,
          handlingFee: a.handlingFee,
          lateDrawdownFee: a.lateDrawdownFee,
          overduePenalty: a.overduePenalty,
          earlySettleLockMonths: a.earlySettleLockMonths,
          lockPeriodFee: a.lockPeriodFee,
          placeOfNegotiation: a.placeOfNegotiation,
          actualReceivedAmount: a.actualReceivedAmount,
        }
      : null,
    payout,
    prescribedSummary,
    schedule: { source: instalments.length > 0 ? 'persisted' : 'computed', rows },
  };
}

/** The papers of loan `id` for the caller; a caller who may reveal ID numbers gets them whole, audited. */
export async function readLoanPapers(ctx: ServiceContext, id: number): Promise<LoanPapers> {
  const masking = await withReadTx(ctx, (tx) => maskingFor(tx, ctx.auth, CUSTOMER_PERMISSIONS.reveal));
  if (!masking.canReveal) return withReadTx(ctx, async (tx) => loanPapers(tx, ctx, await loanRow(tx, ctx, id), masking));
  return withTx(ctx, async (tx) => {
    const loan = await loanRow(tx, ctx, id);
    const papers = await loanPapers(tx, ctx, loan, masking);
    const partakers = await tx.select({ id: loanPartakers.customerId }).from(loanPartakers).where(eq(loanPartakers.loanId, loan.id));
    await audit(tx, {
      action: 'reveal',
      module: 'loans',
      reference: loan.id,
      after: { applyNo: loan.applyNo, field: 'idNumber', purpose: 'papers', customers: [loan.customerId, ...partakers.map((p) => p.id)] },
      recordStores: [loan.storeId],
    });
    return papers;
  });
}

export function registerLoanPapersRoute(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: LOAN_PAPERS_PATH,
    permission: 'loan.print',
    summary: 'What the papers of a loan print (s.18 note, declarations, schedule, payout receipt); whole ID numbers for reveal-key holders, audited',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: loanPapersSchema,
    handler: (req) => readLoanPapers(contextOf(req), req.params.id),
  });
}
