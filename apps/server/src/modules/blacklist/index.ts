import { BLACKLIST_PERMISSIONS, blacklistCheckAnswerSchema, blacklistCheckSchema, blacklistResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { blacklistService, checkBlacklist } from './service.js';

export { blacklistHits } from './hits.js';

/** Blacklist: the declared resource (list, view, add, edit, remove, reveal) and the check the forms call on entry. */
export function blacklistModule(app: FastifyInstance) {
  registerResource(app, blacklistResource, blacklistService);
  route(app, {
    method: 'POST',
    url: '/blacklist/check',
    permission: BLACKLIST_PERMISSIONS.check,
    summary: 'Blacklist hits of up to 10 ID numbers and 10 phones (exact match on their normal forms; masked)',
    tags: [blacklistResource.name],
    audit: false,
    body: blacklistCheckSchema,
    response: blacklistCheckAnswerSchema,
    handler: (req) => checkBlacklist(contextOf(req), req.body),
  });
}
