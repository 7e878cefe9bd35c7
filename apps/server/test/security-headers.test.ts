import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/http/security-headers.js';
import { call } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * helmet's headers are worked out once and set on every answer, refusals included, exactly as
 * @fastify/helmet would set them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
});
afterAll(() => t.close());

const OPTIONS = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null } } };

describe('security headers', () => {
  it('are the headers @fastify/helmet sends for the same options', async () => {
    const probe = Fastify({ logger: false });
    await probe.register(helmet, OPTIONS);
    probe.get('/', async () => 'ok');
    const sent = (await probe.inject('/')).headers;
    await probe.close();
    const computed = await helmetHeaders(OPTIONS);
    expect(Object.keys(computed).length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(computed)) expect(sent[name], name).toBe(value);
    expect(computed['content-security-policy']).toMatch(/^default-src 'self';.*object-src 'none'/);
  });

  it('are on answers, on refusals by the auth hook and on unknown routes', async () => {
    const answers = {
      captcha: await call(t.app, 'GET', '/captcha'),
      unauthenticated: await call(t.app, 'GET', '/userInfo'),
      unknown: await call(t.app, 'GET', '/no-such-route'),
    };
    expect(answers.unauthenticated.statusCode).toBe(401);
    expect(answers.unknown.statusCode).toBe(404);
    for (const [what, res] of Object.entries(answers)) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, what).toContain("default-src 'self'");
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(csp, what).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
    }
  });
});
