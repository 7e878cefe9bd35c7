import type { UserInfo } from '@harbour/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { queriesDuring } from './helpers/queries.js';

/**
 * Roles, grants, stores, the catalogue, the idle timeout and the allowlist are cached per process
 * for the `access` counter, which database triggers move on every change: a change made anywhere
 * — another instance, a console — applies to the next request here (once its notification has
 * arrived, which the test helper waits for), and in between a request reads nothing at all
 * (nothing but its session with the session cache off).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = async (token: string) => dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token }));

it('applies a grant removed outside this process to the very next request', async () => {
  const { access_token: token } = await loginAs(t.app, 'clerk');
  expect((await info(token)).jurisdiction).toContain('tools.calculator');
  expect((await call(t.app, 'POST', '/tools/calculator', { token, body: {} })).statusCode).not.toBe(403);
  await t.pool.query(`delete from role_permissions where permission_key = 'tools.calculator' and role_id = (select id from roles where name = 'clerk')`);
  expect((await info(token)).jurisdiction).not.toContain('tools.calculator');
  expect((await call(t.app, 'POST', '/tools/calculator', { token, body: {} })).statusCode).toBe(403);
});

it('applies a store renamed or taken away outside this process to the very next request', async () => {
  const { access_token: token } = await loginAs(t.app, 'collector');
  const before = await info(token);
  expect(before.stores.length).toBe(2);
  await t.pool.query(`update stores set name_zh = '觀塘新店' where name_en = 'Kwun Tong'`);
  expect((await info(token)).stores.map((s) => s.store_name)).toContain('觀塘新店');
  await t.pool.query(`delete from staff_stores where staff_id = (select id from staff where username = 'collector') and store_id = (select id from stores where name_en = 'Kwun Tong')`);
  expect((await info(token)).stores.map((s) => s.english_name)).toEqual(['Mong Kok']);
});

it('moves the counter in the database on every change of access', async () => {
  const version = async () => Number((await t.pool.query(`select version from harbour_versions where name = 'access'`)).rows[0].version);
  const changes = [
    `update roles set description = 'x' where name = 'clerk'`,
    `update permissions set sort = sort where key = 'tools.calculator'`,
    `update settings set value = value where key = 'idleTimeoutMinutes'`,
    `insert into access_ips (address) values ('192.0.2.1')`,
    `delete from access_ips where address = '192.0.2.1'`,
  ];
  for (const change of changes) {
    const before = await version();
    await t.pool.query(change);
    expect(await version(), change).toBeGreaterThan(before);
  }
});

it('answers a warm /userInfo without any query', async () => {
  const { access_token: token } = await loginAs(t.app, 'manager');
  await info(token); // fills the caches for the current counter and this session
  const texts = await queriesDuring(t.app.db, async () => {
    for (let i = 0; i < 3; i++) expect((await info(token)).jurisdiction.length).toBeGreaterThan(0);
  });
  expect(texts).toEqual([]);
});

it('answers a warm /userInfo with the one authentication query when sessions are not cached', async () => {
  const uncached = await createTestApp({ config: { sessionCache: false } });
  try {
    const { access_token: token } = await loginAs(uncached.app, 'manager');
    const get = async () => dataOf(await call<UserInfo>(uncached.app, 'GET', '/userInfo', { token }));
    await get();
    const texts = await queriesDuring(uncached.app.db, async () => {
      for (let i = 0; i < 3; i++) expect((await get()).jurisdiction.length).toBeGreaterThan(0);
    });
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toMatch(/from sessions s join staff st/);
  } finally {
    await uncached.close();
  }
});

it('applies an idle timeout changed outside this process to the very next request', async () => {
  const { access_token: token } = await loginAs(t.app, 'accountant');
  expect((await info(token)).idleTimeout).toBe(30 * 60); // the cache now holds the 30 minutes
  await t.pool.query(`update sessions set last_seen_at = now() - interval '10 minutes' where staff_id = (select id from staff where username = 'accountant') and revoked_at is null`);
  const idle = (minutes: number) =>
    t.pool.query(`insert into settings (key, value) values ('idleTimeoutMinutes', $1::jsonb) on conflict (key) do update set value = excluded.value`, [String(minutes)]);
  await idle(5);
  try {
    const res = await call(t.app, 'GET', '/userInfo', { token });
    expect(res.statusCode).toBe(401);
  } finally {
    await idle(30);
  }
});
