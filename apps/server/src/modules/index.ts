import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/index.js';
import { systemModule } from './system/index.js';

/** A server module registers its routes (with `route()` / `registerCrud()`) on the app. */
export type HarbourModule = (app: FastifyInstance) => void | Promise<void>;

/** Every module of the server, in registration order. Add yours here (one line). */
export const MODULES: readonly HarbourModule[] = [systemModule, authModule];
