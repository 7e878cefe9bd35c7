import { loanFiltersSchema, loanListItemSchema, loanResource, pageOf, payoutQuoteQuerySchema, payoutQuoteSchema } from '@harbour/contracts';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { loanService, quotePayout } from './service.js';
import { registerLoanDocumentRoutes } from './documents.js';
import { registerLoanPapersRoute } from './papers.js';

/** Loans: applications (sections A, B, C, E), submission, approval decisions and client cancel. */
export async function loansModule(app: FastifyInstance) {
  registerResource(app, loanResource, loanService);
  // The approval list (spec §2 Approval list) is the loan list seen by approvers: by approval status.
  route(app, {
    method: 'GET',
    url: '/approvals',
    permission: 'approval.list',
    summary: 'Applications by approval status (unratified, approved, rejected)',
    querystring: loanFiltersSchema,
    response: pageOf(loanListItemSchema),
    handler: (req) => loanService.list(contextOf(req), req.query),
  });
  // The payout list (spec §2 Payout list): approved loans awaiting their money, and those paid out.
  route(app, {
    method: 'GET',
    url: '/payouts',
    permission: 'payout.list',
    summary: 'Loans awaiting payout or paid out',
    querystring: loanFiltersSchema,
    response: pageOf(loanListItemSchema),
    handler: (req) => loanService.list(contextOf(req), req.query),
  });
  route(app, {
    method: 'GET',
    url: '/loans/:id/payoutQuote',
    permission: 'payout.confirm',
    summary: 'What a payout on a date would deduct and what the borrower would receive',
    params: z.object({ id: z.coerce.number().int().positive() }),
    querystring: payoutQuoteQuerySchema,
    response: payoutQuoteSchema,
    handler: (req) => quotePayout(contextOf(req), req.params.id, req.query.payoutDate),
  });
  registerLoanPapersRoute(app);
  await registerLoanDocumentRoutes(app);
}
