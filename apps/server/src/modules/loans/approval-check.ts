/** The shape of one worst-case rate check of an approval (the list: `APPROVAL_RATE_CHECKS` in `approval-checks.ts`). */
import type { ApproveBody } from '@harbour/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { LoanRow } from '../loan-core/row.js';
import type { PayoutEngine } from './payout-engine.js';

/** What an approval check is given: the loan, the approval's body and the engine it reads. */
export interface ApprovalCheckInput {
  loan: LoanRow;
  body: ApproveBody;
  engine: PayoutEngine;
}

/** One rate check of an approval: refuses (throws) or answers what it found, for the approval's audit row. */
export type ApprovalRateCheck = (tx: DbOrTx, input: ApprovalCheckInput) => Promise<Record<string, string | null>>;
