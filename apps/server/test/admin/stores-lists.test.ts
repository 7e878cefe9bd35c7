import type { AccessIpItem, AdminStore, AllAdmin, AuditLogItem, Page, StaffInfoItem, StoreItem, StoresLogItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, idOf, messageOf, rowCount, storeIds, tokenOf } from './helpers.js';

let t: TestApp;
let admin: string;
let stores: Awaited<ReturnType<typeof storeIds>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
  stores = await storeIds(t);
});
afterAll(() => t.close());

const store = (over: Record<string, unknown> = {}) => ({
  storeName: '沙田店',
  englishName: 'Sha Tin',
  code: 'ST',
  address: '新界沙田正街 1 號',
  saleTel: '2600 1004',
  contactName: '周主任',
  mobile: '9123 4504',
  lendMoney: '1500000.00',
  gainMoney: '23456.7',
  ...over,
});

describe('stores', () => {
  let shaTin: StoreItem;

  it('creates, reads, edits and lists stores with money as decimal strings', async () => {
    const before = await auditCount(t);
    shaTin = dataOf(await call<StoreItem>(t.app, 'POST', '/stores', { token: admin, body: store() }));
    expect(shaTin).toMatchObject({ storeName: '沙田店', englishName: 'Sha Tin', lendMoney: '1500000.00', gainMoney: '23456.70' });
    expect(dataOf(await call<StoreItem>(t.app, 'GET', `/stores/${shaTin.id}`, { token: admin })).address).toBe('新界沙田正街 1 號');
    const edited = dataOf(await call<StoreItem>(t.app, 'PUT', `/stores/${shaTin.id}`, { token: admin, body: store({ gainMoney: '99999999999999.99' }) }));
    expect(edited.gainMoney).toBe('99999999999999.99');
    const page = dataOf(await call<Page<StoreItem>>(t.app, 'GET', '/stores', { token: admin, query: { englishName: 'tin', sort: 'englishName:asc' } }));
    expect(page.items.map((s) => s.englishName)).toEqual(['Sha Tin']);
    const all = dataOf(await call<Page<StoreItem>>(t.app, 'GET', '/stores', { token: admin, query: { sort: 'lendMoney:desc' } }));
    expect(all.items[0]!.englishName).toBe('Sha Tin');
    expect(all.total).toBe(4);
    expect(await auditCount(t)).toBe(before + 2);
  });

  it('requires Chinese and English names and well-formed money, changing nothing', async () => {
    const count = await rowCount(t, 'stores');
    const res = await call(t.app, 'POST', '/stores', { token: admin, body: store({ storeName: ' ', englishName: '' }), lang: 'en' });
    expectFieldErrors(res, ['storeName', 'englishName']);
    expect(messageOf(res, 'storeName')).toBe('Chinese name is required');
    expect(messageOf(res, 'englishName')).toBe('English name is required');
    expectFieldErrors(await call(t.app, 'POST', '/stores', { token: admin, body: store({ lendMoney: '1e5' }), lang: 'en' }), ['lendMoney']);
    expectFieldErrors(await call(t.app, 'POST', '/stores', { token: admin, body: store({ gainMoney: 12.5 }), lang: 'en' }), ['gainMoney']);
    expect(await rowCount(t, 'stores')).toBe(count);
  });

  it('refuses to delete a store staff use (409) and deletes an unused one', async () => {
    const inUse = await call(t.app, 'DELETE', `/stores/${stores.kwunTong}`, { token: admin, lang: 'en' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.body).toMatchObject({ message: 'The store has staff or records and cannot be deleted' });
    expect((await call(t.app, 'DELETE', `/stores/${shaTin.id}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/stores/${shaTin.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('is refused (403) to a role without the store keys', async () => {
    const clerk = await tokenOf(t, 'clerk');
    expect((await call(t.app, 'GET', '/stores', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/stores', { token: clerk, body: store() })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/storesLog', { token: clerk })).statusCode).toBe(403);
  });

  it('answers the store changes from the audit log (storesLog)', async () => {
    const log = dataOf(await call<Page<StoresLogItem>>(t.app, 'GET', '/storesLog', { token: admin }));
    expect(log.items.map((e) => e.action)).toEqual(['delete', 'edit', 'add']);
    expect(log.items.every((e) => e.staffName === '系統管理員' && e.storeId === shaTin.id)).toBe(true);
    expect(log.items[1]!.before).toMatchObject({ gainMoney: '23456.70' });
    expect(log.items[1]!.after).toMatchObject({ gainMoney: '99999999999999.99' });
    const edits = dataOf(await call<Page<StoresLogItem>>(t.app, 'GET', '/storesLog', { token: admin, query: { action: 'edit', storeId: shaTin.id } }));
    expect(edits.total).toBe(1);
  });
});

describe('the spec §7 list calls', () => {
  it('stores/adminStores answers the caller’s stores with the default and current one', async () => {
    const collector = await tokenOf(t, 'collector');
    const mine = dataOf(await call<{ items: AdminStore[] }>(t.app, 'GET', '/stores/adminStores', { token: collector }));
    expect(mine.items.map((s) => s.englishName)).toEqual(['Mong Kok', 'Kwun Tong']);
    expect(mine.items.find((s) => s.isCurrent)?.storeId).toBe(stores.mongKok);
    expect(mine.items.find((s) => s.isDefault)?.storeId).toBe(stores.mongKok);
    expect((await call(t.app, 'GET', '/stores/adminStores')).statusCode).toBe(401);
  });

  it('admin/allAdmins answers id, name and username for pickers', async () => {
    const manager = await tokenOf(t, 'manager');
    const all = dataOf(await call<{ items: AllAdmin[] }>(t.app, 'GET', '/admin/allAdmins', { token: manager }));
    expect(all.items).toHaveLength(5);
    expect(Object.keys(all.items[0]!).sort()).toEqual(['id', 'name', 'username']);
    const found = dataOf(await call<{ items: AllAdmin[] }>(t.app, 'GET', '/admin/allAdmins', { token: manager, query: { keyword: 'coll' } }));
    expect(found.items.map((a) => a.username)).toEqual(['collector']);
    // A single-store clerk only sees the staff of their store.
    const clerk = await tokenOf(t, 'clerk');
    const scoped = dataOf(await call<{ items: AllAdmin[] }>(t.app, 'GET', '/admin/allAdmins', { token: clerk }));
    expect(scoped.items.map((a) => a.username).sort()).toEqual(['accountant', 'admin', 'clerk', 'collector', 'manager']);
  });

  it('staffInfo lists the staff summary with filters and no personal numbers', async () => {
    const manager = await tokenOf(t, 'manager');
    const page = dataOf(await call<Page<StaffInfoItem>>(t.app, 'GET', '/staffInfo', { token: manager, query: { storeId: stores.tsuenWan } }));
    expect(page.items.map((s) => s.username).sort()).toEqual(['accountant', 'admin', 'manager']);
    const clerkRole = await idOf(t, 'roles', 'name', 'clerk');
    const clerks = dataOf(await call<Page<StaffInfoItem>>(t.app, 'GET', '/staffInfo', { token: manager, query: { roleId: clerkRole } }));
    expect(clerks.items).toEqual([expect.objectContaining({ username: 'clerk', roleNames: ['clerk'], storeNames: ['旺角店'] })]);
    expect(JSON.stringify(clerks)).not.toMatch(/mobile|hkid/);
    const byKeyword = dataOf(await call<Page<StaffInfoItem>>(t.app, 'GET', '/staffInfo', { token: manager, query: { keyword: 'acc', pageSize: 10 } }));
    expect(byKeyword.items.map((s) => s.username)).toEqual(['accountant']);
    const clerk = await tokenOf(t, 'clerk');
    expect((await call(t.app, 'GET', '/staffInfo', { token: clerk })).statusCode).toBe(403);
    // Master data → staff information shows the same screen: its key alone opens the list too.
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'masterdata.staffInfo' from roles where name = 'clerk'`);
    const withPage = await tokenOf(t, 'clerk');
    const seen = dataOf(await call<Page<StaffInfoItem>>(t.app, 'GET', '/staffInfo', { token: withPage, query: { keyword: 'acc' } }));
    expect(seen.items.map((s) => s.username)).toEqual(['accountant']);
    expect((await call(t.app, 'GET', '/staff', { token: withPage })).statusCode).toBe(403);
  });
});

describe('audit log list', () => {
  it('filters by staff, action, module, reference and dates, with before and after', async () => {
    const managerId = await idOf(t, 'staff', 'username', 'manager');
    const list = async (query: Record<string, string | number>) =>
      dataOf(await call<Page<AuditLogItem>>(t.app, 'GET', '/auditLogs', { token: admin, query }));
    const stores = await list({ module: 'stores', sort: 'id:asc' });
    expect(stores.items.map((e) => e.action)).toEqual(['add', 'edit', 'delete']);
    expect(stores.items[1]!.before).not.toBeNull();
    expect(stores.items[1]!.after).not.toBeNull();
    const logins = await list({ action: 'login', staffId: managerId });
    expect(logins.total).toBeGreaterThan(0);
    expect(logins.items.every((e) => e.staffId === managerId && e.staffName === '陳經理')).toBe(true);
    const ref = stores.items[0]!.reference!;
    expect((await list({ reference: ref, module: 'stores' })).total).toBe(3);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ dateFrom: today, dateTo: today, module: 'stores' })).total).toBe(3);
    expect((await list({ dateTo: '2020-01-01' })).total).toBe(0);
    const paged = await list({ pageSize: 2, page: 1 });
    expect(paged.items).toHaveLength(2);
    expect(paged.items[0]!.id).toBeGreaterThan(paged.items[1]!.id);
    expect((await call(t.app, 'GET', '/auditLogs', { token: admin, query: { dateFrom: '2026-02-30' } })).statusCode).toBe(400);
  });

  it('is refused (403) without the log key', async () => {
    const manager = await tokenOf(t, 'manager');
    expect((await call(t.app, 'GET', '/auditLogs', { token: manager })).statusCode).toBe(403);
  });
});

