import { rolesResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { roleService } from './service.js';

/** Roles (spec §3 "Role") from their declaration: name, description and granted permission keys. */
export function rolesModule(app: FastifyInstance) {
  registerResource(app, rolesResource, roleService);
}
