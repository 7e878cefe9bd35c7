import { API_BASE, approvalRequestedSchema, errorEnvelopeSchema, successEnvelope, type RoutePermission } from '@harbour/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { translate } from './i18n.js';
import { FourEyesDeferred } from './four-eyes.js';
import { EncodedData } from './encoded-data.js';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteRequest<B extends Schema, Q extends Schema, P extends Schema> = FastifyRequest<{
  Body: Out<B>;
  Querystring: Out<Q>;
  Params: Out<P>;
}>;

export interface RouteDecl<B extends Schema, Q extends Schema, P extends Schema, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base, e.g. `/stores/:id`. */
  url: string;
  /** A catalogue key, or `public` / `authenticated` (a key not in the catalogue fails to compile). */
  permission: RoutePermission;
  summary?: string;
  tags?: string[];
  body?: B;
  querystring?: Q;
  params?: P;
  /** Schema of `data` in the success envelope; only its fields leave the server. */
  response: R;
  /** Mutating methods write one audit row; `false` only for calls that change nothing. */
  audit?: boolean;
  /** Bytes of body accepted when more than the app's default (2 MB): a bank statement file. */
  bodyLimit?: number;
  /** A controlled action's handler may answer `deferIfControlled`'s request instead (sent as 202). */
  handler: (req: RouteRequest<B, Q, P>, reply: FastifyReply) => Promise<z.output<R> | FourEyesDeferred | EncodedData<z.output<R>>>;
}

/**
 * Declares an API route: contract schemas validate the request, the auth hook checks
 * `permission` before the handler runs, the handler's data is wrapped in the success envelope
 * (with `req.successMessage` translated, when set) and validated against `response`.
 */
export function route<B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined, R extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  decl: RouteDecl<B, Q, P, R>,
): void {
  const options: RouteOptions = {
    method: decl.method,
    url: `${API_BASE}${decl.url}`,
    ...(decl.bodyLimit ? { bodyLimit: decl.bodyLimit } : {}),
    config: { permission: decl.permission, ...(decl.audit === false ? { audit: false } : {}) },
    schema: {
      ...(decl.summary ? { summary: decl.summary } : {}),
      ...(decl.tags ? { tags: decl.tags } : {}),
      ...(decl.body ? { body: decl.body } : {}),
      ...(decl.querystring ? { querystring: decl.querystring } : {}),
      ...(decl.params ? { params: decl.params } : {}),
      // Errors are documented too; the error handler sends them (in this shape) itself.
      response: {
        200: successEnvelope(decl.response),
        ...(decl.method === 'GET' ? {} : { 202: successEnvelope(approvalRequestedSchema) }),
        '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (req, reply) => {
      const data = await decl.handler(req as unknown as RouteRequest<B, Q, P>, reply);
      // four eyes: the request was recorded, the action waits for a second person
      if (data instanceof FourEyesDeferred) {
        reply.code(202);
        return { result: 'success' as const, data: data.answer, message: translate(req.lang, 'approvals.success.requested') };
      }
      // data encoded ahead (a GET's large, rarely changing answer): the envelope is written around it
      if (data instanceof EncodedData) {
        if (decl.method !== 'GET') throw new Error(`${decl.url}: encoded data is for GET routes`);
        void reply.type('application/json; charset=utf-8');
        const message = req.successMessage ? `,"message":${JSON.stringify(translate(req.lang, req.successMessage, req.successParams))}` : '';
        return `{"result":"success","data":${data.json}${message}}`;
      }
      return { result: 'success' as const, data, ...(req.successMessage ? { message: translate(req.lang, req.successMessage, req.successParams) } : {}) };
    },
  };
  app.route(options);
}

/** Sets the success message (a message code and its parameters; translated when the answer is sent). */
export const succeed = (req: FastifyRequest, code: string, params?: Record<string, string | number>) => {
  req.successMessage = code;
  req.successParams = params;
};
