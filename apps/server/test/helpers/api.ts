import { API_BASE, type TokenAnswer } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';

export interface ApiAnswer<T = unknown> {
  statusCode: number;
  body: { result: 'success'; data: T; message?: string } | { result: 'error'; status: number; message: string; errors?: { field: string; message: string }[] };
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string | number>;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** One API call through `app.inject` (path under the API base). */
export async function call<T = unknown>(app: FastifyInstance, method: string, path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method: method as 'GET',
    url: `${API_BASE}${path}`,
    ...(opts.query ? { query: Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) } : {}),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  // A file route (an xlsx export) answers the file: its body is left as text, not an envelope.
  const json = res.headers['content-type']?.toString().includes('json') ?? false;
  return { statusCode: res.statusCode, body: json ? res.json() : (res.body as never), headers: res.headers };
}

/** Data of a success answer; fails the test with the error envelope otherwise. */
export function dataOf<T>(answer: ApiAnswer<T>): T {
  if (answer.body.result !== 'success') {
    throw new Error(`expected success, got ${answer.statusCode} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data;
}

export const FIXED_CAPTCHA = '2468';
export const DEMO_PASSWORD = 'demo1234';
/** The seeded demo accounts; the first store (Mong Kok) is every one's default. */
export const DEMO_USERS = ['admin', 'manager', 'clerk', 'collector', 'accountant'] as const;

export async function captchaKey(app: FastifyInstance, ip?: string): Promise<string> {
  return dataOf(await call<{ key: string }>(app, 'GET', '/captcha', ip ? { ip } : {})).key;
}

/** Logs in with the fixed test captcha; answers the raw call so tests can look at failures. */
export async function tryLogin(app: FastifyInstance, username: string, password = DEMO_PASSWORD, ip?: string) {
  const key = await captchaKey(app, ip);
  return call<TokenAnswer>(app, 'POST', '/login', {
    body: { type: 1, username, password, captcha: FIXED_CAPTCHA, key },
    ...(ip ? { ip } : {}),
  });
}

/** Logs in as a demo account and returns its tokens. */
export async function loginAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<TokenAnswer> {
  return dataOf(await tryLogin(app, username, password));
}
