import { randomUUID } from 'node:crypto';
import type { ResourceDecl } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/platform/context.js';
import { storeIds } from './admin/helpers.js';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createProbeTables, probeModule, probeService } from './helpers/probe.js';
import { roleService } from '../src/modules/roles/service.js';
import { staffService } from '../src/modules/staff/service.js';

/**
 * The module pattern every area follows (docs/server-conventions.md): a declared resource with
 * actions served by `registerResource`, a service that a job can call without HTTP, and store
 * scope by construction (row-level security on every store-owned table).
 */
let t: TestApp;
let stores: { mongKok: number; kwunTong: number; tsuenWan: number };
beforeAll(async () => {
  t = await createTestApp({ modules: [probeModule] });
  await createProbeTables(t.pool);
  stores = await storeIds(t);
  // The clerk (Mong Kok) and the collector (Mong Kok, Kwun Tong) get every key of every
  // store-owned resource, so only the store can stand between them and a row.
  const keys = t.app.resources.filter((r) => r.storeScoped).flatMap(permissionKeysOf);
  await t.pool.query(
    `insert into role_permissions (role_id, permission_key)
       select r.id, k from roles r, unnest($1::text[]) k where r.name in ('clerk', 'collector')
       on conflict do nothing`,
    [keys],
  );
  await t.pool.query(`delete from role_permissions where permission_key = 'loan.edit' and role_id = (select id from roles where name = 'accountant')`);
});
afterAll(() => t.close());

function permissionKeysOf(decl: ResourceDecl): string[] {
  return [...Object.values(decl.permissions), ...Object.values(decl.actions ?? {}).map((a) => a.permission)].filter((k): k is string => !!k);
}

async function tokenIn(username: string, storeId: number): Promise<string> {
  const token = (await loginAs(t.app, username)).access_token;
  const res = await call(t.app, 'POST', '/switchStores', { token, body: { storeId } });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return token;
}

describe('authorization × store matrix of every store-owned resource', () => {
  it('covers the probe resource and staff (scoped through the stores they may log into)', () => {
    expect(t.app.resources.filter((r) => r.storeScoped).map((r) => r.name)).toEqual(expect.arrayContaining(['probe', 'staff']));
  });

  it('hides a row of another store behind 404 on every route, and from lists and totals', async () => {
    const clerk = await tokenIn('clerk', stores.mongKok);
    const away = await tokenIn('collector', stores.kwunTong);
    const home = await tokenIn('collector', stores.mongKok);
    const breaches: string[] = [];
    for (const decl of t.app.resources.filter((r) => r.storeScoped)) {
      const created = await call<{ id: number }>(t.app, 'POST', decl.path, { token: clerk, body: decl.example });
      expect(created.statusCode, `${decl.name} example: ${JSON.stringify(created.body)}`).toBe(200);
      const id = dataOf<{ id: number }>(created).id;
      const item = `${decl.path}/${id}`;
      const attempts: [string, string, unknown][] = [
        ['GET', item, undefined],
        ...(decl.update ? ([['PUT', item, decl.example]] as [string, string, unknown][]) : []),
        ...(decl.permissions.delete ? ([['DELETE', item, undefined]] as [string, string, unknown][]) : []),
        // A valid body, so the call gets past validation to the store scope (a 400 proves nothing).
        ...Object.entries(decl.actions ?? {}).map(([name, action]): [string, string, unknown] => ['POST', `${item}/${name}`, action.example ?? {}]),
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(t.app, method, url, { token: away, ...(body === undefined ? {} : { body }) });
        if (res.statusCode !== 404) breaches.push(`${method} ${url} from another store → ${res.statusCode}`);
      }
      const list = dataOf<{ items: { id: number }[]; total: number }>(await call(t.app, 'GET', decl.path, { token: away, query: { pageSize: 100 } }));
      if (list.items.some((r) => r.id === id) || list.total !== list.items.length) breaches.push(`${decl.name} list from another store shows the row or counts it`);
      // The same person in the row's store sees it: the store, not the person, decided.
      expect((await call(t.app, 'GET', item, { token: home })).statusCode).toBe(200);
    }
    expect(breaches).toEqual([]);
  });
});

