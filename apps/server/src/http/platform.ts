import { API_BASE, PUBLIC } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { authorize } from './auth-hook.js';
import { requestLanguage } from './i18n.js';
import { forgetSessions, startListening, stopListening } from '../platform/session-cache.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The hooks every route goes through: registration refuses an API route without a declared
 * permission; each request gets its language, then passes the permission check before its
 * handler; a successful mutating request must have written exactly one audit row.
 */
export function installPlatformHooks(app: FastifyInstance) {
  app.decorate('apiRoutes', []);
  app.decorate('resources', []);
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh-TW');
  app.decorateRequest('auditCount', 0);
  app.decorateRequest('successMessage', undefined);
  app.decorateRequest('successParams', undefined);

  app.addHook('onRoute', (opts) => {
    const url = opts.url ?? opts.path;
    const methods = [opts.method].flat().map((m) => String(m).toUpperCase());
    const permission = opts.config?.permission;
    if (url.startsWith(API_BASE) || url.startsWith('/api/')) {
      const keys: unknown[] = Array.isArray(permission) ? permission : [permission];
      if (permission === undefined || keys.length === 0 || keys.some((k) => typeof k !== 'string' || k.length === 0)) {
        throw new Error(`Route ${methods.join(',')} ${url} declares no permission (a catalogue key, a list of keys, "public" or "authenticated")`);
      }
      if (methods.includes('HEAD') && methods.length === 1) return; // Fastify's automatic HEAD twin of a GET
      const schema = (opts.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
      for (const method of methods) {
        app.apiRoutes.push({
          method,
          url,
          permission,
          audit: opts.config?.audit !== false,
          schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
        });
      }
    } else if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      // Outside the API only the web's files are served, and only for reading.
      throw new Error(`Route ${methods.join(',')} ${url} is outside ${API_BASE}; only GET/HEAD of the web app may be`);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    req.lang = requestLanguage(req);
    reply.header('x-request-id', String(req.id));
    await authorize(req);
  });

  // The session cache (platform/session-cache.ts) listens for changes from the start; a change
  // made through this instance empties it before its answer leaves, so the next request sees the
  // change whatever its timing (other instances hear of it by NOTIFY).
  if (app.config.sessionCache) {
    app.addHook('onReady', () => startListening(app.db));
    app.addHook('onClose', () => stopListening(app.db));
  }
  app.addHook('onSend', async (req, _reply, payload) => {
    if (MUTATING.has(req.method)) forgetSessions(app.db);
    return payload;
  });

  app.addHook('preSerialization', async (req, reply, payload) => {
    const cfg = req.routeOptions.config;
    if (
      MUTATING.has(req.method) &&
      cfg.permission !== undefined &&
      cfg.audit !== false &&
      reply.statusCode < 400 &&
      req.auditCount !== 1
    ) {
      req.log.error({ auditRows: req.auditCount }, `${req.method} ${req.routeOptions.url} wrote ${req.auditCount} audit rows instead of 1`);
      if (app.config.env !== 'production') throw new Error('audit row count');
    }
    return payload;
  });
}

export { PUBLIC };
