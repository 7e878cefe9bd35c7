import { checkBlacklist } from './blacklist-check.js';
import type { PayoutQuote, payoutBodySchema } from '@harbour/contracts';
import type { z } from 'zod';
import { LOAN_STATUS, moneyAccountFor, payoutFigures, postPayout, referralCommission, moneyText } from '@harbour/domain';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanApprovals, loanInstalments, loanPayouts, loans, referralAgents } from '../../db/schema/index.js';
import { businessRule } from '../../platform/errors.js';
import { assertWithinActivePeriod } from '../../platform/active-period.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { takeCode } from '../../platform/codes.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import { postJournal } from '../../platform/ledger.js';
import { changeStatus } from '../../platform/status-change.js';
import { loanStatusSpec } from '../loan-core/status.js';
import { checkedPayout, payoutRateQuote } from './payout-rate.js';
import { assertS18NoteTiming } from './s18-timing.js';
import type { LoanRow } from '../loan-core/row.js';
import { refreshDueSummary } from '../repayments/daily.js';
import { quoteOn, settleByReloan, type Quoted } from '../repayments/settlement.js';

type PayoutBody = z.output<typeof payoutBodySchema>;

/**
 * What the loan's referral agent earns on it, on the agent's terms when the money is lent
 * (`referralCommission`); null for a loan no agent introduced. Kept with the payout.
 */
async function commissionOf(tx: DbOrTx, loan: LoanRow): Promise<string | null> {
  if (loan.referralAgentId === null) return null;
  const [agent] = await tx
    .select({ kind: referralAgents.commissionKind, commission: referralAgents.commission })
    .from(referralAgents)
    .where(eq(referralAgents.id, loan.referralAgentId));
  if (!agent) return null;
  return referralCommission(loan.loanAmount, { kind: agent.kind === 'percent' ? 'percent' : 'fixed', commission: agent.commission });
}

/** The approval a payout follows: the latest decision, which must be an approval (not undone). */
async function currentApproval(tx: DbOrTx, loan: LoanRow) {
  const [last] = await tx.select().from(loanApprovals).where(eq(loanApprovals.loanId, loan.id)).orderBy(desc(loanApprovals.id)).limit(1);
  if (!last || last.decision !== 'approve') throw businessRule('loans.errors.notApproved');
  return last;
}

/** A reloan's old loan, which must still be repaying, and its settlement quote on the payout date. */
export interface OldLoanQuote {
  old: LoanRow;
  q: Quoted;
  /** what the new loan pays to settle it: the quote's total less the temporary amount it holds */
  settlement: string;
}

export async function oldLoanQuote(tx: DbOrTx, old: LoanRow, date: string): Promise<OldLoanQuote> {
  if (old.status !== 'repaying') throw businessRule('loans.errors.reloanNotRepaying', { loanNo: old.loanNo ?? old.applyNo, status: old.status });
  const q = await quoteOn(tx, old, date);
  return { old, q, settlement: moneyText(q.quote.payable) };
}

/** The old loan a reloan names (same store and borrower, checked when the application was saved). */
async function oldLoanOf(tx: DbOrTx, loan: LoanRow, opts: { lock?: boolean } = {}): Promise<LoanRow | null> {
  if (!loan.reloanOfId) return null;
  const q = tx.select().from(loans).where(eq(loans.id, loan.reloanOfId));
  const [old] = opts.lock ? await q.for('update') : await q;
  return old ?? null;
}

/**
 * What a payout on `payoutDate` deducts and pays, from the approval's figures (the domain
 * computes); a reloan also pays the old loan's settlement on that date out of it. With the rate of
 * the payout's real cash flows, its re-based dates and why it would be refused (`payoutRateQuote`).
 */
export async function payoutQuote(tx: DbOrTx, ctx: ServiceContext, loan: LoanRow, payoutDate: string): Promise<PayoutQuote> {
  const approval = await currentApproval(tx, loan);
  const old = await oldLoanOf(tx, loan);
  const reloan = old ? await oldLoanQuote(tx, old, payoutDate) : null;
  const figures = payoutFigures({
    loanAmount: loan.loanAmount,
    upfrontInterest: approval.upfrontInterest,
    handlingFee: approval.handlingFee,
    lateDrawdownFee: approval.lateDrawdownFee,
    agreedDate: loan.loanDate,
    payoutDate,
    settlesOldLoan: reloan?.settlement,
  });
  return { ...figures, ...(await payoutRateQuote(tx, ctx, loan, approval, payoutDate, reloan?.settlement ?? null)) };
}

/**
 * MLO s.18: the signed note is back (before any payout), with the date the borrower signed it and
 * who took it in. Its date lies between the agreement date (`loanDate`) and today; a later record
 * (the note signed again) replaces the earlier one, audited before and after.
 */
export async function markSignedNote(tx: Tx, ctx: ServiceContext, loan: LoanRow, receivedOn: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  if (loan.status !== 'approved') throw businessRule('loans.errors.signedNoteStatus', { status: loan.status });
  assertS18NoteTiming({ agreementDate: loan.loanDate, noteDate: receivedOn, today: await businessToday(tx) });
  await tx.update(loans).set({ signedNoteReceivedOn: receivedOn, signedNoteReceivedBy: me, updatedAt: new Date(), updatedBy: me }).where(eq(loans.id, loan.id));
  await audit(tx, {
    action: 'edit',
    module: 'loans',
    reference: loan.id,
    before: { signedNoteReceivedOn: loan.signedNoteReceivedOn, signedNoteReceivedBy: loan.signedNoteReceivedBy },
    after: { applyNo: loan.applyNo, signedNoteReceivedOn: receivedOn, signedNoteReceivedBy: me },
    recordStores: [loan.storeId],
  });
}

