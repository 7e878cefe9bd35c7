import type { TokenAnswer } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, captchaKey, dataOf, FIXED_CAPTCHA, loginAs, tryLogin } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let admin: TokenAnswer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const staffId = async (username: string) =>
  (await t.pool.query<{ id: number }>('select id from staff where username = $1', [username])).rows[0]!.id;
const me = (token: string, ip?: string) => call(t.app, 'GET', '/userInfo', { token, ...(ip ? { ip } : {}) });
const sessionIdOf = async (token: TokenAnswer) =>
  (await t.pool.query<{ id: number }>(`select id from sessions where access_hash = encode(sha256($1::bytea), 'hex')`, [token.access_token])).rows[0]!.id;

describe('tokens and sessions', () => {
  it('a force-logged-out (revoked) session answers 50003', async () => {
    const clerk = await loginAs(t.app, 'clerk');
    const sessionId = await sessionIdOf(clerk);
    expect((await me(clerk.access_token)).statusCode).toBe(200);
    const revoked = await call(t.app, 'POST', '/revokeToken', { token: admin.access_token, body: { sessionId } });
    expect(revoked.statusCode).toBe(200);
    const res = await me(clerk.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ result: 'error', status: 50003 });
  });

  it('an expired access token answers 50002, and refresh still works', async () => {
    const clerk = await loginAs(t.app, 'clerk');
    await t.pool.query(`update sessions set access_expires_at = now() - interval '1 second' where id = $1`, [await sessionIdOf(clerk)]);
    const res = await me(clerk.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: 50002 });
    const fresh = dataOf(await call<TokenAnswer>(t.app, 'POST', '/refreshToken', { body: { refresh_token: clerk.refresh_token } }));
    expect((await me(fresh.access_token)).statusCode).toBe(200);
  });

  it('an unknown token answers 50003', async () => {
    const res = await me('not-a-real-token');
    expect(res.body).toMatchObject({ status: 50003 });
  });

  it('re-using a rotated refresh token ends the whole session', async () => {
    const first = await loginAs(t.app, 'accountant');
    const second = dataOf(await call<TokenAnswer>(t.app, 'POST', '/refreshToken', { body: { refresh_token: first.refresh_token } }));
    expect((await me(second.access_token)).statusCode).toBe(200);
    const reuse = await call(t.app, 'POST', '/refreshToken', { body: { refresh_token: first.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.body).toMatchObject({ status: 50003 });
    // The thief's re-use also ends the legitimate holder's tokens.
    expect((await me(second.access_token)).body).toMatchObject({ status: 50003 });
    const again = await call(t.app, 'POST', '/refreshToken', { body: { refresh_token: second.refresh_token } });
    expect(again.body).toMatchObject({ status: 50003 });
  });

  it('an idle session is ended', async () => {
    const clerk = await loginAs(t.app, 'clerk');
    await t.pool.query(`update sessions set last_seen_at = now() - interval '31 minutes' where id = $1`, [await sessionIdOf(clerk)]);
    const res = await me(clerk.access_token);
    expect(res.body).toMatchObject({ status: 50003 });
  });

  it('forbidding a staff member ends their sessions and refuses their logins', async () => {
    const collector = await loginAs(t.app, 'collector');
    await t.pool.query(`update staff set state = 'forbidden' where username = 'collector'`);
    try {
      expect((await me(collector.access_token)).body).toMatchObject({ status: 50003 });
      // Refused like a wrong password (test/security/password-oracle.test.ts).
      const login = await tryLogin(t.app, 'collector');
      expect(login.statusCode).toBe(401);
    } finally {
      await t.pool.query(`update staff set state = 'normal' where username = 'collector'`);
    }
  });

  it('changing a password ends the sessions begun before it', async () => {
    const manager = await loginAs(t.app, 'manager');
    await t.pool.query(`update staff set password_changed_at = now() + interval '1 second' where username = 'manager'`);
    expect((await me(manager.access_token)).body).toMatchObject({ status: 50003 });
    await t.pool.query(`update staff set password_changed_at = null where username = 'manager'`);
  });

  it('a session whose store the staff member lost is ended', async () => {
    const collector = await loginAs(t.app, 'collector');
    const tsuenWan = (await t.pool.query<{ id: number }>(`select id from stores where name_en = 'Tsuen Wan'`)).rows[0]!.id;
    await t.pool.query('update sessions set store_id = $1 where id = $2', [tsuenWan, await sessionIdOf(collector)]);
    expect((await me(collector.access_token)).body).toMatchObject({ status: 50003 });
  });

  it('lists live sessions for those allowed, paginated', async () => {
    const list = dataOf(
      await call<{ items: { username: string; current: boolean }[]; total: number; pageSize: number }>(t.app, 'GET', '/loginUserList', {
        token: admin.access_token,
        query: { page: 1, pageSize: 10 },
      }),
    );
    expect(list.pageSize).toBe(10);
    expect(list.items.some((s) => s.username === 'admin' && s.current)).toBe(true);
    const clerk = await loginAs(t.app, 'clerk');
    expect((await call(t.app, 'GET', '/loginUserList', { token: clerk.access_token })).statusCode).toBe(403);
  });
});

