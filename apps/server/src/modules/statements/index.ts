import { statementSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoDate } from '@harbour/contracts';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { withReadTx } from '../../platform/tx.js';
import { readStatement } from './service.js';

export { issueStatement } from './service.js';

/**
 * MLO s.19 / s.20 statements. Issuing one is the loan's declared action `statement`
 * (`POST /loans/{id}/statement`, served with the loan resource); reading it on a date is here.
 */
export function statementsModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/loans/:id/statement',
    permission: 'repayment.statement',
    summary: 'The statement of account of a paid-out loan on a date (MLO s.19): paid, due and unpaid, not yet due; and the statements issued',
    tags: ['loans'],
    params: z.object({ id: z.coerce.number().int().positive() }),
    querystring: z.object({ date: z.preprocess((v) => (v === '' ? undefined : v), isoDate().optional()) }),
    response: statementSchema,
    handler: (req) => {
      const ctx = contextOf(req);
      return withReadTx(ctx, (tx) => readStatement(tx, ctx, req.params.id, req.query.date));
    },
  });
}
