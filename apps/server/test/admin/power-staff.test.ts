import type { Page, PowerKeyChoices, PowerStaffItem, PowerStaffRow } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { idOf, storeIds, tokenOf } from './helpers.js';

/** Power → staff list: who holds which key, read as the auth hook grants it, within the staff scope. */
let t: TestApp;
let admin: string;

const list = async (token: string, query: Record<string, string | number> = {}) =>
  dataOf(await call<Page<PowerStaffRow>>(t.app, 'GET', '/powerStaff', { token, query: { pageSize: 100, ...query } }));
const usernames = (page: Page<PowerStaffRow>) => page.items.map((r) => r.username).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
});
afterAll(() => t.close());

describe('Power → staff list', () => {
  it('lists each member with their roles, stores and the number of enabled keys they hold', async () => {
    const page = await list(admin);
    const byName = Object.fromEntries(page.items.map((r) => [r.username, r]));
    const enabled = Number((await t.pool.query(`select count(*) n from permissions where state = 'normal'`)).rows[0].n);
    expect(byName.admin).toMatchObject({ superAdmin: true, allStores: true, keyCount: enabled });
    const clerkKeys = Number(
      (
        await t.pool.query(
          `select count(distinct rp.permission_key) n from role_permissions rp join roles r on r.id = rp.role_id
            join permissions p on p.key = rp.permission_key and p.state = 'normal' where r.name = 'clerk'`,
        )
      ).rows[0].n,
    );
    expect(byName.clerk).toMatchObject({ superAdmin: false, allStores: false, roleNames: ['clerk'], storeNames: ['旺角店'], keyCount: clerkKeys });
    expect(byName.manager).toMatchObject({ allStores: true, roleNames: ['manager'] });
  });

  it('answers "who may approve?" through the key filter, and sorts by the number of keys', async () => {
    expect(usernames(await list(admin, { permissionKey: 'approval.approve' }))).toEqual(['admin', 'manager']);
    expect(usernames(await list(admin, { permissionKey: 'payout.confirm' }))).toEqual(['accountant', 'admin', 'manager']);
    expect((await list(admin, { permissionKey: 'no.such.key' })).total).toBe(0);
    const sorted = (await list(admin, { sort: 'keyCount:desc' })).items.map((r) => r.keyCount);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it('shows each key with the roles that grant it; a disabled role or key grants nothing, as at login', async () => {
    const clerkId = await idOf(t, 'staff', 'username', 'clerk');
    const item = dataOf(await call<PowerStaffItem>(t.app, 'GET', `/powerStaff/${clerkId}`, { token: admin }));
    expect(item.grants.length).toBe(item.keyCount);
    expect(item.grants.find((g) => g.key === 'loan.create')).toMatchObject({ roles: ['clerk'], group: 'loan', name: expect.stringMatching(/^shell:/) });
    expect(item.grants.some((g) => g.key === 'approval.approve')).toBe(false);

    await t.pool.query(`update permissions set state = 'forbidden' where key = 'loan.create'`);
    const without = dataOf(await call<PowerStaffItem>(t.app, 'GET', `/powerStaff/${clerkId}`, { token: admin }));
    expect(without.keyCount).toBe(item.keyCount - 1);
    expect(without.grants.some((g) => g.key === 'loan.create')).toBe(false);
    await t.pool.query(`update permissions set state = 'normal' where key = 'loan.create'`);

    await t.pool.query(`update roles set state = 'forbidden' where name = 'clerk'`);
    const disabled = dataOf(await call<PowerStaffItem>(t.app, 'GET', `/powerStaff/${clerkId}`, { token: admin }));
    expect(disabled).toMatchObject({ keyCount: 0, grants: [], roleNames: [] });
    expect(usernames(await list(admin, { permissionKey: 'loan.create' }))).not.toContain('clerk');
    await t.pool.query(`update roles set state = 'normal' where name = 'clerk'`);
  });

  it('offers the enabled catalogue as the key filter’s choices', async () => {
    const keys = dataOf(await call<PowerKeyChoices>(t.app, 'GET', '/powerStaff/keys', { token: admin }));
    expect(keys.items.map((k) => k.key)).toEqual(expect.arrayContaining(['approval.approve', 'power.staffList']));
  });

  it('refuses staff without the key (403)', async () => {
    const clerk = await tokenOf(t, 'clerk');
    for (const path of ['/powerStaff', '/powerStaff/1', '/powerStaff/keys']) expect((await call(t.app, 'GET', path, { token: clerk })).statusCode).toBe(403);
  });

  it('keeps to the staff scope: a store-bound holder learns nothing of another store’s people, not even through totals', async () => {
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'power.staffList' from roles where name = 'collector'`);
    const { kwunTong } = await storeIds(t);
    const token = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token, body: { storeId: kwunTong } })).statusCode).toBe(200);
    // The clerk works in Mong Kok only.
    const seen = await list(token);
    expect(usernames(seen)).not.toContain('clerk');
    expect(seen.total).toBe(seen.items.length);
    expect((await list(token, { permissionKey: 'loan.create' })).items.map((r) => r.username)).not.toContain('clerk');
    const clerkId = await idOf(t, 'staff', 'username', 'clerk');
    expect((await call(t.app, 'GET', `/powerStaff/${clerkId}`, { token })).statusCode).toBe(404);
  });

  it('refuses bad filters with 400', async () => {
    const bad: Record<string, string>[] = [{ roleId: 'x' }, { state: 'gone' }, { sort: 'keyCount:sideways' }, { permissionKey: 'k'.repeat(200) }];
    for (const query of bad) {
      expect((await call(t.app, 'GET', '/powerStaff', { token: admin, query })).statusCode).toBe(400);
    }
  });
});
