import multipart from '@fastify/multipart';
import { API_BASE, PUBLIC, type RoutePermission } from '@harbour/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ImageStore } from '../platform/image-store.js';
import { notFound } from '../platform/errors.js';
import { route, succeed } from './route.js';

/**
 * `POST <url>` taking one image of `store` as multipart: read (one byte over the limit, so an
 * oversized file is told apart from one of exactly the limit), checked by content, stored in the
 * database, then `attach` points the record at its URL (in its own transaction, with its audit
 * row). If that fails the new file is removed; once it succeeded the replaced one is.
 */
export async function registerImageUpload<R extends z.ZodType>(
  app: FastifyInstance,
  store: ImageStore,
  opts: {
    url: string;
    /** Where the stored files are served (`serveStoredImages`), under the API base. */
    servedAt: string;
    permission: RoutePermission;
    summary: string;
    tags: string[];
    response: R;
    attach: (req: FastifyRequest, url: string) => Promise<{ previous: string | null | undefined; answer: () => Promise<z.output<R>> | z.output<R> }>;
  },
): Promise<void> {
  // Multipart is parsed only inside this scope: no other route accepts uploads by accident.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: store.maxBytes + 1, files: 1, parts: 5 }, throwFileSizeLimit: false });
    route(scope, {
      method: 'POST',
      url: opts.url,
      permission: opts.permission,
      summary: opts.summary,
      tags: opts.tags,
      response: opts.response,
      handler: async (req) => {
        if (!req.isMultipart()) throw store.refuse(store.messages.missing);
        const part = await req.file();
        if (!part) throw store.refuse(store.messages.missing);
        const bytes = await part.toBuffer();
        const ext = await store.check(part.file.truncated ? Buffer.alloc(store.maxBytes + 1) : bytes);
        const db = req.server.db;
        const name = await store.save(db, bytes, ext);
        let attached;
        try {
          attached = await opts.attach(req, `${API_BASE}${opts.servedAt}/${name}`);
        } catch (err) {
          await store.remove(db, name);
          throw err;
        }
        await store.remove(db, attached.previous);
        succeed(req, 'success.updated');
        return attached.answer();
      },
    });
  });
}

/**
 * `GET <servedAt>/:name` for the files of `store`. Images are fetched by <img>, which sends no
 * token: the random name is the capability, and only names the store could have written are read.
 */
export function serveStoredImages(app: FastifyInstance, store: ImageStore, servedAt: string, cacheControl: string): void {
  app.route({
    method: 'GET',
    url: `${API_BASE}${servedAt}/:name`,
    config: { permission: PUBLIC },
    schema: { hide: true },
    handler: async (req, reply) => {
      const { name } = req.params as { name: string };
      if (!store.isName(name)) throw notFound();
      const file = await store.read(req.server.db, name);
      if (!file) throw notFound();
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
