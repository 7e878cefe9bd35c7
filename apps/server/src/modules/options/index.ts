import { customerOptionResource, loanOptionResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { customerOptionService, loanOptionService } from './service.js';

/** Master data → customer related and loan related: the option lists, one declared resource per menu group. */
export function optionsModule(app: FastifyInstance) {
  registerResource(app, customerOptionResource, customerOptionService);
  registerResource(app, loanOptionResource, loanOptionService);
}
