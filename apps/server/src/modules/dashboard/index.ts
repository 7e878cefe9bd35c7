import { DASHBOARD_API_PATH, DASHBOARD_PERMISSION, dashboardQuerySchema, dashboardSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { readDashboard } from './service.js';

/** The dashboard's figures (read only; `docs/reports.md` → Dashboard). */
export function dashboardModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: DASHBOARD_API_PATH,
    permission: DASHBOARD_PERMISSION,
    summary: 'Dashboard figures of the current store, one store or every store the caller reaches: the book, money out and in by month, PAR 30/60/90 and its trend, due and overdue counts, top referral agents',
    tags: ['dashboard'],
    querystring: dashboardQuerySchema,
    response: dashboardSchema,
    handler: async (req) => readDashboard(contextOf(req), req.query),
  });
}
