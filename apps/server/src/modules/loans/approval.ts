import { checkBlacklist } from './blacklist-check.js';
import type { ApproveBody } from '@harbour/contracts';
import { LOAN_STATUS } from '@harbour/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loanApprovals } from '../../db/schema/index.js';
import { AppError, businessRule } from '../../platform/errors.js';
import { translate } from '../../http/i18n.js';
import { assertNotMaker, recordLoanMaker } from '../../platform/makers.js';
import { businessToday } from '../../platform/business-date.js';
import { actingStaff, type ServiceContext } from '../../platform/context.js';
import { changeStatus } from '../../platform/status-change.js';
import { approvalLimitOf, withinApprovalLimit } from '../staff-levels/service.js';
import { APPROVAL_RATE_CHECKS } from './approval-checks.js';
import { approvalOnTime } from './payout-rate.js';
import { payoutEngine } from './payout-engine.js';
import type { LoanRow } from '../loan-core/row.js';
import { loanStatusSpec } from '../loan-core/status.js';
import { assessAffordability } from './affordability.js';

/**
 * Maker ≠ checker: whoever created, edited, sent back or submitted an application (`loan_makers`)
 * does not decide on it, whatever their grants (the super administrator included), so every loan
 * has two people behind it. The same rule guards four-eyes requests about the loan.
 */
const assertNotLoanMaker = (tx: DbOrTx, loan: Pick<LoanRow, 'id'>, staffId: number) => assertNotMaker(tx, { loanId: loan.id }, staffId, 'loans.errors.makerChecker');

/** The approver's staff level must cover the loan amount (spec §6 maximum approved amount). */
async function assertWithinLimit(tx: DbOrTx, loan: Pick<LoanRow, 'loanAmount'>, staffId: number): Promise<void> {
  const limit = await approvalLimitOf(tx, staffId);
  if (!withinApprovalLimit(limit, loan.loanAmount)) {
    throw businessRule('loans.errors.aboveApprovalLimit', { amount: loan.loanAmount, limit: limit?.maxAmount ?? '0.00' });
  }
}

/**
 * Why the caller may not approve the loan, in their language — the approval's own checks of the
 * person (maker ≠ checker, the level's maximum amount) — or null. The loan detail answers it, so
 * the screens do not offer 批核 to someone the approval would refuse after the form is filled in.
 */
export async function approveRefusal(tx: DbOrTx, ctx: ServiceContext, loan: Pick<LoanRow, 'id' | 'loanAmount'>): Promise<string | null> {
  const staffId = ctx.auth?.staffId;
  if (staffId === undefined) return null;
  try {
    await assertNotLoanMaker(tx, loan, staffId);
    await assertWithinLimit(tx, loan, staffId);
    return null;
  } catch (err) {
    if (err instanceof AppError) return translate(ctx.lang, err.code, err.params);
    throw err;
  }
}

/**
 * wait_approve → approved. The approver is not the maker, their level covers the amount, and the
 * Ordinance's rate (above 48% a year: always refused; then the company's maximum APR by its excess
 * action) holds on the worst the approval allows: the on-time payout with the up-front interest and
 * handling fee kept back, and every check of `APPROVAL_RATE_CHECKS` (a late payout keeping back the
 * late drawdown fee on the re-based schedule, …). The loan stores the on-time rate — what the
 * borrower gets when paid as agreed; the payout stores the rate of its real figures.
 * The decision row keeps the approved figures: what the borrower receives, the first and last due
 * dates and the extended first-period interest.
 */
export async function approve(tx: Tx, ctx: ServiceContext, loan: LoanRow, body: ApproveBody): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'wait_approve', 'approve');
  await assertNotLoanMaker(tx, loan, me);
  await assertWithinLimit(tx, loan, me);
  // a borrower blacklisted after submission stops the approval too
  const override = await checkBlacklist(tx, ctx, loan, body.overrideReason);
  const input = { loan, body, engine: await payoutEngine(tx) };
  const onTime = await approvalOnTime(tx, input);
  const worstCase: Record<string, string | null> = {};
  for (const check of APPROVAL_RATE_CHECKS) Object.assign(worstCase, await check(tx, input));
  const schedule = onTime.schedule.schedule;
  const figures = {
    overdueRate: body.overdueRate ?? null,
    upfrontInterest: body.upfrontInterest ?? null,
    handlingFee: body.handlingFee ?? null,
    earlySettleLockMonths: body.earlySettleLockMonths ?? null,
    lateDrawdownFee: body.lateDrawdownFee ?? null,
    overduePenalty: body.overduePenalty ?? null,
    lockPeriodFee: body.lockPeriodFee ?? null,
    placeOfNegotiation: body.placeOfNegotiation,
    actualReceivedAmount: onTime.figures.amountReceived,
    firstDueDate: schedule[0]?.dueDate ?? null,
    lastDueDate: schedule.at(-1)?.dueDate ?? null,
    extendedInterest: onTime.schedule.extendedInterest,
    extendedDays: onTime.schedule.extendedDays,
    remarks: body.remarks,
    ...(await assessAffordability(tx, ctx, loan, body.affordabilityReason)),
  };
  const decidedOn = await businessToday(tx);
  const [row] = await tx
    .insert(loanApprovals)
    .values({ storeId: loan.storeId, loanId: loan.id, decision: 'approve', decidedOn, staffId: me, createdBy: me, ...figures })
    .returning({ id: loanApprovals.id });
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, 'approve', {
    set: { mloRate: onTime.lawful.stored, mloStatus: onTime.lawful.status },
    audit: {
      applyNo: loan.applyNo,
      approvalId: row!.id,
      decidedOn,
      mloRate: onTime.lawful.stored,
      worstCase,
      excessConfirmed: onTime.lawful.excessConfirmed,
      ...figures,
      ...override,
    },
  });
}

/** wait_approve → reject, or → pending (sent back); not by the maker, with the reason. */
export async function decide(tx: Tx, ctx: ServiceContext, loan: LoanRow, action: 'reject' | 'return', remarks: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'wait_approve', action);
  await assertNotLoanMaker(tx, loan, me);
  const decidedOn = await businessToday(tx);
  await tx.insert(loanApprovals).values({ storeId: loan.storeId, loanId: loan.id, decision: action, decidedOn, staffId: me, remarks, createdBy: me });
  // A returned application is the applicant's staff's again: a new submission starts a new round.
  const set = action === 'return' ? { submittedAt: null, submittedBy: null } : {};
  // sending back shapes the terms the next submission carries: the one who sent it back is a maker
  if (action === 'return') await recordLoanMaker(tx, ctx, loan, 'return');
  await changeStatus(tx, ctx, loanStatusSpec, loan.id, action, { set, audit: { applyNo: loan.applyNo, decidedOn, remarks } });
}

/**
 * approved → wait_approve before payout: a new decision row points at the approval it undoes (the
 * approval itself is never edited). Undone by someone who could have approved it.
 */
export async function undoApproval(tx: Tx, ctx: ServiceContext, loan: LoanRow, remarks: string): Promise<void> {
  const me = actingStaff(ctx).staffId;
  LOAN_STATUS.transition(loan.status as 'approved', 'undo_approval');
  await assertNotLoanMaker(tx, loan, me);
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
