/**
 * The rate checks an approval runs on the worst case it allows (Money Lenders Ordinance s.24: the
 * cap holds at approval for every charge the approval sets, not only for the on-time payout). Each
 * check computes the cash flows of one way the approval's charges can fall on the borrower and
 * refuses through `assertLawfulRate` with a message naming that charge; `approve` runs them all, in
 * order, after the on-time figures, and keeps what they found in its audit row.
 * A new charge with a worst case of its own (the lock-period fee of an early settlement…) adds its
 * check to `APPROVAL_RATE_CHECKS`.
 */
import type { ApproveBody } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import { lateDrawdownWorstCase, type PayoutEngine } from './payout-rate.js';
import type { LoanRow } from './read.js';
import { lockPeriodFeeAtApproval } from './lock-period-fee.js';

/** What an approval check is given: the loan, the approval's body and the engine it reads. */
export interface ApprovalCheckInput {
  loan: LoanRow;
  body: ApproveBody;
  engine: PayoutEngine;
}

/** One rate check of an approval: refuses (throws) or answers what it found, for the approval's audit row. */
export type ApprovalRateCheck = (tx: DbOrTx, input: ApprovalCheckInput) => Promise<Record<string, string | null>>;

/** Every worst-case check of an approval, run in this order. */
export const APPROVAL_RATE_CHECKS: readonly ApprovalRateCheck[] = [lateDrawdownWorstCase, lockPeriodFeeAtApproval];
