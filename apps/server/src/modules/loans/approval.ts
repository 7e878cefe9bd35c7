import type { ApproveBody } from '@harbour/contracts';
import { LOAN_STATUS, payoutFigures } from '@harbour/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loanApprovals, loans } from '../../db/schema/index.js';
import { businessRule } from '../../http/app-error.js';
import { businessToday } from '../../platform/business-date.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import { changeStatus } from '../../platform/status-change.js';
import { approvalLimitOf, withinApprovalLimit } from '../staff-levels/service.js';
import { runCalculator } from '../tools/calculator-service.js';
import type { LoanRow } from './read.js';
import { assessAffordability } from './affordability.js';

export const loanStatusSpec = { table: loans, id: loans.id, status: loans.status, storeColumn: loans.storeId, machine: LOAN_STATUS, module: 'loans' } as const;

/**
 * Maker ≠ checker: whoever created or submitted an application does not decide on it, whatever
 * their grants (the super administrator included), so every loan has two people behind it.
 */
function assertNotMaker(loan: LoanRow, staffId: number): void {
  if (loan.createdBy === staffId || loan.submittedBy === staffId) throw businessRule('loans.errors.makerChecker');
}

/** The approver's staff level must cover the loan amount (spec §6 maximum approved amount). */
async function assertWithinLimit(tx: Tx, loan: LoanRow, staffId: number): Promise<void> {
  const limit = await approvalLimitOf(tx, staffId);
  if (!withinApprovalLimit(limit, loan.loanAmount)) {
    throw businessRule('loans.errors.aboveApprovalLimit', { amount: loan.loanAmount, limit: limit?.maxAmount ?? '0.00' });
  }
}

/** The loan's terms as the calculator takes them, with what is deducted at payout. */
export const termsOf = (loan: LoanRow, amountDeducted: string) => ({
  loanAmount: loan.loanAmount,
  totalTenor: loan.totalTenor,
  repayCycle: loan.repayCycle as 'monthly',
  cycleMonths: loan.cycleMonths ?? undefined,
  cycleDays: loan.cycleDays ?? undefined,
  interestMethod: loan.interestMethod as 'amortization',
  flatRate: loan.flatRate ?? undefined,
  effectiveRate: loan.effectiveRate ?? undefined,
  ruleOf78: loan.ruleOf78,
  loanDate: loan.interestStartDate,
  firstDueDate: loan.firstDueDate ?? undefined,
  amountDeducted,
  maxInterest: loan.maxInterest ?? undefined,
});

/**
 * wait_approve → approved. The approver is not the maker, their level covers the amount, and the
 * Ordinance's rate — computed again with the up-front deductions, which the borrower does not
 * receive — is lawful (above 48 % a year: always refused). The company's maximum APR then applies
 * its excess action from the settings: refuse, ask the approver to confirm, or let it pass.
 * The decision row keeps the approved figures: what the borrower receives, the first and last due
 * dates and the extended first-period interest.
 */
export async function approve(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: ApproveBody): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'wait_approve', 'approve');
  assertNotMaker(loan, me);
  await assertWithinLimit(tx, loan, me);
  // What the borrower receives when paid on the agreed date (a late payout deducts its fee then).
  const onTime = payoutFigures({ loanAmount: loan.loanAmount, upfrontInterest: body.upfrontInterest, handlingFee: body.handlingFee, agreedDate: loan.loanDate, payoutDate: loan.loanDate });
  const result = await runCalculator(tx, termsOf(loan, onTime.totalDeducted));
  if (result.mloStatus === 'illegal') throw businessRule('loans.errors.illegalRate', { rate: result.mloRate });
  if (result.excess.outcome === 'blocked') throw businessRule('loans.errors.aboveMaxApr', { rate: result.mloRate, maxApr: result.excess.maxApr ?? '' });
  if (result.excess.outcome === 'needs-confirmation' && !body.confirmExcess) {
    throw businessRule('loans.errors.confirmMaxApr', { rate: result.mloRate, maxApr: result.excess.maxApr ?? '' });
  }
  const schedule = result.schedule;
  const figures = {
    overdueRate: body.overdueRate ?? null,
    upfrontInterest: body.upfrontInterest ?? null,
    handlingFee: body.handlingFee ?? null,
    earlySettleLockMonths: body.earlySettleLockMonths ?? null,
    lateDrawdownFee: body.lateDrawdownFee ?? null,
    overduePenalty: body.overduePenalty ?? null,
    lockPeriodFee: body.lockPeriodFee ?? null,
    placeOfNegotiation: body.placeOfNegotiation,
    actualReceivedAmount: onTime.amountReceived,
    firstDueDate: schedule[0]?.dueDate ?? null,
    lastDueDate: schedule.at(-1)?.dueDate ?? null,
    extendedInterest: result.extendedInterest,
    extendedDays: result.extendedDays,
    remarks: body.remarks,
    ...(await assessAffordability(tx, ctx, loan, body.affordabilityReason)),
  };
  const decidedOn = await businessToday(tx);
  const [row] = await tx
    .insert(loanApprovals)
    .values({ storeId: loan.storeId, loanId: loan.id, decision: 'approve', decidedOn, staffId: me, createdBy: me, ...figures })
    .returning({ id: loanApprovals.id });
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'approve', {
    set: { mloRate: result.mloRate, mloStatus: result.mloStatus },
    audit: { applyNo: loan.applyNo, approvalId: row!.id, decidedOn, mloRate: result.mloRate, excessConfirmed: result.excess.outcome === 'needs-confirmation', ...figures },
  });
}

/** wait_approve → reject, or → pending (sent back); not by the maker, with the reason. */
export async function decide(tx: Tx, ctx: ServiceContext, loan: LoanRow, action: 'reject' | 'return', remarks: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'wait_approve', action);
  assertNotMaker(loan, me);
  const decidedOn = await businessToday(tx);
  await tx.insert(loanApprovals).values({ storeId: loan.storeId, loanId: loan.id, decision: action, decidedOn, staffId: me, remarks, createdBy: me });
  // A returned application is the applicant's staff's again: a new submission starts a new round.
  const set = action === 'return' ? { submittedAt: null, submittedBy: null } : {};
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, action, { set, audit: { applyNo: loan.applyNo, decidedOn, remarks } });
}

/**
 * approved → wait_approve before payout: a new decision row points at the approval it undoes (the
 * approval itself is never edited). Undone by someone who could have approved it.
 */
export async function undoApproval(tx: Tx, ctx: ServiceContext, loan: LoanRow, remarks: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'approved', 'undo_approval');
  assertNotMaker(loan, me);
  await assertWithinLimit(tx, loan, me);
  const [approval] = await tx
    .select({ id: loanApprovals.id })
    .from(loanApprovals)
    .where(and(eq(loanApprovals.loanId, loan.id), eq(loanApprovals.decision, 'approve')))
    .orderBy(desc(loanApprovals.id))
    .limit(1);
  const decidedOn = await businessToday(tx);
  await tx.insert(loanApprovals).values({ storeId: loan.storeId, loanId: loan.id, decision: 'undo', decidedOn, staffId: me, undoesId: approval?.id ?? null, remarks, createdBy: me });
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'undo_approval', { audit: { applyNo: loan.applyNo, undoes: approval?.id ?? null, decidedOn, remarks } });
}
