import type { repaymentResource } from '@harbour/contracts';
import type { ResourceService } from '../../platform/resource-service.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { getRepayment, listRepayments } from './read.js';
import { correctReceipt } from './receipts.js';

/**
 * Receipts (`repaymentResource`): the list, one receipt and correcting one. Posting one is the
 * workflow action `receipt` (`REPAYMENT_ACTIONS`) on the same path, `POST /repayments`.
 */
export const repaymentService: ResourceService<typeof repaymentResource> = {
  list: (ctx, query) => withReadTx(ctx, (tx) => listRepayments(tx, ctx, query)),
  get: (ctx, id) => withReadTx(ctx, (tx) => getRepayment(tx, ctx, id)),
  actions: {
    correct: (ctx, id, body) => withTx(ctx, (tx) => correctReceipt(tx, ctx, id, body)),
  },
};
