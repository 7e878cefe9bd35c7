import { powerKeyChoicesSchema, powerStaffResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { powerKeyChoices, powerStaffService } from './service.js';

/** Power → staff list: who holds which key (read-only; see service.ts). */
export function powerStaffModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: `${powerStaffResource.path}/keys`,
    permission: powerStaffResource.permissions.list,
    summary: 'The enabled permission keys, for the key filter of the Power staff list',
    tags: [powerStaffResource.name],
    response: powerKeyChoicesSchema,
    handler: (req) => powerKeyChoices(contextOf(req)),
  });
  registerResource(app, powerStaffResource, powerStaffService);
}
