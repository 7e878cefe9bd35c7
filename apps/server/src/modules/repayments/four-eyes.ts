import { REPAYMENT_CORRECTIONS, type RepaymentCorrection } from '@harbour/contracts';
import { controlledAction } from '../../platform/four-eyes.js';
import { getRepayment } from './read.js';
import { correctReceipt } from './receipts.js';

type CorrectionRequest = { id: number; body: { kind: RepaymentCorrection; reason: string } };

/**
 * A receipt's void and refund under four eyes (`repayments.void`, `repayments.refund`): the
 * `correct` action of `repaymentResource` names the kind by the body's `kind`; approving runs
 * `correctReceipt` as the direct route does. The checker reads the receipt's figures; a receipt
 * corrected or no longer its loan's latest since the request has changed, and the approval is refused.
 */
export function registerCorrectionsUnderFourEyes(): void {
  for (const kind of REPAYMENT_CORRECTIONS) {
    controlledAction<CorrectionRequest>({
      kind: `repayments.${kind}`,
      permission: 'repayment.void',
      perform: (tx, ctx, p) => correctReceipt(tx, ctx, p.id, p.body),
      subject: async (tx, ctx, p) => {
        const receipt = await getRepayment(tx, ctx, p.id);
        return { loanId: receipt.loanId, storeId: receipt.storeId, reference: receipt.repayNo };
      },
      describe: async (tx, ctx, p) => {
        const r = await getRepayment(tx, ctx, p.id);
        return {
          before: { repayNo: r.repayNo, loanNo: r.loanNo, customerName: r.customerName, repayDate: r.repayDate, repayType: r.repayType, received: r.received, correction: r.correction, latest: r.latest },
          after: { correction: p.body.kind, reversed: r.received },
        };
      },
      reason: (p) => p.body.reason,
    });
  }
}
