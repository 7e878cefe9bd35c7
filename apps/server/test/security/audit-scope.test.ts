import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { idOf, storeIds, tokenOf } from '../admin/helpers.js';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * `/auditLogs` once filtered by the caller's session store instead of the record's, so another
 * store's staff record could be read through its audit rows (before/after images). Rows are now
 * scoped by the stores of the record they describe.
 */
let t: TestApp;
let admin: string;
let mkLog: string;
let stores: Awaited<ReturnType<typeof storeIds>>;
let kwunTongOnly: number;
let mongKokOnly: number;

interface Row {
  id: number;
  module: string;
  reference: string | null;
  action: string;
  staffId: number | null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
  stores = await storeIds(t);
  const role = dataOf(await call<{ id: number }>(t.app, 'POST', '/roles', { token: admin, body: { name: 'mk log', description: 'reads logs', permissions: ['admin.log', 'system.log'] } }));
  const small = dataOf(await call<{ id: number }>(t.app, 'POST', '/roles', { token: admin, body: { name: 'kt counter', description: 'counter', permissions: ['tools.calculator'] } }));
  const person = (username: string, mobile: string, storeId: number, roleId: number) => ({
    username, name: username, password: 'secret12-harbour', mobile, email: null, hkid: null, storeIds: [storeId], defaultStoreId: storeId,
    roleIds: [roleId], defaultLanguage: 'en', levelId: null,
  });
  for (const body of [person('mklog', '51115555', stores.mongKok, role.id), person('ktonly', '53335555', stores.kwunTong, small.id), person('mkonly', '54445555', stores.mongKok, small.id)]) {
    expect((await call(t.app, 'POST', '/staff', { token: admin, body })).statusCode).toBe(200);
  }
  kwunTongOnly = await idOf(t, 'staff', 'username', 'ktonly');
  mongKokOnly = await idOf(t, 'staff', 'username', 'mkonly');
  // Admin (whose session is in Mong Kok) edits the Kwun Tong staff member and a Mong Kok one;
  // both sign in; admin signs in again.
  for (const [id, body] of [[kwunTongOnly, person('ktonly', '53335555', stores.kwunTong, small.id)], [mongKokOnly, person('mkonly', '54445555', stores.mongKok, small.id)]] as const) {
    expect((await call(t.app, 'PUT', `/staff/${id}`, { token: admin, body: { ...body, password: null, name: `${body.username} renamed` } })).statusCode).toBe(200);
  }
  await tokenOf(t, 'ktonly', 'secret12-harbour');
  await tokenOf(t, 'mkonly', 'secret12-harbour');
  await tokenOf(t, 'clerk');
  await tokenOf(t, 'admin');
  mkLog = await tokenOf(t, 'mklog', 'secret12-harbour');
});
afterAll(() => t.close());

const listAs = async (token: string, path: string, query: Record<string, string | number> = {}) => {
  const res = await call<Page<Row>>(t.app, 'GET', path, { token, query: { pageSize: 100, ...query } });
  expect(res.statusCode).toBe(200);
  return dataOf(res);
};
const list = (path: string, query: Record<string, string | number> = {}) => listAs(mkLog, path, query);
/** Rows about a staff member: their staff record's rows, and their own sign-ins. */
const about = (rows: Row[], id: number) => rows.filter((r) => (r.module === 'staff' && r.reference === String(id)) || (r.module === 'auth' && r.staffId === id));

