import { loanFiltersSchema, loanListItemSchema, loanResource, pageOf } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { loanService } from './service.js';

/** Loans: applications (sections A, B, C, E), submission, approval decisions and client cancel. */
export function loansModule(app: FastifyInstance) {
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
}
