import type { repaymentResource } from '@harbour/contracts';
import type { ResourceService } from '../../platform/resource-service.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { getRepayment, listRepayments } from './read.js';
import { correctReceipt, postReceipt } from './receipts.js';

/** Receipts (`repaymentResource`): the list, one receipt, posting one and correcting one. */
export const repaymentService: ResourceService<typeof repaymentResource> = {
  list: (ctx, query) => withReadTx(ctx, (tx) => listRepayments(tx, ctx, query)),
  get: (ctx, id) => withReadTx(ctx, (tx) => getRepayment(tx, ctx, id)),
  create: (ctx, input) => withTx(ctx, (tx) => postReceipt(tx, ctx, input)),
  actions: {
    correct: (ctx, id, body) => withTx(ctx, (tx) => correctReceipt(tx, ctx, id, body)),
  },
};
