import type { UserInfo } from '@harbour/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';

/**
 * Roles, grants and stores are cached per process for the `access` counter, which database
 * triggers move on every change: a change made anywhere — another instance, a console — applies
 * to the next request here.
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
  const v0 = await version();
  await t.pool.query(`update roles set description = 'x' where name = 'clerk'`);
  const v1 = await version();
  await t.pool.query(`update permissions set sort = sort where key = 'tools.calculator'`);
  expect(v1).toBeGreaterThan(v0);
  expect(await version()).toBeGreaterThan(v1);
});
