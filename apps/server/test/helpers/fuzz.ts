import type { TokenAnswer } from '@harbour/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RegisteredRoute } from '../../src/http/types.js';
import { loginAs } from './api.js';
import { createTestApp, type TestApp } from './app.js';
import { fillParams } from './routes.js';

/**
 * The fuzz of every route's request schema (test/fuzz-1.test.ts and fuzz-2.test.ts, each half of
 * the routes, so the two vitest workers share it): generated input as the super admin (who passes
 * every permission check, so the input reaches validation and the handler), and the answer is
 * never 5xx, and a 4xx is the error envelope (a 400 names its fields).
 */
// 200 runs of every route under CI, 12 locally.
const RUNS = process.env.CI ? 200 : 12;

/** Property names a zod schema reads (through unions, pipes, defaults and optionals). */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s.def ?? {};
  if (Array.isArray(def.options)) return [...new Set((def.options as unknown[]).flatMap((o) => keysOf(o, depth + 1)))];
  for (const inner of [def.in, def.innerType, def.schema, def.left, def.right]) {
    const keys = keysOf(inner, depth + 1);
    if (keys.length) return keys;
  }
  return [];
}

const tricky = fc.constantFrom('', ' ', '0', '-1', '1.5', '2026-02-30', '2026-01-01', 'true', 'null', 'a'.repeat(300), "' or 1=1 --", 'x\u0000y', '𠀀😀', '1e309', '99999999999999999999', 'asc', 'id:desc', 'nope:asc');
const scalar = fc.oneof(
  tricky,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => Number(b)),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }));

const bodyFor = (keys: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...keys, 'type', 'extra'), value, { maxKeys: keys.length + 2 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
const queryFor = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, 'page', 'pageSize', 'sort', 'extra'), fc.oneof(tricky, fc.string({ maxLength: 20 }), fc.integer().map(String)), { maxKeys: keys.length + 2 });
const paramFor = fc.oneof(tricky, fc.integer().map(String), fc.string({ minLength: 1, maxLength: 20 }));

/** Each worker has its own session, so a fuzzed logout ends only its own. */
interface Session {
  token: TokenAnswer;
}

async function fuzzRoute(t: TestApp, r: RegisteredRoute, session: Session) {
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
  const bodyKeys = keysOf(r.schema.body as z.ZodType | undefined);
  const queryKeys = keysOf(r.schema.querystring as z.ZodType | undefined);
  const problems: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      hasBody ? bodyFor(bodyKeys) : fc.constant(undefined),
      queryFor(queryKeys),
      fc.dictionary(fc.constantFrom('id', 'name', 'x'), paramFor),
      async (body, query, params) => {
        const url = fillParams(r.url, (name) => params[name] ?? '1');
        const res = await t.app.inject({
          method: r.method as 'POST',
          url,
          query,
          headers: { authorization: `Bearer ${session.token.access_token}`, 'content-type': 'application/json', 'accept-language': 'en' },
          ...(hasBody ? { payload: JSON.stringify(body ?? null) } : {}),
        });
        if (res.statusCode === 401) session.token = await loginAs(t.app, 'admin'); // the input ended our session (logout, revoke)
        const label = `${r.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) problems.push(label);
        if (res.statusCode >= 400 && res.statusCode < 500 && res.headers['content-type']?.toString().includes('json')) {
          const env = res.json() as { result: string; message: string; errors?: { field: string; message: string }[] };
          const wellFormed =
            env.result === 'error' &&
            typeof env.message === 'string' &&
            env.message.length > 0 &&
            (env.errors ?? []).every((e) => typeof e.field === 'string' && e.field.length > 0 && typeof e.message === 'string' && e.message.length > 0);
          if (!wellFormed) problems.push(`malformed error: ${label}`);
        }
        return problems.length === 0;
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
  return problems;
}

/** Fuzzes every `parts`-th route from the `part`-th (0-based), on an app of its own, which it returns. */
export function fuzzEveryRoute(part: number, parts: number): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('fuzz every route', () => {
    it(`never answers 5xx and always answers errors as envelopes (routes ${part + 1}, ${part + 1 + parts}, … of every ${parts})`, async () => {
      const every = t.app.apiRoutes.filter((r) => !r.url.endsWith('/openapi.json'));
      expect(every.length).toBeGreaterThan(5);
      const routes = every.filter((_, i) => i % parts === part);
      const problems: string[] = [];
      // A few routes at a time: PostgreSQL answers several connections while Node waits on one.
      const queue = [...routes];
      const worker = async () => {
        const session: Session = { token: await loginAs(t.app, 'admin') };
        for (let r = queue.shift(); r; r = queue.shift()) {
          try {
            const started = performance.now();
            problems.push(...(await fuzzRoute(t, r, session)));
            if (process.env.HARBOUR_FUZZ_TIMING) console.log(`${Math.round(performance.now() - started)} ms ${r.method} ${r.url}`);
          } catch (err) {
            problems.push(`${r.method} ${r.url}: ${(err as Error).message.split('\n').slice(0, 3).join(' ')}`);
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      expect(problems.slice(0, 20)).toEqual([]);
    }, 900_000);
  });
  return () => t;
}
