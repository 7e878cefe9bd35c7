import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs, tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { idOf, storeIds } from './helpers.js';

/**
 * Issue 26 item 9, OWASP ASVS 5.0 L2: at least 12 characters (a setting may raise it), not a common
 * password, no composition rules; a password an administrator sets must be changed at the first
 * login, and until then the session may only change it. The demo accounts keep `demo1234`.
 */
let t: TestApp;
let admin: string;
let clerkRole: number;
let mongKok: number;

const person = (username: string, mobile: string, password: string) => ({
  username, name: username, password, mobile, storeIds: [mongKok], defaultStoreId: mongKok, roleIds: [clerkRole],
});
const create = (body: Record<string, unknown>) => call(t.app, 'POST', '/staff', { token: admin, body, lang: 'en' });
const fieldMessage = (res: { body: unknown }) => (res.body as { errors?: { field: string; message: string }[] }).errors?.find((e) => e.field === 'password')?.message;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  clerkRole = await idOf(t, 'roles', 'name', 'clerk');
  mongKok = (await storeIds(t)).mongKok;
});
afterAll(() => t.close());

describe('the policy', () => {
  it('refuses 11 characters and accepts exactly 12, whatever the characters (no composition rule)', async () => {
    const short = await create(person('pwshort', '51110001', 'abcdefghijk'));
    expect(short.statusCode).toBe(400);
    expect(fieldMessage(short)).toBe('Password must be at least 12 characters');
    const zh = await call(t.app, 'POST', '/staff', { token: admin, body: person('pwshort', '51110001', 'abcdefghijk') });
    expect(fieldMessage(zh)).toBe('密碼至少 12 個字元');
    expect((await create(person('pwtwelve', '51110002', 'abcdefghijkl'))).statusCode).toBe(200);
    // twelve Chinese characters count as twelve
    expect((await create(person('pwchinese', '51110003', '海港城的夜景真係好靚呀呀'))).statusCode).toBe(200);
  });

  it('refuses a common password whatever its case', async () => {
    for (const password of ['password1234', 'PASSWORD1234', 'qwertyuiop12']) {
      const res = await create(person('pwcommon', '51110004', password));
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res)).toBe('This password is too common. Choose a longer phrase of your own');
    }
  });

  it('follows the minimum length setting upward, never below 12', async () => {
    await t.pool.query(`insert into settings (key, value) values ('passwordMinLength', '16') on conflict (key) do update set value = '16'`);
    try {
      const res = await create(person('pwsixteen', '51110005', 'abcdefghijklmno'));
      expect(fieldMessage(res)).toBe('Password must be at least 16 characters');
      expect((await create(person('pwsixteen', '51110005', 'abcdefghijklmnop'))).statusCode).toBe(200);
    } finally {
      await t.pool.query(`update settings set value = '12' where key = 'passwordMinLength'`);
    }
    const low = await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...(dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: admin })) as object), passwordMinLength: 8 }, lang: 'en' });
    expect(low.statusCode).toBe(400);
  });
});

describe('a password set by an administrator', () => {
  it('must be changed at the first login: the login says so and every other call is refused until it is', async () => {
    expect((await create(person('newhire', '51110006', 'handed-over-1'))).statusCode).toBe(200);
    const first = await loginAs(t.app, 'newhire', 'handed-over-1');
    expect((first as { password_must_change?: boolean }).password_must_change).toBe(true);
    const token = first.access_token;
    for (const [method, url] of [['GET', '/customers'], ['GET', '/adminModify'], ['GET', '/loans'], ['POST', '/adminModify']] as const) {
      const res = await call(t.app, method, url, { token, lang: 'en', ...(method === 'POST' ? { body: { name: 'x', mobile: '51110006' } } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.body).toMatchObject({ message: 'Please change the password you were given before you continue' });
    }
    expect((await call(t.app, 'GET', '/userInfo', { token })).statusCode).toBe(200);

    const change = (body: Record<string, string>) => call(t.app, 'POST', '/changePassword', { token, body, lang: 'en' });
    const wrong = await change({ currentPassword: 'not-the-one-1', password: 'my own harbour phrase' });
    expect(wrong.statusCode).toBe(400);
    const same = await change({ currentPassword: 'handed-over-1', password: 'handed-over-1' });
    expect(fieldMessage(same)).toBe('The new password must differ from the current one');
    expect(fieldMessage(await change({ currentPassword: 'handed-over-1', password: 'short' }))).toBe('Password must be at least 12 characters');
    const done = await change({ currentPassword: 'handed-over-1', password: 'my own harbour phrase' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toMatchObject({ result: 'success', message: expect.any(String) });
    // the same session now works, and the next login is an ordinary one
    expect((await call(t.app, 'GET', '/customers', { token })).statusCode).toBe(200);
    const next = await loginAs(t.app, 'newhire', 'my own harbour phrase');
    expect((next as { password_must_change?: boolean }).password_must_change).toBeUndefined();
    expect((await tryLogin(t.app, 'newhire', 'handed-over-1')).body.result).toBe('error');
    const { rows } = await t.pool.query<{ after: unknown }>(`select after from audit_log where module = 'adminModify' order by id desc limit 1`);
    expect(rows[0]!.after).toEqual({ passwordChanged: true, wasSetByAdministrator: true });
  });

  it('a reset by an administrator sets the flag again', async () => {
    const id = await idOf(t, 'staff', 'username', 'newhire');
    const { rows } = await t.pool.query<{ must: boolean }>('select password_must_change as must from staff where id = $1', [id]);
    expect(rows[0]!.must).toBe(false);
    const current = dataOf(await call<Record<string, unknown>>(t.app, 'GET', `/staff/${id}`, { token: admin }));
    const res = await call(t.app, 'PUT', `/staff/${id}`, {
      token: admin,
      body: { username: 'newhire', name: 'newhire', password: 'reset-by-admin-2', storeIds: [mongKok], defaultStoreId: mongKok, roleIds: [clerkRole], levelId: current.levelId ?? null },
      lang: 'en',
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const again = await loginAs(t.app, 'newhire', 'reset-by-admin-2');
    expect((again as { password_must_change?: boolean }).password_must_change).toBe(true);
  });
});

describe('the demo accounts', () => {
  it('log in with demo1234 as the README says, without being asked to change it', async () => {
    for (const username of ['admin', 'manager', 'clerk', 'collector', 'accountant']) {
      const tokens = await loginAs(t.app, username, 'demo1234');
      expect((tokens as { password_must_change?: boolean }).password_must_change).toBeUndefined();
      expect((await call(t.app, 'GET', '/adminModify', { token: tokens.access_token })).statusCode).toBe(200);
    }
  });
});
