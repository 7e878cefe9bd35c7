import type { FastifyInstance } from 'fastify';
import './messages.js';
import { holidayImportRoutes } from './routes.js';

/** Master data → holiday: the import (list, create, edit and delete come from the declaration). */
export function holidaysModule(app: FastifyInstance) {
  holidayImportRoutes(app);
}