describe('system log list', () => {
  it('answers only the sign-in events of module auth to a role with only system.log; 403 without it', async () => {
    const collectorId = await idOf(t, 'staff', 'username', 'collector');
    expect((await call(t.app, 'GET', '/systemLogs', { token: await tokenOf(t, 'collector') })).statusCode).toBe(403);
    // Sign-in rows are written before a session exists and carry no store: the role sees all stores.
    const role = dataOf(
      await call<{ id: number }>(t.app, 'POST', '/roles', { token: admin, body: { name: 'syslog only', description: 'System log', allStores: true, permissions: ['system.log'] } }),
    );
    const { rows: kept } = await t.pool.query<{ role_id: number }>('select role_id from staff_roles where staff_id = $1', [collectorId]);
    await t.pool.query('delete from staff_roles where staff_id = $1', [collectorId]);
    await t.pool.query('insert into staff_roles (staff_id, role_id) values ($1, $2)', [collectorId, role.id]);
    try {
      const token = await tokenOf(t, 'collector');
      const list = async (query: Record<string, string | number> = {}) => {
        const res = await call<Page<AuditLogItem>>(t.app, 'GET', '/systemLogs', { token, query: { pageSize: 100, ...query } });
        expect(res.statusCode).toBe(200);
        return dataOf(res);
      };
      const all = await list();
      expect(all.total).toBeGreaterThan(0);
      expect(all.items.every((e) => e.module === 'auth' && ['login', 'tried_to_login', 'logout'].includes(e.action))).toBe(true);
      // Asking for another module or action does not widen the slice.
      expect((await list({ module: 'stores' })).total).toBe(0);
      expect((await list({ action: 'add' })).total).toBe(0);
      expect((await list({ action: 'login' })).items.every((e) => e.action === 'login')).toBe(true);
      // The admin log stays closed to this role.
      expect((await call(t.app, 'GET', '/auditLogs', { token })).statusCode).toBe(403);
    } finally {
      await t.pool.query('delete from staff_roles where staff_id = $1', [collectorId]);
      for (const r of kept) await t.pool.query('insert into staff_roles (staff_id, role_id) values ($1, $2)', [collectorId, r.role_id]);
    }
  });
});

