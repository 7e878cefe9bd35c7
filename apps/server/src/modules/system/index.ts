import { API_BASE, PUBLIC } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { route } from '../../http/route.js';

/** Service routes: the OpenAPI document and a health probe for load balancers. */
export function systemModule(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: `${API_BASE}/openapi.json`,
    config: { permission: PUBLIC },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });

  route(app, {
    method: 'GET',
    url: '/health',
    permission: PUBLIC,
    summary: 'Health: the server answers and PostgreSQL is reachable',
    tags: ['system'],
    response: z.object({ ok: z.boolean() }),
    handler: async (req) => {
      await req.server.db.execute(sql`select 1`);
      return { ok: true };
    },
  });
}
