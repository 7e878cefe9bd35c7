import type { Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    username, name: username, password: 'secret12', mobile, email: null, hkid: null, storeIds: [storeId], defaultStoreId: storeId,
    roleIds: [roleId], defaultLanguage: 'en', level: null, privilege: null, maxApprovedAmount: null,
  });
  await call(t.app, 'POST', '/staff', { token: admin, body: person('mklog', '51115555', stores.mongKok, role.id) });
  await call(t.app, 'POST', '/staff', { token: admin, body: person('ktonly', '53335555', stores.kwunTong, small.id) });
  kwunTongOnly = await idOf(t, 'staff', 'username', 'ktonly');
  // Admin edits the Kwun Tong staff member and a Mong Kok one; both sign in; admin signs in again.
  await call(t.app, 'PUT', `/staff/${kwunTongOnly}`, { token: admin, body: { ...person('ktonly', '53335555', stores.kwunTong, small.id), password: null, name: 'KT renamed' } });
  await tokenOf(t, 'ktonly', 'secret12');
  await tokenOf(t, 'clerk');
  await tokenOf(t, 'admin');
  mkLog = await tokenOf(t, 'mklog', 'secret12');
});
afterAll(() => t.close());

const list = async (path: string, query: Record<string, string | number> = {}) =>
  dataOf(await call<Page<Row>>(t.app, 'GET', path, { token: mkLog, query: { pageSize: 100, ...query } }));

describe('audit log scope', () => {
  it('hides the rows about another store’s staff member, however the filters are set', async () => {
    const queries: Record<string, string>[] = [{}, { module: 'staff' }, { reference: String(kwunTongOnly) }, { module: 'staff', reference: String(kwunTongOnly), action: 'edit' }];
    for (const query of queries) {
      const page = await list('/auditLogs', query);
      expect(page.items.filter((r) => r.reference === String(kwunTongOnly))).toEqual([]);
      expect(page.total).toBe(page.items.length);
    }
    // The admin (all stores) sees the edit.
    const all = dataOf(await call<Page<Row>>(t.app, 'GET', '/auditLogs', { token: admin, query: { module: 'staff', reference: String(kwunTongOnly), action: 'edit' } }));
    expect(all.total).toBe(1);
  });

  it('shows the sign-ins of the caller’s store only, never the super administrator’s', async () => {
    const page = await list('/systemLogs', { action: 'login' });
    const who = new Set(page.items.map((r) => r.staffId));
    expect(who.has(await idOf(t, 'staff', 'username', 'clerk'))).toBe(true);
    expect(who.has(kwunTongOnly)).toBe(false);
    expect(who.has(1)).toBe(false);
  });

  it('keeps rows about records of no store (roles) to all-stores staff', async () => {
    const page = await list('/auditLogs', { module: 'roles' });
    expect(page.total).toBe(0);
    const all = dataOf(await call<Page<Row>>(t.app, 'GET', '/auditLogs', { token: admin, query: { module: 'roles' } }));
    expect(all.total).toBeGreaterThanOrEqual(2);
  });
});
