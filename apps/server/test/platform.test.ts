import { API_BASE, AUTHENTICATED } from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { auditLog } from '../src/db/schema/index.js';
import { audit } from '../src/platform/audit.js';
import { route } from '../src/http/route.js';
import { withTx } from '../src/platform/tx.js';
import { call, dataOf, loginAs, tryLogin } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createProbeTables, probeModule } from './helpers/probe.js';

/** Routes that break the platform's rules on purpose. */
function rulesProbe(app: FastifyInstance) {
  const ok = z.object({ ok: z.boolean() });
  route(app, { method: 'POST', url: '/probe-rules/none', permission: AUTHENTICATED, response: ok, handler: async () => ({ ok: true }) });
  route(app, {
    method: 'POST',
    url: '/probe-rules/two',
    permission: AUTHENTICATED,
    response: ok,
    handler: async (req) =>
      withTx(req, async (tx) => {
        await audit(tx, { action: 'edit', module: 'probe' });
        await audit(tx, { action: 'edit', module: 'probe' });
        return { ok: true };
      }),
  });
  route(app, { method: 'POST', url: '/probe-rules/calc', permission: AUTHENTICATED, audit: false, response: ok, handler: async () => ({ ok: true }) });
  route(app, {
    method: 'GET',
    url: '/probe-rules/boom',
    permission: AUTHENTICATED,
    response: ok,
    handler: async () => {
      throw new Error('select password_hash from staff failed at line 3');
    },
  });
  route(app, {
    method: 'GET',
    url: '/probe-rules/leak',
    permission: AUTHENTICATED,
    response: z.object({ name: z.string() }),
    // Only the response schema's fields leave the server.
    handler: async () => ({ name: 'x', passwordHash: 'secret' }) as { name: string },
  });
}

let t: TestApp;
let clerk: string;
let manager: string;
let accountant: string;
beforeAll(async () => {
  t = await createTestApp({ modules: [probeModule, rulesProbe] });
  await createProbeTables(t.pool);
  [clerk, manager, accountant] = (await Promise.all(['clerk', 'manager', 'accountant'].map((u) => loginAs(t.app, u)))).map((x) => x.access_token) as [string, string, string];
});
afterAll(() => t.close());

const auditRows = async () => Number((await t.pool.query('select count(*) from audit_log')).rows[0].count);

describe('route declarations', () => {
  it('refuses to register an API route without a permission', async () => {
    const bad = (app: FastifyInstance) => {
      app.route({ method: 'GET', url: `${API_BASE}/no-permission`, handler: async () => ({}) });
    };
    await expect(buildApp({ db: t.db, config: t.config, modules: [bad] })).rejects.toThrow(/declares no permission/);
  });

  it('publishes an OpenAPI 3.1 document of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(`${API_BASE}/login`);
    expect(Object.keys(doc.paths)).toContain(`${API_BASE}/probe/{id}`);
    const login = (doc.paths[`${API_BASE}/login`] as { post: { responses: Record<string, unknown> } }).post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });
});

describe('audit', () => {
  it('answers 500 outside production when a mutating route writes no audit row or two', async () => {
    expect((await call(t.app, 'POST', '/probe-rules/none', { token: clerk })).statusCode).toBe(500);
    expect((await call(t.app, 'POST', '/probe-rules/two', { token: clerk })).statusCode).toBe(500);
    expect((await call(t.app, 'POST', '/probe-rules/calc', { token: clerk })).statusCode).toBe(200);
  });

  it('writes exactly one row for each mutating request', async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ['login', () => loginAs(t.app, 'collector')],
      ['wrong captcha', () => call(t.app, 'POST', '/login', { body: { type: 1, username: 'clerk', password: 'nope!', captcha: '2468', key: crypto.randomUUID() } })],
      ['wrong password', () => tryLogin(t.app, 'clerk', 'not-the-password')],
      ['create', () => call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'audit-one', amount: '10.50' } })],
      ['switch store', async () => call(t.app, 'POST', '/switchStores', { token: manager, body: { storeId: (await t.pool.query(`select id from stores where name_en='Mong Kok'`)).rows[0].id } })],
    ];
    for (const [name, step] of steps) {
      const before = await auditRows();
      await step();
      const added = (await auditRows()) - before;
      // A wrong captcha writes nothing (no account was tried); a wrong password is a "tried to login".
      expect({ name, added }).toEqual({ name, added: name === 'wrong captcha' ? 0 : 1 });
    }
    const [last] = (await t.pool.query(`select * from audit_log where module = 'probe' order by id desc limit 1`)).rows;
    expect(last).toMatchObject({ action: 'add', reference: expect.any(String), ip: '127.0.0.1' });
    expect(last.after).toMatchObject({ name: 'audit-one', amount: '10.50' });
  });

  it('is append-only in the database itself', async () => {
    await expect(t.pool.query(`update audit_log set module = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.pool.query('truncate audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.delete(auditLog)).rejects.toThrow();
  });
});

describe('answers', () => {
  it('never shows internals in a 500', async () => {
    const res = await call(t.app, 'GET', '/probe-rules/boom', { token: clerk, lang: 'en' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ result: 'error', status: 500, message: 'Something went wrong. Please try again later.' });
  });

  it('sends only the fields of the response schema', async () => {
    const res = await call(t.app, 'GET', '/probe-rules/leak', { token: clerk });
    expect(res.body).toEqual({ result: 'success', data: { name: 'x' } });
  });

  it('translates validation messages per field in the three languages', async () => {
    const body = { name: 'x', amount: '1.234' };
    const en = await call(t.app, 'POST', '/probe', { token: clerk, body, lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toMatchObject({
      status: 400,
      message: 'Please check the highlighted fields.',
      errors: [
        { field: 'name', message: 'At least 2 characters' },
        { field: 'amount', message: 'Enter an amount with at most two decimals' },
      ],
    });
    const tw = await call(t.app, 'POST', '/probe', { token: clerk, body: {}, lang: 'zh-HK,zh;q=0.9' });
    expect(tw.body).toMatchObject({ message: '請檢查標示的欄位。', errors: [{ field: 'name', message: '必須填寫' }, { field: 'amount' }] });
    const cn = await call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'abc', amount: 5 }, lang: 'zh-CN' });
    expect(cn.body).toMatchObject({ errors: [{ field: 'amount', message: '内容类型错误' }] });
  });

  it('answers malformed JSON with 400, unknown routes with 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/probe`,
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'error', status: 400 });
    const missing = await call(t.app, 'GET', '/no-such-thing', { token: clerk });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({ result: 'error', status: 404 });
  });
});

