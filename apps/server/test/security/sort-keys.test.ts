import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createProbeTables, probeModule } from '../helpers/probe.js';

/**
 * `sort=__proto__:asc` once answered 500 on every list: sort and filter names are looked up as
 * own properties of a declared map only, so inherited names are just unknown fields.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ modules: [probeModule] });
  await createProbeTables(t.pool);
  admin = (await loginAs(t.app, 'admin')).access_token;
});
afterAll(() => t.close());

const INHERITED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

it('answers every list route 200 or 400, never 500, for inherited names as sort keys and filters', async () => {
  const lists = t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes(':') && r.schema.querystring);
  expect(lists.length).toBeGreaterThan(8);
  const failures: string[] = [];
  for (const r of lists) {
    const path = r.url.replace('/api/admin/v1', '');
    for (const name of INHERITED) {
      for (const query of [{ sort: `${name}:asc` }, { sort: `${name}:desc` }, { [name]: 'x' }, { sort: name }]) {
        const res = await call(t.app, 'GET', path, { token: admin, query });
        // An unknown sort field falls back to the default order (200); a malformed one is refused (400).
        if (res.statusCode !== 200 && res.statusCode !== 400) failures.push(`${path}?${new URLSearchParams(query).toString()} → ${res.statusCode}`);
      }
    }
  }
  expect(failures).toEqual([]);
  // about 1,400 requests: a few seconds on a quiet machine, far more beside other work
}, 180_000);