describe('login defences', () => {
  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await tryLogin(t.app, 'nobody-here', 'demo1234', '10.9.0.1');
    const wrong = await tryLogin(t.app, 'clerk', 'wrong-password', '10.9.0.1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ result: 'error', status: 401 });
  });

  it('locks an account after 5 failures, even for the right password, until an administrator unlocks it', async () => {
    const ip = '10.9.0.2';
    for (let i = 0; i < 5; i++) expect((await tryLogin(t.app, 'accountant', 'bad-password', ip)).statusCode).toBe(401);
    // Locked, even the right password answers like a wrong one (test/security/password-oracle.test.ts).
    const locked = await tryLogin(t.app, 'accountant', 'demo1234', ip);
    expect(locked.statusCode).toBe(401);
    expect(locked.body).toMatchObject({ status: 401 });
    // So does an unknown name, however often it is tried: the answers tell nothing about which accounts exist.
    for (let i = 0; i < 5; i++) await tryLogin(t.app, 'ghost-user', 'bad-password', ip);
    expect((await tryLogin(t.app, 'ghost-user', 'bad-password', ip)).body).toEqual(locked.body);

    const unlock = await call(t.app, 'POST', `/staff/${await staffId('accountant')}/unlock`, { token: admin.access_token });
    expect(unlock.statusCode).toBe(200);
    expect((await tryLogin(t.app, 'accountant', 'demo1234', ip)).statusCode).toBe(200);
  });

  it('throttles an address with many failed logins', async () => {
    const ip = '10.9.0.3';
    for (let i = 0; i < 30; i++) await tryLogin(t.app, `user${i}x`, 'bad-password', ip);
    const res = await tryLogin(t.app, 'clerk', 'demo1234', ip);
    expect(res.statusCode).toBe(429);
    // Another address is not affected.
    expect((await tryLogin(t.app, 'clerk', 'demo1234', '10.9.0.4')).statusCode).toBe(200);
  });

  it('uses a captcha once and only within 5 minutes', async () => {
    const key = await captchaKey(t.app);
    const body = { type: 1, username: 'clerk', password: 'demo1234', captcha: FIXED_CAPTCHA, key };
    expect((await call(t.app, 'POST', '/login', { body })).statusCode).toBe(200);
    const reused = await call(t.app, 'POST', '/login', { body, lang: 'en' });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toMatchObject({ errors: [{ field: 'captcha' }] });

    const stale = await captchaKey(t.app);
    await t.pool.query(`update captchas set expires_at = now() - interval '1 second' where id = $1`, [stale]);
    expect((await call(t.app, 'POST', '/login', { body: { ...body, key: stale } })).statusCode).toBe(400);

    const wrong = await captchaKey(t.app);
    expect((await call(t.app, 'POST', '/login', { body: { ...body, key: wrong, captcha: '0000' } })).statusCode).toBe(400);
  });

  it('hands out captchas as SVG data URIs', async () => {
    const res = dataOf(await call<{ captcha: string; key: string }>(t.app, 'GET', '/captcha'));
    expect(res.captcha.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(res.captcha.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});

describe('access IP allowlist', () => {
  it('refuses requests and logins from addresses outside the global list', async () => {
    const token = (await loginAs(t.app, 'clerk')).access_token;
    await t.pool.query(`insert into access_ips (address) values ('10.20.0.0/16')`);
    try {
      const outside = await me(token, '192.168.1.5');
      expect(outside.statusCode).toBe(403);
      expect((await me(token, '10.20.3.4')).statusCode).toBe(200);
      // Even the login page's captcha is refused outside the list.
      expect((await call(t.app, 'GET', '/captcha', { ip: '192.168.1.5' })).statusCode).toBe(403);
      expect((await tryLogin(t.app, 'clerk', 'demo1234', '10.20.9.9')).statusCode).toBe(200);
    } finally {
      await t.pool.query('delete from access_ips');
    }
  });

  it('applies a staff member’s own list to them only', async () => {
    const clerkId = await staffId('clerk');
    await t.pool.query(`insert into access_ips (address, staff_id) values ('10.30.0.1', $1)`, [clerkId]);
    try {
      expect((await tryLogin(t.app, 'clerk', 'demo1234', '10.31.0.1')).statusCode).toBe(401);
      expect((await tryLogin(t.app, 'clerk', 'demo1234', '10.30.0.1')).statusCode).toBe(200);
      expect((await tryLogin(t.app, 'manager', 'demo1234', '10.31.0.1')).statusCode).toBe(200);
    } finally {
      await t.pool.query('delete from access_ips');
    }
  });
});