describe('CRUD from a resource declaration', () => {
  it('creates, lists, filters, updates and deletes within the current store', async () => {
    const created = dataOf(await call<{ id: number; storeId: number }>(t.app, 'POST', '/probe', { token: clerk, body: { name: 'alpha', amount: '100' }, lang: 'en' }));
    const mongKok = (await t.pool.query(`select id from stores where name_en='Mong Kok'`)).rows[0].id;
    expect(created.storeId).toBe(mongKok);
    await call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'beta', amount: '5.5' } });

    const list = dataOf(await call<{ items: { name: string }[]; total: number }>(t.app, 'GET', '/probe', { token: clerk, query: { name: 'ALP', sort: 'amount:desc' } }));
    expect(list.items.map((i) => i.name)).toEqual(['alpha']);
    const sorted = dataOf(await call<{ items: { name: string; amount: string }[] }>(t.app, 'GET', '/probe', { token: clerk, query: { sort: 'amount:asc', pageSize: 100 } }));
    const amounts = sorted.items.map((i) => Number(i.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const updated = await call<{ amount: string }>(t.app, 'PUT', `/probe/${created.id}`, { token: clerk, body: { name: 'alpha', amount: '120.00' } });
    expect(dataOf(updated).amount).toBe('120.00');
    const [edit] = (await t.pool.query(`select before, after from audit_log where module='probe' and action='edit' order by id desc limit 1`)).rows;
    expect(edit.before.amount).toBe('100.00');
    expect(edit.after.amount).toBe('120.00');

    expect((await call(t.app, 'DELETE', `/probe/${created.id}`, { token: clerk })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/probe/${created.id}`, { token: clerk })).statusCode).toBe(404);
  });

  it('answers 404 for another store’s row and shows it to an all-store role', async () => {
    const kwunTong = (await t.pool.query(`select id from stores where name_en='Kwun Tong'`)).rows[0].id;
    const other = (await t.pool.query(`insert into probe_items (store_id, name, amount) values ($1, 'kt-item', 1) returning id`, [kwunTong])).rows[0].id;
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'kt-item', amount: '2' }], ['DELETE', undefined]] as const) {
      const res = await call(t.app, method, `/probe/${other}`, { token: clerk, ...(body ? { body } : {}) });
      expect({ method, status: res.statusCode }).toEqual({ method, status: 404 });
    }
    const clerkList = dataOf(await call<{ items: { id: number }[] }>(t.app, 'GET', '/probe', { token: clerk, query: { pageSize: 100 } }));
    expect(clerkList.items.map((i) => i.id)).not.toContain(other);
    expect((await call(t.app, 'GET', `/probe/${other}`, { token: manager })).statusCode).toBe(200);
  });

  it('refuses without the permission, on duplicates and while referenced', async () => {
    expect((await call(t.app, 'POST', '/probe', { token: accountant, body: { name: 'nope', amount: '1' } })).statusCode).toBe(403);
    const a = dataOf(await call<{ id: number }>(t.app, 'POST', '/probe', { token: clerk, body: { name: 'gamma', amount: '1' } }));
    const dup = await call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'gamma', amount: '2' } });
    expect(dup.statusCode).toBe(409);
    await t.pool.query('insert into probe_refs (item_id) values ($1)', [a.id]);
    const del = await call(t.app, 'DELETE', `/probe/${a.id}`, { token: clerk, lang: 'en' });
    expect(del.statusCode).toBe(409);
    expect(del.body).toMatchObject({ status: 409, message: 'The record is in use and cannot be deleted.' });
  });

  it('pages past the end keep the total', async () => {
    const page = dataOf(await call<{ items: unknown[]; total: number; page: number }>(t.app, 'GET', '/probe', { token: manager, query: { page: 50, pageSize: 10 } }));
    expect(page.items).toEqual([]);
    expect(page.total).toBeGreaterThan(0);
    expect(page.page).toBe(50);
  });
});
