import type { Page, StaffItem } from '@harbour/contracts';
import { hkidCheckDigit } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, call, dataOf, expectFieldErrors, idOf, messageOf, rowCount, storeIds, tokenOf } from './helpers.js';

let t: TestApp;
let admin: string;
let stores: Awaited<ReturnType<typeof storeIds>>;
let clerkRole: number;
let officerLevel: number;

/** A valid HKID for prefix + 6 digits (the check digit from the domain's rule). */
const hkid = (prefix: string, digits: string) => `${prefix}${digits}(${hkidCheckDigit(prefix, digits)})`;

const newStaff = (over: Record<string, unknown> = {}) => ({
  username: 'amychan',
  name: 'Amy Chan',
  password: 'secret1-harbour',
  mobile: '9123 4567',
  email: 'Amy@Harbour.HK',
  hkid: 'a1234563',
  storeIds: [stores.mongKok, stores.kwunTong],
  defaultStoreId: stores.mongKok,
  roleIds: [clerkRole],
  defaultLanguage: 'en',
  levelId: officerLevel,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenOf(t, 'admin');
  stores = await storeIds(t);
  clerkRole = await idOf(t, 'roles', 'name', 'clerk');
  officerLevel = Number((await t.pool.query(`select id from staff_levels where name_en = 'Loan officer'`)).rows[0].id);
});
afterAll(() => t.close());

describe('creating staff', () => {
  it('creates a staff member with normalised numbers and one audit row', async () => {
    const before = await auditCount(t);
    const res = await call<StaffItem>(t.app, 'POST', '/staff', { token: admin, body: newStaff(), lang: 'en' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', message: 'Created' });
    const item = dataOf(res);
    expect(item).toMatchObject({
      username: 'amychan',
      mobile: '****4567',
      hkid: '****4563',
      email: 'Amy@harbour.hk',
      masked: true,
      canReveal: true,
      state: 'normal',
      defaultStoreId: stores.mongKok,
      levelId: officerLevel,
      levelName: 'Loan officer',
      maxApprovedAmount: '100000.00',
      approvalUnlimited: false,
      defaultLanguage: 'en',
    });
    expect(item.stores.map((s) => s.id)).toEqual([stores.mongKok, stores.kwunTong]);
    expect(item.roles.map((r) => r.name)).toEqual(['clerk']);
    // Stored normalised; the answer only ever carries them masked.
    const { rows: stored } = await t.pool.query('select mobile, hkid from staff where id = $1', [item.id]);
    expect(stored[0]).toEqual({ mobile: '91234567', hkid: 'A123456(3)' });
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query('select action, module, reference, after from audit_log order by id desc limit 1');
    expect(rows[0]).toMatchObject({ action: 'add', module: 'staff', reference: String(item.id) });
    // The log keeps neither the password hash nor the whole personal numbers.
    expect(JSON.stringify(rows[0].after)).not.toContain('argon2');
    expect(rows[0].after.mobile).toBe('****4567');
    // The new account logs in with its password.
    expect((await tryLogin(t.app, 'amychan', 'secret1-harbour')).statusCode).toBe(200);
  });

  it('refuses every invalid field with a translated field message and changes nothing', async () => {
    const count = await rowCount(t, 'staff');
    const audits = await auditCount(t);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ username: 'abc' }, ['username']],
      [{ username: 'a'.repeat(17) }, ['username']],
      [{ username: 'has space' }, ['username']],
      [{ name: 'A' }, ['name']],
      [{ name: 'N'.repeat(17) }, ['name']],
      [{ password: '1234' }, ['password']],
      [{ password: '' }, ['password']],
      [{ password: undefined }, ['password']],
      [{ mobile: '1234' }, ['mobile']],
      [{ mobile: '' }, ['mobile']],
      [{ mobile: undefined }, ['mobile']],
      [{ hkid: 'A1234567' }, ['hkid']],
      [{ email: 'amy@' }, ['email']],
      // No store chosen: the default store cannot be among them either.
      [{ storeIds: [] }, ['storeIds', 'defaultStoreId']],
      [{ roleIds: [] }, ['roleIds']],
      [{ defaultStoreId: stores.tsuenWan }, ['defaultStoreId']],
      [{ levelId: 999_999 }, ['levelId']],
      [{ levelId: 'L2' }, ['levelId']],
      [{ employmentDate: '2026-13-01' }, ['employmentDate']],
      [{ defaultLanguage: 'fr' }, ['defaultLanguage']],
      [{ storeIds: [999_999], defaultStoreId: 999_999 }, ['storeIds']],
      [{ roleIds: [999_999] }, ['roleIds']],
    ];
    for (const [over, fields] of cases) {
      const body = newStaff({ username: 'victor', mobile: '61234567', hkid: null, ...over });
      const res = await call(t.app, 'POST', '/staff', { token: admin, body, lang: 'en' });
      expectFieldErrors(res, fields);
    }
    expect(await rowCount(t, 'staff')).toBe(count);
    expect(await auditCount(t)).toBe(audits);
  });

  it('speaks the spec messages in every language', async () => {
    const body = newStaff({ username: 'victor', mobile: '61234567', hkid: null, storeIds: [], roleIds: [] });
    const en = await call(t.app, 'POST', '/staff', { token: admin, body, lang: 'en' });
    expect(messageOf(en, 'storeIds')).toBe('Stores must be selected');
    expect(messageOf(en, 'roleIds')).toBe('Role must be selected');
    const tw = await call(t.app, 'POST', '/staff', { token: admin, body });
    expect(messageOf(tw, 'roleIds')).toMatch(/角色/);
    const cn = await call(t.app, 'POST', '/staff', { token: admin, body, lang: 'zh-CN' });
    expect(messageOf(cn, 'storeIds')).toMatch(/分店/);
    expect(messageOf(cn, 'storeIds')).not.toBe(messageOf(tw, 'storeIds'));
  });

  it('answers 409 for a used username, mobile or HKID', async () => {
    const count = await rowCount(t, 'staff');
    const sameName = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'AMYCHAN', mobile: '51234567', hkid: null }), lang: 'en' });
    expect(sameName.statusCode).toBe(409);
    expect(messageOf(sameName, 'username')).toMatch(/Duplicate name/);

    const sameMobile = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'bobby', mobile: '+852 9123-4567', hkid: null }), lang: 'en' });
    expect(sameMobile.statusCode).toBe(409);
    expect(messageOf(sameMobile, 'mobile')).toBe('ID or mobile already used');

    const sameId = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'bobby', mobile: '51234567', hkid: 'A123456(3)' }), lang: 'en' });
    expect(sameId.statusCode).toBe(409);
    expect(messageOf(sameId, 'hkid')).toBe('ID or mobile already used');
    expect(await rowCount(t, 'staff')).toBe(count);
  });

  it('refuses a password under 12 characters or a common one, with no rule on which characters (OWASP ASVS 5.0)', async () => {
    const short = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'weakpw', mobile: '51234568', hkid: null, password: 'abcd1234' }), lang: 'en' });
    expect(messageOf(short, 'password')).toBe('Password must be at least 12 characters');
    const common = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'weakpw', mobile: '51234568', hkid: null, password: 'Password1234' }), lang: 'en' });
    expect(messageOf(common, 'password')).toBe('This password is too common. Choose a longer phrase of your own');
    // letters only, no digit, no symbol: allowed
    const plain = await call(t.app, 'POST', '/staff', { token: admin, body: newStaff({ username: 'strongpw', mobile: '51234568', hkid: null, password: 'harbourlights' }) });
    expect(plain.statusCode).toBe(200);
  });
});

