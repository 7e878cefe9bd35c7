import { LOAN_CHOICES_PATH, approvalQuoteQuerySchema, approvalQuoteSchema, loanBlacklistCheckAnswerSchema, loanBlacklistCheckSchema, loanChoicesSchema, loanFiltersSchema, loanListItemSchema, loanResource, pageOf, payoutQuoteQuerySchema, payoutQuoteSchema } from '@harbour/contracts';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { loanService, quoteApproval, quotePayout } from './service.js';
import { registerLoanDocumentRoutes } from './documents.js';
import { registerLoanPapersRoute } from './papers.js';
import { applicationChoices, checkApplicationBlacklist } from './form-support.js';

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
  route(app, {
    method: 'GET',
    url: '/loans/:id/approvalQuote',
    permission: 'approval.approve',
    summary: 'The effective annual rate an approval with these deductions gives, and why it would be refused',
    params: z.object({ id: z.coerce.number().int().positive() }),
    querystring: approvalQuoteQuerySchema,
    response: approvalQuoteSchema,
    handler: (req) => quoteApproval(contextOf(req), req.params.id, req.query),
  });
  registerLoanPapersRoute(app);
  // What the application form needs besides the loan: open to whoever may create or edit one.
  route(app, {
    method: 'GET',
    url: LOAN_CHOICES_PATH,
    permission: ['loan.create', 'loan.edit'],
    summary: 'The referral agents in service (id and name) for the application form',
    tags: ['loans'],
    response: loanChoicesSchema,
    handler: (req) => applicationChoices(contextOf(req)),
  });
  route(app, {
    method: 'POST',
    url: '/loans/blacklistCheck',
    permission: ['loan.create', 'loan.edit'],
    summary: 'Blacklist hits of the customers chosen on an application and the numbers typed into it (which person, which field; masked)',
    tags: ['loans'],
    audit: false,
    body: loanBlacklistCheckSchema,
    response: loanBlacklistCheckAnswerSchema,
    handler: (req) => checkApplicationBlacklist(contextOf(req), req.body),
  });
  await registerLoanDocumentRoutes(app);
}
