import {
  APPROVAL_CHECK_PERMISSION,
  APPROVAL_REQUESTS_PATH,
  APPROVAL_REQUESTS_PERMISSION,
  approvalDecisionBodySchema,
  approvalIdParams,
  approvalRejectBodySchema,
  approvalRequestFiltersSchema,
  approvalRequestItemSchema,
  approvalRequestPageSchema,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { approve, getRequest, listRequests, reject, withdraw } from './service.js';

/**
 * Four eyes' queue (`platform/four-eyes.ts`): the requests for controlled actions, and their
 * approval, rejection (checkers: `approval.check` and the action's own key) or withdrawal (the
 * requester). The requests themselves are recorded by the controlled actions' own routes (202).
 */
export function approvalsModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: APPROVAL_REQUESTS_PATH,
    permission: APPROVAL_REQUESTS_PERMISSION,
    summary: 'Four-eyes requests: filters (status, kind, store, date), sort, pages; without the check key, only one’s own',
    tags: ['approvals'],
    querystring: approvalRequestFiltersSchema,
    response: approvalRequestPageSchema,
    handler: (req) => listRequests(contextOf(req), req.query),
  });
  route(app, {
    method: 'GET',
    url: `${APPROVAL_REQUESTS_PATH}/:id`,
    permission: APPROVAL_REQUESTS_PERMISSION,
    summary: 'One four-eyes request: the intended change (before / after), reason, requester and decision',
    tags: ['approvals'],
    params: approvalIdParams,
    response: approvalRequestItemSchema,
    handler: (req) => getRequest(contextOf(req), req.params.id),
  });
  route(app, {
    method: 'POST',
    url: `${APPROVAL_REQUESTS_PATH}/:id/approve`,
    permission: APPROVAL_CHECK_PERMISSION,
    summary: 'Approve a pending request: the action runs now, in one transaction with the decision (not by its requester or a maker of the loan)',
    tags: ['approvals'],
    params: approvalIdParams,
    body: approvalDecisionBodySchema,
    response: approvalRequestItemSchema,
    handler: async (req) => {
      const item = await approve(contextOf(req), req.params.id, req.body.note);
      succeed(req, 'approvals.success.approved');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: `${APPROVAL_REQUESTS_PATH}/:id/reject`,
    permission: APPROVAL_CHECK_PERMISSION,
    summary: 'Reject a pending request with a note; nothing of the action happens',
    tags: ['approvals'],
    params: approvalIdParams,
    body: approvalRejectBodySchema,
    response: approvalRequestItemSchema,
    handler: async (req) => {
      const item = await reject(contextOf(req), req.params.id, req.body.note);
      succeed(req, 'approvals.success.rejected');
      return item;
    },
  });
  route(app, {
    method: 'POST',
    url: `${APPROVAL_REQUESTS_PATH}/:id/withdraw`,
    permission: APPROVAL_REQUESTS_PERMISSION,
    summary: 'The requester withdraws their own pending request',
    tags: ['approvals'],
    params: approvalIdParams,
    body: approvalDecisionBodySchema,
    response: approvalRequestItemSchema,
    handler: async (req) => {
      const item = await withdraw(contextOf(req), req.params.id, req.body.note);
      succeed(req, 'approvals.success.withdrawn');
      return item;
    },
  });
}
