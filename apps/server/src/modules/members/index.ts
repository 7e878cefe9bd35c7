import { memberResource } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../http/resource.js';
import { memberService } from './service.js';

/** Members (the website / app accounts) from their declaration: list, get, create, edit, disable / enable, link / unlink. */
export function membersModule(app: FastifyInstance) {
  registerResource(app, memberResource, memberService);
}