/**
 * approved → repaying, in one transaction: the loan number from the code format, the payout row,
 * the repayment schedule persisted from the domain (the approved terms, with the up-front
 * deductions), and the payout's balanced journal entry (loan receivable against cash or bank,
 * interest and fee income for what was kept back). Refused until the signed s.18 note is marked
 * received, when it was signed more than 7 days after the agreement or after the payout date
 * (`s18NoteTiming`), for a date in the future, before the approval, or outside the active period.
 */
export async function payOut(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: PayoutBody): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'approved', 'payout');
  if (!loan.signedNoteReceivedOn) throw businessRule('loans.errors.signedNoteMissing');
  // and the payout: no money to a borrower blacklisted since, unless a manager says why
  const override = await checkBlacklist(tx, ctx, loan, body.overrideReason);
  const approval = await currentApproval(tx, loan);
  if (body.payoutDate > (await businessToday(tx))) throw businessRule('loans.errors.dateInFuture');
  if (body.payoutDate < approval.decidedOn) throw businessRule('loans.errors.payoutBeforeApproval', { decidedOn: approval.decidedOn });
  assertS18NoteTiming({ agreementDate: loan.loanDate, noteDate: loan.signedNoteReceivedOn, today: await businessToday(tx), payoutDate: body.payoutDate });
  await assertWithinActivePeriod(tx, body.payoutDate);
  // a reloan: the old loan (locked) is settled on the payout date out of this payout
  const old = await oldLoanOf(tx, loan, { lock: true });
  const reloan = old ? await oldLoanQuote(tx, old, body.payoutDate) : null;
  // the real figures: the re-based schedule and what the borrower receives, within the cap
  const payout = await checkedPayout(tx, loan, approval, body.payoutDate, { settlesOldLoan: reloan?.settlement ?? null, confirmExcess: body.confirmExcess });
  const { figures } = payout;
  const loanNo = await takeCode(tx, 'loanNo', { storeId: loan.storeId, date: body.payoutDate });
  const settled = reloan ? await settleByReloan(tx, ctx, reloan.old, reloan.q, { applyNo: loan.applyNo, loanNo }) : null;
  const settlementNo = settled?.repayNo ?? null;
  const entryId = await postJournal(
    tx,
    ctx,
    postPayout({
      principal: figures.loanAmount,
      deductedInterest: figures.upfrontInterest,
      deductedFees: figures.feesDeducted,
      settlesOldLoan: figures.oldLoanSettlement,
      paidFrom: moneyAccountFor(body.method),
      memo: {
        applyNo: loan.applyNo,
        loanNo,
        ...(body.chequeNo ? { chequeNo: body.chequeNo } : {}),
        ...(reloan ? { reloanOfLoanNo: reloan.old.loanNo ?? '', settlementRepayNo: settlementNo ?? '' } : {}),
      },
    }),
    { storeId: loan.storeId, date: body.payoutDate, loanId: loan.id },
  );
  await tx.insert(loanPayouts).values({
    storeId: loan.storeId,
    loanId: loan.id,
    payoutDate: body.payoutDate,
    method: body.method,
    chequeNo: body.method === 'cheque' ? body.chequeNo : null,
    upfrontDeducted: figures.upfrontInterest,
    lateDrawdownFee: figures.lateDrawdownFee,
    amountReceived: figures.amountReceived,
    oldLoanSettled: figures.oldLoanSettlement,
    referralCommission: await commissionOf(tx, loan),
    remarks: body.remarks,
    journalEntryId: entryId,
    createdBy: me,
  });
  await tx.insert(loanInstalments).values(
    payout.schedule.schedule.map((line) => ({
      storeId: loan.storeId,
      loanId: loan.id,
      tenor: line.tenor,
      dueDate: line.dueDate,
      principal: line.principal,
      interest: line.interest,
      instalment: line.instalment,
      balance: line.balance,
      createdBy: me,
    })),
  );
  // a late payout moves the interest start and a custom first due date (audited with the payout)
  const rebased = payout.dates.shiftDays > 0
    ? { before: { interestStartDate: loan.interestStartDate, firstDueDate: loan.firstDueDate }, after: { interestStartDate: payout.dates.interestStartDate, firstDueDate: payout.dates.firstDueDate } }
    : null;
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'payout', {
    set: { loanNo, payoutDate: body.payoutDate, payoutMethod: body.method, mloRate: payout.lawful.stored, mloStatus: payout.lawful.status, ...(rebased?.after ?? {}) },
    audit: {
      applyNo: loan.applyNo,
      loanNo,
      payoutDate: body.payoutDate,
      method: body.method,
      chequeNo: body.chequeNo,
      ...figures,
      journalEntryId: entryId,
      instalments: payout.schedule.schedule.length,
      mloRate: { before: loan.mloRate, after: payout.lawful.stored },
      excessConfirmed: payout.lawful.excessConfirmed,
      ...override,
      lateDays: payout.dates.lateDays,
      ...(rebased ? { rebased } : {}),
      ...(reloan ? { reloanOf: { id: reloan.old.id, loanNo: reloan.old.loanNo, status: 'reloaned', settlement: { id: settled?.id, ...settled?.record } } } : {}),
    },
  });
  // the new loan enters the tips list and the reminders at once, not at the next daily run
  await refreshDueSummary(tx, loan.id);
}
