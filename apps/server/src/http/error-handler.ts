import { API_BASE, ErrorStatus, type ErrorEnvelope } from '@harbour/contracts';
import { isDomainError } from '@harbour/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors.js';
import { translate } from './i18n.js';
import { translateIssues } from './validation.js';

function send(reply: FastifyReply, req: FastifyRequest, err: AppError) {
  const body: ErrorEnvelope = {
    result: 'error',
    status: err.status,
    message: translate(req.lang, err.code, err.params),
    ...(err.fieldErrors.length
      ? { errors: err.fieldErrors.map((e) => ({ field: e.field, message: translate(req.lang, e.message, err.params) })) }
      : {}),
  };
  // The body is plain JSON of our own making; bypass the route's success schema.
  return reply.status(err.httpStatus).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** PostgreSQL errors a request can cause by itself (not bugs): unique and reference conflicts, bad data, a time limit. */
function fromDatabase(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown; cause?: { code?: unknown } }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
  if (code === '23505') return new AppError(409, ErrorStatus.Conflict, 'errors.duplicate');
  if (code === '23503') return new AppError(409, ErrorStatus.Conflict, 'errors.referenced');
  if (code === '40001' || code === '40P01') return new AppError(409, ErrorStatus.Conflict, 'errors.conflict');
  // A statement past its time limit (a report over a period too long for the machine): the
  // caller can narrow it; the server is not at fault and stays available.
  if (code === '57014') return new AppError(503, 503, 'errors.reportTooLong');
  // Class 22 (data exception: a NUL byte, a number or text out of a column's range, a bad date)
  // is the caller's input that a schema let through; it is a bad request, not a server fault.
  if (typeof code === 'string' && code.startsWith('22')) return new AppError(400, ErrorStatus.Validation, 'errors.badRequest');
  return undefined;
}

/** A business rule of the domain refused the request (a status the table does not allow, a repayment below what is due…). */
function fromDomain(err: unknown): AppError | undefined {
  if (!isDomainError(err)) return undefined;
  const params = Object.fromEntries(Object.entries(err.params).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
  return new AppError(422, ErrorStatus.BusinessRule, `domain.${err.code}`, params);
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large…). */
function fromFastify(err: FastifyError): AppError | undefined {
  const status = err.statusCode;
  if (!status || status < 400 || status >= 500) return undefined;
  if (status === 429) return new AppError(429, ErrorStatus.TooManyRequests, 'errors.tooManyRequests');
  if (status === 413) return new AppError(413, 413, 'errors.payloadTooLarge');
  if (status === 415) return new AppError(415, 415, 'errors.unsupportedMediaType');
  if (status === 404) return new AppError(404, ErrorStatus.NotFound, 'errors.routeNotFound');
  if (status === 405) return new AppError(405, 405, 'errors.methodNotAllowed');
  return new AppError(400, ErrorStatus.Validation, 'errors.badRequest');
}

/**
 * Every failure leaves as the error envelope in the caller's language. Unexpected errors are
 * logged with the request id and answered with a generic message: no stack, no SQL.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.decorate('processStats', { serverErrors: 0 });
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof AppError) return send(reply, req, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      return reply
        .status(400)
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send({
          result: 'error',
          status: ErrorStatus.Validation,
          message: translate(req.lang, 'errors.validation'),
          errors: translateIssues(error.validation, context, req.lang),
        } satisfies ErrorEnvelope);
    }
    const mapped = fromDomain(error) ?? fromDatabase(error) ?? fromFastify(error as FastifyError);
    if (mapped) return send(reply, req, mapped);
    req.log.error({ err: error }, 'request failed');
    app.processStats.serverErrors++;
    return send(reply, req, new AppError(500, ErrorStatus.Internal, 'errors.internal'));
  });

  app.setNotFoundHandler(async (req, reply) => {
    const web = app.hasDecorator('webIndexAvailable') && (app as unknown as { webIndexAvailable: boolean }).webIndexAvailable;
    const path = req.url.split('?')[0] ?? '';
    if (web && (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith(API_BASE) && !path.startsWith('/api/')) {
      // SPA fallback: the web's router decides what a non-API path shows.
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return send(reply, req, new AppError(404, ErrorStatus.NotFound, 'errors.routeNotFound'));
  });
}
