import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The headers helmet sets for `options`, worked out once at start-up: @fastify/helmet runs
 * helmet's middleware on every request, parsing the whole Content-Security-Policy again each
 * time, although none of these headers depends on the request. A throwaway app answers one
 * request with and one without helmet; the headers only the first carries are helmet's.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const res = await probe.inject('/');
    await probe.close();
    return res.headers;
  };
  const plain = await answer(false);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(await answer(true))) {
    if (!(name in plain) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** helmet's headers on every answer (API, web files, 404s, errors); install it before any other hook. */
export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = Object.entries(await helmetHeaders(options));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
