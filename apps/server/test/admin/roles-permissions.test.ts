import type { Page, PermissionItem, PermissionTree, RoleItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, idOf, messageOf, rowCount, tokenOf } from './helpers.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
});
afterAll(() => t.close());

const role = (over: Record<string, unknown> = {}) => ({
  name: 'auditor',
  description: 'Reads the logs',
  permissions: ['admin.log', 'stores.log'],
  ...over,
});

describe('roles', () => {
  it('creates, reads, lists, edits and deletes a role, one audit row per change', async () => {
    const before = await auditCount(t);
    const created = dataOf(await call<RoleItem>(t.app, 'POST', '/roles', { token: admin, body: role() }));
    expect(created).toMatchObject({ name: 'auditor', permissions: ['admin.log', 'stores.log'], allStores: false, staffCount: 0 });
    expect(dataOf(await call<RoleItem>(t.app, 'GET', `/roles/${created.id}`, { token: admin })).name).toBe('auditor');
    const listed = dataOf(await call<Page<RoleItem>>(t.app, 'GET', '/roles', { token: admin, query: { name: 'audit' } }));
    expect(listed.items.map((r) => r.name)).toEqual(['auditor']);
    const sorted = dataOf(await call<Page<RoleItem>>(t.app, 'GET', '/roles', { token: admin, query: { sort: 'name:asc' } }));
    expect(sorted.items.map((r) => r.name)).toEqual([...sorted.items.map((r) => r.name)].sort());

    const edited = dataOf(
      await call<RoleItem>(t.app, 'PUT', `/roles/${created.id}`, { token: admin, body: role({ name: 'log reader', permissions: ['admin.log'] }) }),
    );
    expect(edited).toMatchObject({ name: 'log reader', permissions: ['admin.log'] });
    const gone = await call(t.app, 'DELETE', `/roles/${created.id}`, { token: admin, lang: 'en' });
    expect(gone.body).toMatchObject({ result: 'success', message: 'Deleted' });
    expect((await call(t.app, 'GET', `/roles/${created.id}`, { token: admin })).statusCode).toBe(404);
    expect(await auditCount(t)).toBe(before + 3);
  });

  it('requires name, description and permissions, with the spec messages', async () => {
    const count = await rowCount(t, 'roles');
    const empty = await call(t.app, 'POST', '/roles', { token: admin, body: { name: '', description: '', permissions: [] }, lang: 'en' });
    expectFieldErrors(empty, ['name', 'description', 'permissions']);
    expect(messageOf(empty, 'permissions')).toBe('Permissions are required');
    expectFieldErrors(await call(t.app, 'POST', '/roles', { token: admin, body: {}, lang: 'en' }), ['name', 'description', 'permissions']);
    expectFieldErrors(await call(t.app, 'POST', '/roles', { token: admin, body: role({ permissions: ['no.such.key'] }), lang: 'en' }), ['permissions']);
    expect(await rowCount(t, 'roles')).toBe(count);
  });

  it('answers 409 for a duplicate name and for deleting a role in use', async () => {
    const dup = await call(t.app, 'POST', '/roles', { token: admin, body: role({ name: 'Clerk' }), lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup, 'name')).toMatch(/Duplicate name/);
    const clerkRole = await idOf(t, 'roles', 'name', 'clerk');
    const inUse = await call(t.app, 'DELETE', `/roles/${clerkRole}`, { token: admin, lang: 'en' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.body).toMatchObject({ message: 'The role is assigned to staff and cannot be deleted' });
    expect(await rowCount(t, 'roles')).toBe(4);
  });

  it('is refused (403) without the role keys, and cannot grant more than the caller holds', async () => {
    const clerk = await tokenOf(t, 'clerk');
    expect((await call(t.app, 'GET', '/roles', { token: clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/roles', { token: clerk, body: role() })).statusCode).toBe(403);
    // A role editor holding only the role keys cannot hand out the staff keys.
    const editor = dataOf(
      await call<RoleItem>(t.app, 'POST', '/roles', { token: admin, body: role({ name: 'role editor', permissions: ['role.list', 'role.create'] }) }),
    );
    await t.pool.query(`insert into staff_roles (staff_id, role_id) select id, $1 from staff where username = 'collector'`, [editor.id]);
    const collector = await tokenOf(t, 'collector');
    const beyond = await call(t.app, 'POST', '/roles', { token: collector, body: role({ name: 'escalate', permissions: ['admin.list'] }), lang: 'en' });
    expectFieldErrors(beyond, ['permissions']);
    const within = await call(t.app, 'POST', '/roles', { token: collector, body: role({ name: 'viewer', permissions: ['role.list'] }) });
    expect(within.statusCode).toBe(200);
  });
});

describe('permission catalogue', () => {
  it('lists the catalogue with filters and gives the role editor its grouped tree', async () => {
    const page = dataOf(await call<Page<PermissionItem>>(t.app, 'GET', '/permissions', { token: admin, query: { group: 'staff', pageSize: 100 } }));
    expect(page.items.map((p) => p.key)).toEqual(expect.arrayContaining(['admin.list', 'admin.create', 'role.list', 'power.list', 'masterdata.staffLevel.list']));
    expect(page.items.every((p) => p.group === 'staff' && p.source === 'catalogue')).toBe(true);
    const tree = dataOf(await call<PermissionTree>(t.app, 'GET', '/permissions/tree', { token: admin }));
    expect(tree[0]!.group).toBe('dashboard');
    const staffGroup = tree.find((g) => g.group === 'staff')!;
    expect(staffGroup.permissions.map((p) => p.key)).toContain('staff.reveal');
    const clerk = await tokenOf(t, 'clerk');
    expect((await call(t.app, 'GET', '/permissions', { token: clerk })).statusCode).toBe(403);
  });

  it('adds, edits and deletes an editor-made permission', async () => {
    const created = dataOf(
      await call<PermissionItem>(t.app, 'POST', '/permissions', {
        token: admin,
        body: { key: 'reports.custom', name: 'Custom report', api: ['GET /reports/custom'], group: 'reports', sort: 999 },
      }),
    );
    expect(created).toMatchObject({ key: 'reports.custom', source: 'custom', state: 'normal', api: ['GET /reports/custom'] });
    const edited = dataOf(
      await call<PermissionItem>(t.app, 'PUT', `/permissions/${created.id}`, {
        token: admin,
        body: { key: 'reports.custom', name: 'Custom report', api: [], group: 'reports', state: 'disabled' },
      }),
    );
    expect(edited).toMatchObject({ api: [], state: 'disabled' });
    expect((await call(t.app, 'DELETE', `/permissions/${created.id}`, { token: admin })).statusCode).toBe(200);
  });

  it('checks name, API and group, and refuses duplicates and catalogue deletions', async () => {
    const count = await rowCount(t, 'permissions');
    const noName = await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'x.y', name: '', group: 'tools' }, lang: 'en' });
    expect(messageOf(noName, 'name')).toBe('Permission name is required');
    const neither = await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'x.y', name: 'X' }, lang: 'en' });
    expect(messageOf(neither, 'api')).toBe('Fill in the API or the group');
    const blank = await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'x.y', name: 'X', api: ['  '] }, lang: 'en' });
    expectFieldErrors(blank, ['api.0']);
    expect(messageOf(blank, 'api.0')).toBe('API cannot be empty');
    expectFieldErrors(await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'x.y', name: 'X', api: ['fetch things'] }, lang: 'en' }), ['api.0']);
    expectFieldErrors(await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'bad key', name: 'X', group: 'tools' }, lang: 'en' }), ['key']);
    expect(await rowCount(t, 'permissions')).toBe(count);

    const dup = await call(t.app, 'POST', '/permissions', { token: admin, body: { key: 'admin.list', name: 'Again', group: 'staff' }, lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup, 'key')).toMatch(/Duplicate name/);
    const adminList = (await t.pool.query(`select id from permissions where key = 'admin.list'`)).rows[0].id as number;
    expect((await call(t.app, 'DELETE', `/permissions/${adminList}`, { token: admin })).statusCode).toBe(422);
    const rename = await call(t.app, 'PUT', `/permissions/${adminList}`, { token: admin, body: { key: 'admin.renamed', name: 'X', group: 'staff' }, lang: 'en' });
    expectFieldErrors(rename, ['key']);
  });

  it('refreshes the catalogue from the code and the registered routes', async () => {
    await t.pool.query(`update permissions set api = '[]'::jsonb, sort = 0 where key = 'admin.list'`);
    await t.pool.query(`delete from permissions where key = 'power.refresh'`);
    const before = await auditCount(t);
    const res = await call<{ added: number; updated: number; total: number }>(t.app, 'POST', '/permissions/refresh', { token: admin, lang: 'en' });
    expect(res.body).toMatchObject({ result: 'success', message: 'Permissions refreshed' });
    const out = dataOf(res);
    expect(out.added).toBe(1);
    expect(out.updated).toBeGreaterThanOrEqual(1);
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query(`select api, sort from permissions where key = 'admin.list'`);
    expect(rows[0].api).toEqual(expect.arrayContaining(['GET /staff', 'GET /staff/{id}']));
    expect(rows[0].sort).toBe(500);
    const routes = (await t.pool.query(`select api from permissions where key = 'stores.list'`)).rows[0].api as string[];
    expect(routes).toEqual(expect.arrayContaining(['GET /stores', 'GET /stores/{id}']));
    // again at once: every row is already as the code and the routes have it, and none is written
    const stamp = (await t.pool.query(`select max(updated_at) as at from permissions`)).rows[0].at as Date;
    const again = dataOf(await call<{ added: number; updated: number; total: number }>(t.app, 'POST', '/permissions/refresh', { token: admin, lang: 'en' }));
    expect(again).toMatchObject({ added: 0, updated: 0, total: out.total });
    expect((await t.pool.query(`select max(updated_at) as at from permissions`)).rows[0].at).toEqual(stamp);
  });
});
