import { loanResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { loanService } from './service.js';

/** Loans: applications (sections A, B, C, E), submission and client cancel. */
export function loansModule(app: FastifyInstance) {
  registerResource(app, loanResource, loanService);
}
