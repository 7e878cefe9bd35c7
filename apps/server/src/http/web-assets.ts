import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed output: a new build gives a new name, so a browser may keep these for good. */
const HASHED = `${path.sep}assets${path.sep}`;

/** Hashed assets are cached for a year without revalidation; everything else (index.html) is revalidated. */
export function cacheHeaders(res: { setHeader: (name: string, value: string) => unknown }, filePath: string): void {
  res.setHeader('cache-control', filePath.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built web app: the brotli or gzip copy made at build time when the browser accepts
 * it (scripts/compress-web.mjs), with the cache headers above. The SPA fallback (`sendFile`)
 * gets the same treatment.
 */
export async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
}
