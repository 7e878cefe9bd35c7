import type { FastifyInstance } from 'fastify';
import { calculatorRoutes } from './routes.js';

/** Tools (spec §2): the repayment calculator. */
export function toolsModule(app: FastifyInstance) {
  calculatorRoutes(app);
}
