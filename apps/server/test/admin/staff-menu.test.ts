import type { Page, RouteRecord, StaffItem, UserInfo } from '@harbour/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, dataOf, tokenOf } from './helpers.js';

/**
 * One staff administration: the staff list, roles, staff levels and permissions are one menu
 * group ("Staff & roles"), the read-only staff summaries left the menu, and the staff routes keep
 * their own keys.
 */
let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
  manager = await tokenOf(t, 'manager');
  clerk = await tokenOf(t, 'clerk');
});
afterAll(() => t.close());

const menuOf = async (token: string) => dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token })).asyncRouterMap;
const group = (map: RouteRecord[], key: string) => map.find((g) => g.name === key);
const shown = (g: RouteRecord | undefined) => (g?.children ?? []).filter((c) => !c.hidden).map((c) => c.path);
const hidden = (g: RouteRecord | undefined) => (g?.children ?? []).filter((c) => c.hidden).map((c) => c.path);

describe('the Staff & roles menu group', () => {
  it("holds the administrator's staff list, roles, staff levels and permissions; no Admin, Power or Role group is left", async () => {
    const map = await menuOf(admin);
    expect(map.filter((g) => ['admin', 'power', 'role'].includes(String(g.name)))).toEqual([]);
    const staff = group(map, 'staff');
    expect(staff).toMatchObject({ path: '/staff', redirect: '/admin/list', meta: { title: 'shell:menu.group.staff', icon: 'team' } });
    expect(shown(staff)).toEqual(['/admin/list', '/role/list', '/masterdata/staffLevel', '/power/list', '/power/staffList']);
    // the former read-only summary: still a route (its address goes on to the list), not an item
    expect(hidden(staff)).toEqual(['/staff/list']);
    const masterdata = group(map, 'masterdata');
    expect(shown(masterdata)).not.toContain('/masterdata/staffLevel');
    expect(hidden(masterdata)).toContain('/masterdata/staffInfo');
    expect(shown(group(map, 'system'))).toContain('/admin/log');
  });

  it("gives the manager the staff list and the levels, not the roles' or permissions' pages", async () => {
    expect(shown(group(await menuOf(manager), 'staff'))).toEqual(['/admin/list', '/masterdata/staffLevel']);
    expect(group(await menuOf(clerk), 'staff')).toBeUndefined();
  });
});

describe('the staff routes keep their keys', () => {
  it('lets the manager read the staff list but neither create staff nor read roles; the clerk reads neither', async () => {
    const page = dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: manager, query: { pageSize: 50 } }));
    expect(page.items.map((s) => s.username).sort()).toEqual(['accountant', 'admin', 'clerk', 'collector', 'manager']);
    const created = await call(t.app, 'POST', '/staff', {
      token: manager,
      body: { username: 'newbie', password: 'Harbour#2026', name: 'New', mobile: '91234567', defaultLanguage: 'zh-TW', storeIds: [1], defaultStoreId: 1, roleIds: [2] },
    });
    expect(created.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/roles', { token: manager })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/staff', { token: clerk })).statusCode).toBe(403);
    expect((await t.pool.query(`select 1 from staff where username = 'newbie'`)).rowCount).toBe(0);
  });
});

describe('the migration', () => {
  it("moves an installation's permission rows, custom ones included, and keeps a summary reader's staff list", async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const dir = path.join(here, '../../drizzle');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_staff_and_roles_menu.sql'))!;
    const migration = fs.readFileSync(path.join(dir, file), 'utf8');
    // an installation as it was: the old groups, a custom key in Power, a role holding only the summary
    await t.pool.query(`update permissions set "group" = 'admin' where key like 'admin.%'`);
    await t.pool.query(`update permissions set "group" = 'masterdata', menu_hidden = false where key like 'masterdata.staffLevel.%' or key = 'masterdata.staffInfo'`);
    await t.pool.query(`update permissions set "group" = 'role' where key like 'role.%'`);
    await t.pool.query(`insert into permissions (key, name, "group", sort) values ('power.export', 'Export grants', 'power', 530)`);
    const { rows } = await t.pool.query<{ id: number }>(`insert into roles (name, description) values ('summary reader', 'Reads the staff summary') returning id`);
    const reader = rows[0]!.id;
    await t.pool.query(`insert into role_permissions (role_id, permission_key) values ($1, 'masterdata.staffInfo')`, [reader]);

    for (const statement of migration.split('--> statement-breakpoint')) await t.pool.query(statement);

    const groups = await t.pool.query<{ key: string; group: string; menu_hidden: boolean }>(
      `select key, "group", menu_hidden from permissions where key in ('admin.list', 'admin.log', 'role.update', 'power.export', 'masterdata.staffLevel.create', 'masterdata.staffInfo') order by key`,
    );
    expect(groups.rows).toEqual([
      { key: 'admin.list', group: 'staff', menu_hidden: false },
      { key: 'admin.log', group: 'system', menu_hidden: false },
      { key: 'masterdata.staffInfo', group: 'masterdata', menu_hidden: true },
      { key: 'masterdata.staffLevel.create', group: 'staff', menu_hidden: false },
      { key: 'power.export', group: 'staff', menu_hidden: false },
      { key: 'role.update', group: 'staff', menu_hidden: false },
    ]);
    const granted = await t.pool.query<{ permission_key: string }>(`select permission_key from role_permissions where role_id = $1 order by permission_key`, [reader]);
    expect(granted.rows.map((r) => r.permission_key)).toEqual(['admin.list', 'masterdata.staffInfo']);
  });
});