describe('declared actions', () => {
  it('change status through the domain table, refuse what the table does not allow, and write one audit row', async () => {
    const clerk = await tokenIn('clerk', stores.mongKok);
    const id = dataOf<{ id: number }>(await call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'to-close', amount: '5.00' } })).id;
    const closed = await call(t.app, 'POST', `/probe/${id}/close`, { token: clerk, lang: 'en' });
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toMatchObject({ result: 'success', data: { id, state: 'closed' } });
    const again = await call(t.app, 'POST', `/probe/${id}/close`, { token: clerk, lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.body).toEqual({ result: 'error', status: 422, message: 'This action is not allowed in the current status.' });
    const zh = await call(t.app, 'POST', `/probe/${id}/close`, { token: clerk, lang: 'zh-TW' });
    expect(zh.body).toMatchObject({ message: '目前狀態不可進行此操作。' });
    const { rows } = await t.pool.query(`select before, after from audit_log where module = 'probe' and reference = $1 and action = 'edit'`, [String(id)]);
    expect(rows).toEqual([{ before: { status: 'open' }, after: { status: 'closed', action: 'close' } }]);
    expect((await call(t.app, 'POST', `/probe/${id}/reopen`, { token: clerk })).body).toMatchObject({ data: { state: 'open' } });
  });

  it('needs the action permission', async () => {
    const accountant = await tokenIn('accountant', stores.mongKok);
    const clerk = await tokenIn('clerk', stores.mongKok);
    const id = dataOf<{ id: number }>(await call(t.app, 'POST', '/probe', { token: clerk, body: { name: 'guarded', amount: '1.00' } })).id;
    expect((await call(t.app, 'POST', `/probe/${id}/close`, { token: accountant })).statusCode).toBe(403);
    expect((await t.pool.query('select state from probe_items where id = $1', [id])).rows[0].state).toBe('open');
  });

  it('appear in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/admin/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/v1/probe/{id}/close', '/api/admin/v1/probe/{id}/reopen']));
  });
});

describe('services without HTTP', () => {
  it('let a scheduled job create and act with its own context, audited under its name', async () => {
    const job = systemContext(t.db, 'nightly-probe', { storeId: stores.tsuenWan });
    const made = await probeService.create!(job, { name: 'job-made', amount: '7.25' });
    expect(made).toMatchObject({ name: 'job-made', amount: '7.25', storeId: stores.tsuenWan, state: 'open' });
    expect(await probeService.actions!.close(job, made.id, undefined)).toMatchObject({ state: 'closed' });
    const { rows } = await t.pool.query(`select staff_id, action, request_id from audit_log where module = 'probe' and reference = $1 order by id`, [String(made.id)]);
    expect(rows.map((r) => [r.staff_id, r.action])).toEqual([
      [null, 'add'],
      [null, 'edit'],
    ]);
    for (const r of rows) expect(r.request_id).toMatch(/^nightly-probe:/);
    // A job reaches every store: it lists the Tsuen Wan row and the Mong Kok ones.
    const page = await probeService.list(job, { page: 1, pageSize: 100 });
    expect(new Set(page.items.map((i) => i.storeId))).toEqual(new Set([stores.mongKok, stores.tsuenWan]));
  });

  it('let a job read staff of every store, but staff and role changes need a person to compare grants with', async () => {
    const job = systemContext(t.db, 'nightly-staff');
    const page = await staffService.list(job, { page: 1, pageSize: 100 });
    expect(page.items.map((s) => s.username)).toEqual(expect.arrayContaining(['admin', 'clerk', 'collector']));
    expect(page.items.every((s) => s.masked && !s.canReveal)).toBe(true);
    const clerkId = page.items.find((s) => s.username === 'clerk')!.id;
    await expect(staffService.actions!.unlock(job, clerkId, undefined)).rejects.toMatchObject({ httpStatus: 403 });
    await expect(roleService.remove!(job, 1)).rejects.toMatchObject({ httpStatus: 403 });
  });
});