describe('audit log scope', () => {
  it('hides the rows about another store’s staff member, however the filters are set, and leaves them out of the total', async () => {
    const queries: Record<string, string | number>[] = [
      {},
      { module: 'staff' },
      { reference: String(kwunTongOnly) },
      { module: 'staff', reference: String(kwunTongOnly) },
      { module: 'staff', reference: String(kwunTongOnly), action: 'edit' },
      { module: 'auth', staffId: kwunTongOnly },
      { staffId: kwunTongOnly },
      { sort: 'module:asc' },
    ];
    for (const query of queries) {
      const page = await list('/auditLogs', query);
      expect(about(page.items, kwunTongOnly), JSON.stringify(query)).toEqual([]);
      expect(page.total, JSON.stringify(query)).toBe(page.items.length);
    }
    expect((await list('/auditLogs', { module: 'staff', reference: String(kwunTongOnly) })).total).toBe(0);
    // The same rows of a Mong Kok staff member are there (the filter is not just hiding everything).
    const mine = await list('/auditLogs', { module: 'staff', reference: String(mongKokOnly) });
    expect(mine.items.map((r) => r.action).sort()).toEqual(['add', 'edit']);
    expect(mine.total).toBe(2);
    // The admin (all stores) sees the Kwun Tong rows.
    const all = await listAs(admin, '/auditLogs', { module: 'staff', reference: String(kwunTongOnly) });
    expect(all.items.map((r) => r.action).sort()).toEqual(['add', 'edit']);
  });

  it('counts in `total` only the rows the caller may see', async () => {
    const everything = await listAs(admin, '/auditLogs', { pageSize: 10 });
    const mine = await list('/auditLogs', { pageSize: 10 });
    expect(mine.total).toBeLessThan(everything.total);
    // Page past the visible rows: nothing, and the same total.
    const past = await list('/auditLogs', { pageSize: 10, page: Math.ceil(mine.total / 10) + 1 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(mine.total);
  });

  it('shows the sign-ins of the caller’s store only, never the super administrator’s', async () => {
    const page = await list('/systemLogs', { action: 'login' });
    const who = new Set(page.items.map((r) => r.staffId));
    expect(who.has(await idOf(t, 'staff', 'username', 'clerk'))).toBe(true);
    expect(who.has(mongKokOnly)).toBe(true);
    expect(who.has(kwunTongOnly)).toBe(false);
    expect(who.has(1)).toBe(false);
    expect((await list('/systemLogs', { staffId: kwunTongOnly })).total).toBe(0);
    expect((await list('/systemLogs', { staffId: 1 })).total).toBe(0);
    // All-stores staff see them all.
    const all = await listAs(admin, '/systemLogs', { action: 'login' });
    const everyone = new Set(all.items.map((r) => r.staffId));
    expect(everyone.has(kwunTongOnly) && everyone.has(1)).toBe(true);
  });

  it('keeps rows about records of no store (roles) and about the super administrator to all-stores staff', async () => {
    expect((await list('/auditLogs', { module: 'roles' })).total).toBe(0);
    expect((await listAs(admin, '/auditLogs', { module: 'roles' })).total).toBeGreaterThanOrEqual(2);
    expect(about((await list('/auditLogs')).items, 1)).toEqual([]);
  });

  it('follows the caller’s current store', async () => {
    // The same reader, moved to Kwun Tong by the admin, sees Kwun Tong's rows and no longer Mong Kok's.
    const mkLogId = await idOf(t, 'staff', 'username', 'mklog');
    await t.pool.query('update staff_stores set store_id = $1 where staff_id = $2', [stores.kwunTong, mkLogId]);
    await t.pool.query('update staff set default_store_id = $1 where id = $2', [stores.kwunTong, mkLogId]);
    const ktLog = await tokenOf(t, 'mklog', 'secret12-harbour');
    expect((await listAs(ktLog, '/auditLogs', { module: 'staff', reference: String(kwunTongOnly) })).total).toBe(2);
    expect((await listAs(ktLog, '/auditLogs', { module: 'staff', reference: String(mongKokOnly) })).total).toBe(0);
  });
});

describe('rows written before record stores existed', () => {
  it('get the described staff member’s stores from the migration', async () => {
    const clerk = await idOf(t, 'staff', 'username', 'clerk');
    const collector = await idOf(t, 'staff', 'username', 'collector');
    const old = async (module: string, action: string, reference: string | null, staffId: number | null, after: unknown = null) => {
      const { rows } = await t.pool.query<{ id: string }>(
        'insert into audit_log (staff_id, action, module, reference, after) values ($1, $2, $3, $4, $5) returning id',
        [staffId, action, module, reference, after === null ? null : JSON.stringify(after)],
      );
      return Number(rows[0]!.id);
    };
    const rows = {
      ktEdit: await old('staff', 'edit', String(kwunTongOnly), 1),
      collectorEdit: await old('staff', 'edit', String(collector), 1),
      adminEdit: await old('staff', 'edit', '1', 1),
      ktLogin: await old('auth', 'login', '999', kwunTongOnly),
      clerkTried: await old('auth', 'tried_to_login', 'clerk', clerk),
      unknownTried: await old('auth', 'tried_to_login', 'nobody', null),
      clerkForced: await old('auth.session', 'logout', '998', 1, { staffId: clerk, reason: 'forced' }),
      role: await old('roles', 'edit', '3', 1),
    };
    const migration = readFileSync(join(MIGRATIONS_DIR, '0005_audit_record_stores_backfill.sql'), 'utf8');
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      for (const statement of migration.split('--> statement-breakpoint')) await client.query(statement);
      await client.query('commit');
    } finally {
      client.release();
    }
    const { rows: filled } = await t.pool.query<{ id: string; record_store_ids: number[] | null }>('select id, record_store_ids from audit_log where id = any($1::bigint[])', [
      Object.values(rows),
    ]);
    const storesOf = (id: number) => filled.find((r) => Number(r.id) === id)?.record_store_ids;
    expect(storesOf(rows.ktEdit)).toEqual([stores.kwunTong]);
    expect(storesOf(rows.collectorEdit)).toEqual([stores.mongKok, stores.kwunTong].sort((a, b) => a - b));
    expect(storesOf(rows.ktLogin)).toEqual([stores.kwunTong]);
    expect(storesOf(rows.clerkTried)).toEqual([stores.mongKok]);
    expect(storesOf(rows.clerkForced)).toEqual([stores.mongKok]);
    expect(storesOf(rows.adminEdit)).toBeNull();
    expect(storesOf(rows.unknownTried)).toBeNull();
    expect(storesOf(rows.role)).toBeNull();
    // The log is append-only again afterwards.
    await expect(t.pool.query('update audit_log set reference = null where id = $1', [rows.role])).rejects.toThrow(/append-only/);
  });
});
