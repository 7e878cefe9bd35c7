import { staffResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { staffListRoutes } from './lists.js';
import { ownProfileRoutes } from './own-routes.js';
import { staffService } from './service.js';

/** Staff administration from its declaration, the staff pickers/summaries and own details (`/adminModify`). */
export async function staffModule(app: FastifyInstance) {
  registerResource(app, staffResource, staffService);
  staffListRoutes(app);
  await ownProfileRoutes(app);
}
