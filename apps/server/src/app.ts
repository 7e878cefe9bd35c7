import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { tooManyRequests } from './platform/errors.js';
import { installErrorHandling } from './http/error-handler.js';
import { requestLogSerializer } from './http/log-redact.js';
import { serveWebApp } from './http/web-assets.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { requestLanguage, translate } from './http/i18n.js';
import { installPlatformHooks } from './http/platform.js';
import { importLegacyUploads } from './legacy-uploads.js';
import './http/types.js';
import { MODULES, type HarbourModule } from './modules/index.js';

export interface BuildOptions {
  db: Db;
  /** A streaming standby's pool for reports, exports and the dashboard (`HARBOUR_REPLICA_URL`); unset → `db`. */
  reportDb?: Db;
  config: Config;
  /** Extra modules (tests add probe routes this way). */
  modules?: readonly HarbourModule[];
  /** Where log lines go instead of stdout (the personal-number scan reads the log this way). */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the Fastify instance (ready, not listening): tests use it with `app.inject`. */
export async function buildApp({ db, reportDb, config, modules = [], logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestLogSerializer },
      ...(logStream ? { stream: logStream } : {}),
      // A person at a terminal (`npm start`) reads lines; a service manager or file gets JSON.
      ...(config.prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } } : {}),
    },
    // A caller's X-Request-Id is kept when it looks like one, so logs join up across a proxy.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Router-level rejections (a malformed URL, a path parameter over 100 characters) answer in
    // the envelope too, before any hook has run.
    frameworkErrors: (_error, req, res) => {
      const reply = res as unknown as FastifyReply;
      void reply
        .status(400)
        .type('application/json; charset=utf-8')
        .send({ result: 'error', status: 400, message: translate(requestLanguage(req), 'errors.badRequest') });
    },
    bodyLimit: 2 * 1024 * 1024,
  });
  app.decorate('db', db);
  app.decorate('reportDb', reportDb ?? db);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so refusals by the auth hook or the rate limit carry the headers too.
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time; the captcha is a data: image.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Harbour is often reached over plain http on a shop's network; never rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
  });
  installPlatformHooks(app);
  installErrorHandling(app);

  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    errorResponseBuilder: () => tooManyRequests(),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Harbour admin API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  for (const mod of [...MODULES, ...modules]) await mod(app);

  const index = path.join(config.webDist, 'index.html');
  app.decorate('webIndexAvailable', fs.existsSync(index));
  if (fs.existsSync(index)) {
    await serveWebApp(app, config.webDist);
  }
  // Files from before uploads lived in the database (legacy-uploads.ts), once per start.
  const moved = await importLegacyUploads(db, config.dataDir);
  if (moved.moved + moved.alreadyStored + moved.unreferenced + moved.failed > 0) app.log.info({ legacyUploads: moved }, 'Moved uploaded files from the uploads folder into the database');
  await app.ready();
  return app;
}
