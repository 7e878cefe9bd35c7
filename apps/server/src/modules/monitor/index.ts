import { SYSTEM_LIST_PATHS, systemMonitorSchema } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { readMonitor } from './service.js';

/** System → monitor (`system.monitor`). */
export function monitorModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: SYSTEM_LIST_PATHS.monitor,
    permission: 'system.monitor',
    summary: 'Server and database figures: versions, uptime, memory, size, connections, migrations, errors, failed logins',
    tags: ['system'],
    response: systemMonitorSchema,
    handler: (req) => readMonitor(contextOf(req).db, app.processStats.serverErrors, req.log),
  });
}
