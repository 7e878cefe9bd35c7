import type { FastifyInstance } from 'fastify';
import { holidayCrud } from './crud.js';
import { holidayImportRoutes } from './routes.js';

/** Master data → holiday: list, create, edit and delete from the declaration, and the import. */
export function holidaysModule(app: FastifyInstance) {
  holidayImportRoutes(app);
  holidayCrud(app);
}
