import type { TokenAnswer, UserInfo } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from './helpers/api.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { queriesDuring } from './helpers/queries.js';

/**
 * Live sessions are cached per process (platform/session-cache.ts). A cached session is never
 * more than a shortcut: whatever ends a session through this instance applies to the very next
 * request, and so does a change made behind its back once PostgreSQL's notification has arrived.
 */
let t: TestApp;
let admin: TokenAnswer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

const me = (token: string) => call(t.app, 'GET', '/userInfo', { token });
const sessionIdOf = async (token: TokenAnswer) =>
  (await t.pool.query<{ id: number }>(`select id from sessions where access_hash = encode(sha256($1::bytea), 'hex')`, [token.access_token])).rows[0]!.id;
const staffId = async (username: string) => (await t.pool.query<{ id: number }>('select id from staff where username = $1', [username])).rows[0]!.id;

describe('changes made through this instance', () => {
  it('a forced logout applies to the very next request, every time', async () => {
    for (let i = 0; i < 10; i++) {
      const clerk = await loginAs(t.app, 'clerk');
      expect((await me(clerk.access_token)).statusCode).toBe(200); // now cached
      const sessionId = await sessionIdOf(clerk);
      expect((await call(t.app, 'POST', '/revokeToken', { token: admin.access_token, body: { sessionId } })).statusCode).toBe(200);
      const res = await me(clerk.access_token);
      expect(res.statusCode).toBe(401);
      expect(res.body).toMatchObject({ status: 50003 });
    }
  });

  it('a logout applies to the very next request', async () => {
    const clerk = await loginAs(t.app, 'clerk');
    expect((await me(clerk.access_token)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/login/logout', { token: clerk.access_token, body: {} })).statusCode).toBe(200);
    expect((await me(clerk.access_token)).statusCode).toBe(401);
  });

  it('forbidding a staff member ends their cached session at once', async () => {
    const collector = await loginAs(t.app, 'collector');
    expect((await me(collector.access_token)).statusCode).toBe(200);
    const id = await staffId('collector');
    expect((await call(t.app, 'POST', `/staff/${id}/state`, { token: admin.access_token, body: { state: 'forbidden' } })).statusCode).toBe(200);
    try {
      expect((await me(collector.access_token)).statusCode).toBe(401);
    } finally {
      await call(t.app, 'POST', `/staff/${id}/state`, { token: admin.access_token, body: { state: 'normal' } });
    }
  });

  it('switching store is seen by the very next request', async () => {
    const collector = await loginAs(t.app, 'collector');
    const first = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: collector.access_token }));
    const other = first.stores.find((s) => s.store_id !== first.visitStore.store_id)!;
    expect((await call(t.app, 'POST', '/switchStores', { token: collector.access_token, body: { storeId: other.store_id } })).statusCode).toBe(200);
    const after = dataOf(await call<UserInfo>(t.app, 'GET', '/userInfo', { token: collector.access_token }));
    expect(after.visitStore.store_id).toBe(other.store_id);
  });
});

describe('changes made behind the instance', () => {
  it('a session revoked in the database is refused once the notification has arrived', async () => {
    const clerk = await loginAs(t.app, 'clerk');
    expect((await me(clerk.access_token)).statusCode).toBe(200);
    await t.pool.query(`update sessions set revoked_at = now(), revoked_reason = 'forced' where id = $1`, [await sessionIdOf(clerk)]);
    expect((await me(clerk.access_token)).statusCode).toBe(401);
  });

  it('a password changed in the database ends the cached session', async () => {
    const accountant = await loginAs(t.app, 'accountant');
    expect((await me(accountant.access_token)).statusCode).toBe(200);
    await t.pool.query(`update staff set password_changed_at = now() + interval '1 second' where username = 'accountant'`);
    expect((await me(accountant.access_token)).statusCode).toBe(401);
  });

  it('a last-seen write alone keeps the cache (it is no change of the session)', async () => {
    const manager = await loginAs(t.app, 'manager');
    await me(manager.access_token);
    await t.pool.query(`update sessions set last_seen_at = now() where id = $1`, [await sessionIdOf(manager)]);
    expect(await queriesDuring(t.app.db, () => me(manager.access_token))).toEqual([]);
  });

  it('caches nothing while the listening connection is down, and again once it is back', async () => {
    const manager = await loginAs(t.app, 'manager');
    await me(manager.access_token);
    expect(await queriesDuring(t.app.db, () => me(manager.access_token))).toEqual([]);
    const killed = await t.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN harbour_auth'`,
    );
    expect(killed.rowCount).toBe(1);
    // Until the listener is back, every request reads its session.
    const down = await queriesDuring(t.app.db, async () => {
      await me(manager.access_token);
      await me(manager.access_token);
    });
    expect(down.filter((q) => /from sessions s join staff st/.test(q)).length).toBeGreaterThanOrEqual(1);
    // It reconnects within a few seconds; then a warm request reads nothing again.
    const until = Date.now() + 10_000;
    let warm: string[] = ['not yet'];
    while (warm.length > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      await me(manager.access_token);
      warm = await queriesDuring(t.app.db, () => me(manager.access_token));
    }
    expect(warm).toEqual([]);
  });
});