describe('access IP allowlist', () => {
  it('adds, edits, lists and deletes entries, validating addresses and owners', async () => {
    const clerkId = await idOf(t, 'staff', 'username', 'clerk');
    const count = await rowCount(t, 'access_ips');
    for (const address of ['10.0.0.0/33', '300.1.1.1', 'not-an-ip', '', '2001:db8::/129']) {
      const res = await call(t.app, 'POST', '/accessIps', { token: admin, body: { address }, lang: 'en' });
      expectFieldErrors(res, ['address']);
      expect(messageOf(res, 'address')).toBe('Enter an IP address or a CIDR block');
    }
    expectFieldErrors(await call(t.app, 'POST', '/accessIps', { token: admin, body: { address: '10.0.0.1', staffId: 999_999 }, lang: 'en' }), ['staffId']);
    expect(await rowCount(t, 'access_ips')).toBe(count);

    // The caller reaches the server from 127.0.0.1: a global list without it would shut them out.
    const lockout = await call(t.app, 'POST', '/accessIps', { token: admin, body: { address: '2001:db8::/32' }, lang: 'en' });
    expect(lockout.statusCode).toBe(422);
    expect(lockout.body).toMatchObject({ message: 'This would shut out your own network address; add it to the allowlist first' });
    const local = dataOf(await call<AccessIpItem>(t.app, 'POST', '/accessIps', { token: admin, body: { address: '127.0.0.0/8', remarks: 'this machine' } }));
    const v6 = dataOf(await call<AccessIpItem>(t.app, 'POST', '/accessIps', { token: admin, body: { address: '2001:db8::/32', remarks: 'office v6' } }));
    expect(v6).toMatchObject({ address: '2001:db8::/32', staffId: null, remarks: 'office v6' });
    expect((await call(t.app, 'DELETE', `/accessIps/${local.id}`, { token: admin })).statusCode).toBe(422);

    const own = dataOf(await call<AccessIpItem>(t.app, 'POST', '/accessIps', { token: admin, body: { address: '10.9.8.7', staffId: clerkId } }));
    const edited = dataOf(await call<AccessIpItem>(t.app, 'PUT', `/accessIps/${own.id}`, { token: admin, body: { address: '10.9.8.0/24', staffId: clerkId } }));
    expect(edited.address).toBe('10.9.8.0/24');
    const mine = dataOf(await call<Page<AccessIpItem>>(t.app, 'GET', '/accessIps', { token: admin, query: { staffId: clerkId } }));
    expect(mine.items.map((e) => e.id)).toEqual([own.id]);
    // The global list lets 127.0.0.1 in, but the clerk's own list does not.
    expect((await tryLogin(t.app, 'clerk', 'demo1234', '127.0.0.1')).statusCode).toBe(401); // refused like a wrong password (security/password-oracle.test.ts)
    expect((await tryLogin(t.app, 'manager', 'demo1234', '127.0.0.1')).statusCode).toBe(200);
    const clerk = await tokenOf(t, 'manager');
    expect((await call(t.app, 'GET', '/accessIps', { token: clerk })).statusCode).toBe(403);

    for (const id of [own.id, v6.id, local.id]) expect((await call(t.app, 'DELETE', `/accessIps/${id}`, { token: admin })).statusCode).toBe(200);
    expect(await rowCount(t, 'access_ips')).toBe(0);
  });

  it('applies the list only while its switch is on, and will not lock out the caller', async () => {
    expect(dataOf(await call<{ enabled: boolean }>(t.app, 'GET', '/accessIps/setting', { token: admin }))).toEqual({ enabled: true });
    const off = await call(t.app, 'POST', '/accessIps/setting', { token: admin, body: { enabled: false }, lang: 'en' });
    expect(off.body).toMatchObject({ result: 'success', data: { enabled: false }, message: 'Saved' });
    dataOf(await call(t.app, 'POST', '/accessIps', { token: admin, body: { address: '10.20.0.0/16' } }));
    // Switched off: an outside address still logs in.
    expect((await tryLogin(t.app, 'clerk', 'demo1234', '192.168.7.7')).statusCode).toBe(200);
    // The caller (127.0.0.1) is outside the list: switching on is refused.
    const lockout = await call(t.app, 'POST', '/accessIps/setting', { token: admin, body: { enabled: true }, lang: 'en' });
    expect(lockout.statusCode).toBe(422);
    expect((await call<{ enabled: boolean }>(t.app, 'GET', '/accessIps/setting', { token: admin })).body).toMatchObject({ data: { enabled: false } });
    const on = await call(t.app, 'POST', '/accessIps/setting', { token: admin, body: { enabled: true }, ip: '10.20.1.1' });
    expect(on.statusCode, JSON.stringify(on.body)).toBe(200);
    // Switched on: outside addresses do not even get a captcha.
    expect((await call(t.app, 'GET', '/captcha', { ip: '192.168.7.7' })).statusCode).toBe(403);
    expect((await tryLogin(t.app, 'clerk', 'demo1234', '10.20.3.3')).statusCode).toBe(200);
    const { rows } = await t.pool.query(`select after from audit_log where module = 'accessIps' and reference = 'setting' order by id`);
    expect(rows.map((r) => r.after.enabled)).toEqual([false, true]);
    await t.pool.query('delete from access_ips');
  });
});
