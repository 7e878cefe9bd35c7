/**
 * The rate checks an approval runs on the worst case it allows (Money Lenders Ordinance s.24: the
 * cap holds at approval for every charge the approval sets, not only for the on-time payout). Each
 * check computes the cash flows of one way the approval's charges can fall on the borrower and
 * refuses through `assertLawfulRate` with a message naming that charge; `approve` runs them all, in
 * order, after the on-time figures, and keeps what they found in its audit row.
 * A new charge with a worst case of its own (the lock-period fee of an early settlement…) adds its
 * check to `APPROVAL_RATE_CHECKS`.
 */
import type { ApprovalRateCheck } from './approval-check.js';
import { delayedPayoutWorstCase, lateDrawdownWorstCase } from './payout-rate.js';
import { lockPeriodFeeAtApproval } from './lock-period-fee.js';

/** Every worst-case check of an approval, run in this order. */
export const APPROVAL_RATE_CHECKS: readonly ApprovalRateCheck[] = [lateDrawdownWorstCase, delayedPayoutWorstCase, lockPeriodFeeAtApproval];
