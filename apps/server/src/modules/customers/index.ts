import { customerResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { customerService } from './service.js';

/** Customers (the Persona list) from their declaration: list, get, create, edit, reveal, black/white list. */
export function customersModule(app: FastifyInstance) {
  registerResource(app, customerResource, customerService);
}
