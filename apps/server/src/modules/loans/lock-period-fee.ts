/**
 * The lock-period fee at approval (MLO s.21, docs/loan-mathematics.md §9), one of the approval's
 * worst-case checks (`APPROVAL_RATE_CHECKS`). Every early settlement bounds the fee it charges
 * (`lockPeriodFeeCeiling`), so the worst case the approval allows inside the lock period is lawful
 * by construction; the approval still refuses a fee that can never be what it says — a fee without
 * a lock period, or one above the loan amount (no settlement could charge it) — and records the
 * most the fee could be charged on its schedule paid as agreed, on time.
 */
import { addMonthsClamped, approvalWorstCase, dec, scheduledLockPeriodFeeCeiling, moneyText } from '@harbour/domain';
import { businessRule } from '../../platform/errors.js';
import type { ApprovalRateCheck } from './approval-check.js';
import { termsOf } from '../loan-core/terms.js';

export const lockPeriodFeeAtApproval: ApprovalRateCheck = async (_tx, { loan, body, engine }) => {
  const fee = body.lockPeriodFee === undefined || body.lockPeriodFee === null || body.lockPeriodFee === '' ? null : dec(body.lockPeriodFee);
  if (fee === null || fee.isZero()) return { lockPeriodFeeCeiling: null };
  const months = body.earlySettleLockMonths ?? 0;
  if (months <= 0) throw businessRule('loans.errors.lockPeriodFeeWithoutLock', { fee: moneyText(fee) });
  if (fee.gt(dec(loan.loanAmount))) throw businessRule('loans.errors.lockPeriodFeeAboveLoan', { fee: moneyText(fee), amount: moneyText(loan.loanAmount) });
  const { onTime } = approvalWorstCase({
    terms: termsOf(loan, '0'),
    agreedDate: loan.loanDate,
    deductions: { upfrontInterest: body.upfrontInterest, handlingFee: body.handlingFee },
    rule: engine.rule,
    settings: engine.settings,
    holidays: engine.holidays,
  });
  const ceiling = scheduledLockPeriodFeeCeiling(
    // the first day out of the lock period: months from the interest start, as the settlement counts them
    { lentOn: onTime.flows.lentOn, received: onTime.flows.received, loanRate: onTime.rate, lockPeriodEnds: addMonthsClamped(loan.interestStartDate, months) },
    onTime.schedule.schedule,
  );
  return { lockPeriodFeeCeiling: moneyText(ceiling) };
};
