import type { FastifyInstance } from 'fastify';
import { settingsRoutes } from './routes.js';

/** System → default settings. */
export function settingsModule(app: FastifyInstance) {
  settingsRoutes(app);
}