describe('the staff list', () => {
  it('filters by name, username, mobile, role, store and state, sorts and pages', async () => {
    const list = async (query: Record<string, string | number>) =>
      dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: admin, query }));
    expect((await list({ username: 'clerk' })).items.map((s) => s.username)).toEqual(['clerk']);
    expect((await list({ name: 'amy' })).items.map((s) => s.username).sort()).toEqual(['amychan', 'strongpw']);
    // Masked fields filter by the whole number only (security/oracles.test.ts).
    expect((await list({ mobile: '9123-4567' })).items.map((s) => s.username)).toEqual(['amychan']);
    const clerks = (await list({ roleId: clerkRole })).items.map((s) => s.username).sort();
    expect(clerks).toEqual(['amychan', 'clerk', 'strongpw']);
    const tsuenWan = (await list({ storeId: stores.tsuenWan })).items.map((s) => s.username).sort();
    expect(tsuenWan).toEqual(['accountant', 'admin', 'manager']);
    expect((await list({ state: 'forbidden' })).total).toBe(0);

    const byName = await list({ sort: 'username:desc', pageSize: 2, page: 2 });
    const all = (await list({ sort: 'username:desc', pageSize: 100 })).items.map((s) => s.username);
    expect(byName.total).toBe(all.length);
    expect(byName.items.map((s) => s.username)).toEqual(all.slice(2, 4));
    expect([...all].sort().reverse()).toEqual(all);

    const bad = await call(t.app, 'GET', '/staff', { token: admin, query: { pageSize: 1000 } });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused (403) to a role without the key', async () => {
    const clerk = await tokenOf(t, 'clerk');
    expect((await call(t.app, 'GET', '/staff', { token: clerk })).statusCode).toBe(403);
    const amy = await idOf(t, 'staff', 'username', 'amychan');
    const edit = await call(t.app, 'PUT', `/staff/${amy}`, { token: clerk, body: newStaff() });
    expect(edit.statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/staff/${amy}/state`, { token: clerk, body: { state: 'forbidden' } })).statusCode).toBe(403);
  });
});

describe('editing, forbidding and restoring', () => {
  it('edits without touching the password when none is given', async () => {
    const amy = await idOf(t, 'staff', 'username', 'amychan');
    const res = await call<StaffItem>(t.app, 'PUT', `/staff/${amy}`, {
      token: admin,
      body: newStaff({ name: 'Amy Wong', password: '', storeIds: [stores.kwunTong], defaultStoreId: stores.kwunTong, hkid: '' }),
    });
    const item = dataOf(res);
    expect(item).toMatchObject({ name: 'Amy Wong', hkid: null, defaultStoreId: stores.kwunTong });
    expect(item.stores.map((s) => s.id)).toEqual([stores.kwunTong]);
    expect((await tryLogin(t.app, 'amychan', 'secret1-harbour')).statusCode).toBe(200);
    const { rows } = await t.pool.query(`select before, after from audit_log where module = 'staff' and action = 'edit' order by id desc limit 1`);
    expect(rows[0].before.name).toBe('Amy Chan');
    expect(rows[0].after).toMatchObject({ name: 'Amy Wong', passwordChanged: false, storeIds: [stores.kwunTong] });
  });

  it('ends the sessions of a staff member whose password an administrator changes', async () => {
    const accountant = await idOf(t, 'staff', 'username', 'accountant');
    const session = await tokenOf(t, 'accountant');
    expect((await call(t.app, 'GET', '/userInfo', { token: session })).statusCode).toBe(200);
    const body = newStaff({
      username: 'accountant',
      name: '黃會計',
      mobile: '52345678',
      hkid: null,
      password: 'newpass9-harbour',
      storeIds: [stores.mongKok, stores.kwunTong, stores.tsuenWan],
      roleIds: [await idOf(t, 'roles', 'name', 'accountant')],
    });
    expect((await call(t.app, 'PUT', `/staff/${accountant}`, { token: admin, body })).statusCode).toBe(200);
    const after = await call(t.app, 'GET', '/userInfo', { token: session });
    expect(after.statusCode).toBe(401);
    expect(after.body).toMatchObject({ status: 50003 });
    expect((await tryLogin(t.app, 'accountant', 'demo1234')).statusCode).toBe(401);
    expect((await tryLogin(t.app, 'accountant', 'newpass9-harbour')).statusCode).toBe(200);
  });

  it('forbidding ends the member’s session and refuses logins until restored', async () => {
    const clerkId = await idOf(t, 'staff', 'username', 'clerk');
    const session = await tokenOf(t, 'clerk');
    const forbid = await call<StaffItem>(t.app, 'POST', `/staff/${clerkId}/state`, { token: admin, body: { state: 'forbidden' }, lang: 'en' });
    expect(forbid.body).toMatchObject({ result: 'success', message: 'Status changed', data: { state: 'forbidden' } });
    const ended = await call(t.app, 'GET', '/userInfo', { token: session });
    expect(ended.statusCode).toBe(401);
    expect(ended.body).toMatchObject({ status: 50003 });
    expect((await tryLogin(t.app, 'clerk')).statusCode).toBe(401); // like a wrong password
    const { rows } = await t.pool.query(`select count(*)::int as n from sessions where staff_id = $1 and revoked_at is null`, [clerkId]);
    expect(rows[0].n).toBe(0);

    const restore = await call<StaffItem>(t.app, 'POST', `/staff/${clerkId}/state`, { token: admin, body: { state: 'normal' } });
    expect(dataOf(restore).state).toBe('normal');
    expect((await tryLogin(t.app, 'clerk')).statusCode).toBe(200);
  });

  it('will not let an administrator forbid their own account', async () => {
    const res = await call(t.app, 'POST', '/staff/1/state', { token: admin, body: { state: 'forbidden' }, lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(await t.pool.query(`select state from staff where id = 1`).then((r) => r.rows[0].state)).toBe('normal');
  });
});

describe('store scope, masking and reveal', () => {
  let branchToken: string;
  let collectorId: number;

  beforeAll(async () => {
    // A Kwun Tong administrator: staff keys, no all-stores reach, no reveal permission.
    const role = dataOf(
      await call<{ id: number }>(t.app, 'POST', '/roles', {
        token: admin,
        body: { name: 'branch admin', description: 'Staff of one branch', permissions: ['admin.list', 'admin.create', 'admin.update', 'admin.state'] },
      }),
    );
    await call(t.app, 'POST', '/staff', {
      token: admin,
      body: newStaff({ username: 'ktadmin', mobile: '53456789', hkid: null, password: 'ktpass1-harbour', storeIds: [stores.kwunTong], defaultStoreId: stores.kwunTong, roleIds: [role.id] }),
    });
    branchToken = await tokenOf(t, 'ktadmin', 'ktpass1-harbour');
    collectorId = await idOf(t, 'staff', 'username', 'collector');
    await t.pool.query(`update staff set mobile = '98765432', hkid = $2 where id = $1`, [collectorId, hkid('B', '987654')]);
  });

  it('answers 404 for staff of another store and lists only the current store’s staff', async () => {
    const clerkId = await idOf(t, 'staff', 'username', 'clerk');
    expect((await call(t.app, 'GET', `/staff/${clerkId}`, { token: branchToken })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/staff/${clerkId}/state`, { token: branchToken, body: { state: 'forbidden' } })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/staff/${collectorId}`, { token: branchToken })).statusCode).toBe(200);
    const listed = dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: branchToken, query: { pageSize: 100 } }));
    expect(listed.items.every((s) => s.stores.some((st) => st.id === stores.kwunTong))).toBe(true);
    expect(listed.items.map((s) => s.username)).not.toContain('clerk');
  });

  it('refuses to hand out stores or permissions the caller does not have', async () => {
    const managerRole = await idOf(t, 'roles', 'name', 'manager');
    const res = await call(t.app, 'POST', '/staff', {
      token: branchToken,
      body: newStaff({ username: 'sneaky', mobile: '54567890', hkid: null, storeIds: [stores.tsuenWan], defaultStoreId: stores.tsuenWan, roleIds: [managerRole] }),
      lang: 'en',
    });
    expectFieldErrors(res, ['storeIds', 'roleIds']);
    const superAdmin = await call(t.app, 'PUT', '/staff/1', { token: branchToken, body: newStaff({ username: 'admin' }) });
    expect(superAdmin.statusCode).toBe(403);
  });

  it('refuses a branch administrator any change to a colleague who also works in a store the administrator does not', async () => {
    // The collector may log into Mong Kok as well as Kwun Tong: beyond the Kwun Tong administrator's reach.
    const collectorRole = await idOf(t, 'roles', 'name', 'collector');
    const body = { username: 'collector', name: '張收數', storeIds: [stores.mongKok, stores.kwunTong], defaultStoreId: stores.kwunTong, roleIds: [collectorRole] };
    const before = (await t.pool.query('select * from staff where id = $1', [collectorId])).rows[0];
    const refused = await call(t.app, 'PUT', `/staff/${collectorId}`, { token: branchToken, body: { ...body, password: 'taken0ver-harbour' }, lang: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ message: 'This staff member or role holds permissions or stores you do not have; ask someone who holds them' });
    expect((await call(t.app, 'POST', `/staff/${collectorId}/state`, { token: branchToken, body: { state: 'forbidden' } })).statusCode).toBe(403);
    expect((await t.pool.query('select * from staff where id = $1', [collectorId])).rows[0]).toEqual(before);
  });

  it('lets a branch administrator edit a colleague of their own branch, keeping masked numbers as stored', async () => {
    const branchRole = await idOf(t, 'roles', 'name', 'branch admin');
    const managerRole = await idOf(t, 'roles', 'name', 'manager');
    const created = dataOf(
      await call<StaffItem>(t.app, 'POST', '/staff', {
        token: admin,
        body: newStaff({ username: 'ktclerk', mobile: '56789012', hkid: hkid('C', '123456'), storeIds: [stores.kwunTong], defaultStoreId: stores.kwunTong, roleIds: [branchRole] }),
      }),
    );
    const body = { username: 'ktclerk', name: '觀塘文員', storeIds: [stores.kwunTong], defaultStoreId: stores.kwunTong, roleIds: [branchRole] };
    // Mobile and HKID left out (the branch admin only saw them masked): both stay as stored.
    const saved = await call<StaffItem>(t.app, 'PUT', `/staff/${created.id}`, { token: branchToken, body });
    // The level left out stays as it was, even one above the caller's own.
    expect(dataOf(saved)).toMatchObject({ levelId: officerLevel, mobile: '****9012' });
    const { rows } = await t.pool.query(`select mobile, hkid from staff where id = $1`, [created.id]);
    expect(rows[0]).toEqual({ mobile: '56789012', hkid: hkid('C', '123456') });
    // Adding a store or a role beyond the caller's reach is refused.
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${created.id}`, { token: branchToken, body: { ...body, storeIds: [stores.kwunTong, stores.tsuenWan] }, lang: 'en' }), ['storeIds']);
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${created.id}`, { token: branchToken, body: { ...body, roleIds: [branchRole, managerRole] }, lang: 'en' }), ['roleIds']);
    // The masked values sent back unchanged (as the edit form does) also keep the stored numbers.
    const masked = dataOf(await call<StaffItem>(t.app, 'GET', `/staff/${created.id}`, { token: branchToken }));
    const resent = await call<StaffItem>(t.app, 'PUT', `/staff/${created.id}`, { token: branchToken, body: { ...body, mobile: masked.mobile, hkid: masked.hkid } });
    expect(resent.statusCode, JSON.stringify(resent.body)).toBe(200);
    const { rows: after } = await t.pool.query(`select mobile, hkid from staff where id = $1`, [created.id]);
    expect(after[0]).toEqual({ mobile: '56789012', hkid: hkid('C', '123456') });
    // A real new number is still validated.
    expectFieldErrors(await call(t.app, 'PUT', `/staff/${created.id}`, { token: branchToken, body: { ...body, mobile: '1234' }, lang: 'en' }), ['mobile']);
  });

  it('masks HKID and mobile to the visible digits in every answer; canReveal tells who may reveal', async () => {
    const item = dataOf(await call<StaffItem>(t.app, 'GET', `/staff/${collectorId}`, { token: branchToken }));
    expect(item).toMatchObject({ masked: true, canReveal: false, mobile: '****5432' });
    expect(item.hkid).toMatch(/^\*+/);
    expect(item.hkid).not.toContain('987654');
    await t.pool.query(`insert into settings (key, value) values ('visibleTelDigits', '2') on conflict (key) do update set value = '2'`);
    const fewer = dataOf(await call<StaffItem>(t.app, 'GET', `/staff/${collectorId}`, { token: branchToken }));
    expect(fewer.mobile).toBe('******32');
    await t.pool.query(`update settings set value = '4' where key = 'visibleTelDigits'`);
    const listed = dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: branchToken, query: { username: 'collector' } }));
    expect(listed.items[0]!.mobile).toBe('****5432');
    expect(listed.items[0]!.canReveal).toBe(false);
    // Whoever may reveal (here the super admin) gets masked answers too, with canReveal: every
    // look at a whole number goes through the audited reveal.
    const one = dataOf(await call<StaffItem>(t.app, 'GET', `/staff/${collectorId}`, { token: admin }));
    expect(one).toMatchObject({ masked: true, canReveal: true, mobile: '****5432' });
    expect(one.hkid).not.toContain('987654');
    const page = dataOf(await call<Page<StaffItem>>(t.app, 'GET', '/staff', { token: admin, query: { pageSize: 100 } }));
    expect(page.items.every((s) => s.canReveal && (s.mobile === null || s.mobile.startsWith('*')))).toBe(true);
    expect(JSON.stringify(page)).not.toContain('98765432');
  });

  it('reveals a whole number only with staff.reveal, and logs every reveal', async () => {
    const refused = await call(t.app, 'POST', `/staff/${collectorId}/reveal`, { token: branchToken, body: { field: 'mobile' } });
    expect(refused.statusCode).toBe(403);
    const manager = await tokenOf(t, 'manager');
    const before = await auditCount(t);
    const res = await call(t.app, 'POST', `/staff/${collectorId}/reveal`, { token: manager, body: { field: 'hkid' } });
    expect(dataOf(res)).toEqual({ field: 'hkid', value: hkid('B', '987654') });
    expect(await auditCount(t)).toBe(before + 1);
    const { rows } = await t.pool.query(`select action, module, reference, after, staff_id from audit_log order by id desc limit 1`);
    expect(rows[0]).toMatchObject({ action: 'reveal', module: 'staff', reference: String(collectorId), after: { field: 'hkid' } });
    const mobile = await call(t.app, 'POST', `/staff/${collectorId}/reveal`, { token: admin, body: { field: 'mobile' } });
    expect(dataOf(mobile)).toEqual({ field: 'mobile', value: '98765432' });
    expect(await auditCount(t)).toBe(before + 2);
    const bad = await call(t.app, 'POST', `/staff/${collectorId}/reveal`, { token: manager, body: { field: 'password' } });
    expect(bad.statusCode).toBe(400);
  });
});
