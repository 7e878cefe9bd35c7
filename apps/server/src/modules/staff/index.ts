import type { FastifyInstance } from 'fastify';
import { staffListRoutes } from './lists.js';
import { ownProfileRoutes } from './own-routes.js';
import { staffRoutes } from './routes.js';

/** Staff administration, the staff pickers/summaries and own details (`/adminModify`). */
export async function staffModule(app: FastifyInstance) {
  staffRoutes(app);
  staffListRoutes(app);
  await ownProfileRoutes(app);
}
