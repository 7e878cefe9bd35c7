import { SEARCH_PATH, SEARCH_PERMISSIONS, searchQuerySchema, searchResultSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { globalSearch } from './service.js';

/** The navbar's global search: loans (the caller's stores) and customers by number, name, whole ID number or phone. */
export function searchModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: SEARCH_PATH,
    permission: SEARCH_PERMISSIONS,
    summary: 'Loans (loan.list, the caller\'s stores) and customers (persona.list) by loan or application number, name, or a whole ID number or phone; at most 8 of each, numbers masked',
    tags: ['search'],
    querystring: searchQuerySchema,
    response: searchResultSchema,
    handler: (req) => globalSearch(contextOf(req), req.query.q),
  });
}