describe('row-level security on store-owned tables', () => {
  it('shows and accepts only the rows of the transaction store, and nothing without one', async () => {
    // A role like the app's (not a superuser, owns nothing): superusers pass row-level security.
    const role = `harbour_rls_probe_${randomUUID().slice(0, 8)}`;
    await t.pool.query(`create role ${role} nologin`);
    const client = await t.pool.connect();
    try {
      await t.pool.query(`grant select, insert on probe_items to ${role}; grant usage on sequence probe_items_id_seq to ${role}`);
      const asRole = async <T>(fn: () => Promise<T>) => {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        try {
          return await fn();
        } finally {
          await client.query('rollback');
        }
      };
      const count = async () => Number((await client.query('select count(*) from probe_items')).rows[0].count);
      const all = Number((await t.pool.query('select count(*) from probe_items')).rows[0].count);
      const inMongKok = Number((await t.pool.query('select count(*) from probe_items where store_id = $1', [stores.mongKok])).rows[0].count);
      expect(all).toBeGreaterThan(inMongKok);

      expect(await asRole(count)).toBe(0);
      expect(
        await asRole(async () => {
          await client.query(`select set_config('harbour.store_id', $1, true)`, [String(stores.mongKok)]);
          return count();
        }),
      ).toBe(inMongKok);
      expect(
        await asRole(async () => {
          await client.query(`select set_config('harbour.all_stores', 'on', true)`);
          return count();
        }),
      ).toBe(all);
      // the scope's functions are parallel safe, and a parallel worker reads the transaction's store
      // too (seen on PostgreSQL 16 and later: 15, forced, still ran this plan, which reads the
      // policy's InitPlan, in the leader)
      const { rows: safety } = await t.pool.query<{ proname: string; proparallel: string }>(
        `select proname, proparallel from pg_proc where proname in ('harbour_visible_stores', 'harbour_store_visible') order by proname`,
      );
      expect(safety).toEqual([
        { proname: 'harbour_store_visible', proparallel: 's' },
        { proname: 'harbour_visible_stores', proparallel: 's' },
      ]);
      if (Number((await t.pool.query('show server_version_num')).rows[0].server_version_num) >= 160000) {
        const inParallel = await asRole(async () => {
          await client.query(`select set_config('harbour.store_id', $1, true)`, [String(stores.mongKok)]);
          await client.query('set local debug_parallel_query = on');
          const sql = 'select count(*) from probe_items where harbour_store_visible(store_id)';
          const plan = (await client.query(`explain (analyze, costs off) ${sql}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
          return { plan, count: Number((await client.query(sql)).rows[0].count) };
        });
        expect(inParallel.plan).toMatch(/Workers Launched: [1-9]/);
        expect(inParallel.count).toBe(inMongKok);
      }
      await expect(
        asRole(async () => {
          await client.query(`select set_config('harbour.store_id', $1, true)`, [String(stores.mongKok)]);
          await client.query(`insert into probe_items (store_id, name) values ($1, 'smuggled')`, [stores.kwunTong]);
        }),
      ).rejects.toThrow(/row-level security/);
    } finally {
      client.release();
      await t.pool.query(`drop owned by ${role}; drop role ${role}`);
    }
  });

  it('is switched on for every table with a store_id, except the few that record a session or a staff link', async () => {
    const notStoreOwned = new Set(['audit_log', 'sessions', 'staff_stores']);
    const { rows } = await t.pool.query<{ table: string; rls: boolean; forced: boolean }>(
      `select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced
         from information_schema.columns col
         join pg_class c on c.relname = col.table_name and c.relkind = 'r'
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = col.table_schema
        where col.column_name = 'store_id' and col.table_schema = 'public'`,
    );
    const unprotected = rows.filter((r) => !notStoreOwned.has(r.table) && !(r.rls && r.forced)).map((r) => r.table);
    expect(rows.map((r) => r.table)).toContain('probe_items');
    expect(unprotected).toEqual([]);
  });
});
