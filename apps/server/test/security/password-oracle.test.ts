import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../admin/helpers.js';
import { tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * A forbidden account, or one outside its own address allowlist, once answered 403 for the right
 * password and 401 for a wrong one: the answer told whether a guessed password was right. Now
 * every refusal after the password check looks exactly like a wrong password, and counts
 * towards the lockout like one. A locked account answered 429 "locked" to every try, which set
 * it apart from a wrong password; it now answers any password like a wrong one until the lock
 * ends, without judging it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answer = async (username: string, password: string, ip?: string) => {
  const res = await tryLogin(t.app, username, password, ip);
  return { status: res.statusCode, body: res.body };
};

describe('login refusals after the password check', () => {
  it('answer a forbidden account alike for the right and a wrong password', async () => {
    await t.pool.query(`update staff set state = 'forbidden' where username = 'collector'`);
    try {
      const right = await answer('collector', 'demo1234');
      const wrong = await answer('collector', 'not-the-one-1');
      expect(right).toEqual(wrong);
      expect(right.status).toBe(401);
    } finally {
      await t.pool.query(`update staff set state = 'normal', failed_logins = 0 where username = 'collector'`);
    }
  });

  it('answer an account outside its own allowlist alike for the right and a wrong password', async () => {
    const clerk = await idOf(t, 'staff', 'username', 'clerk');
    await t.pool.query(`insert into access_ips (address, staff_id) values ('10.30.0.1', $1)`, [clerk]);
    try {
      const right = await answer('clerk', 'demo1234', '10.31.0.1');
      const wrong = await answer('clerk', 'not-the-one-1', '10.31.0.1');
      expect(right).toEqual(wrong);
      expect(right.status).toBe(401);
      // From the allowed address the right password still works.
      expect((await answer('clerk', 'demo1234', '10.30.0.1')).status).toBe(200);
    } finally {
      await t.pool.query('delete from access_ips');
      await t.pool.query(`update staff set failed_logins = 0, locked_until = null where username = 'clerk'`);
    }
  });

  it('count the right password on a refused account as a failure, so the lockout cannot tell either', async () => {
    await t.pool.query(`update staff set state = 'forbidden', failed_logins = 0 where username = 'accountant'`);
    try {
      await answer('accountant', 'demo1234');
      await answer('accountant', 'not-the-one-1');
      const { rows } = await t.pool.query(`select failed_logins from staff where username = 'accountant'`);
      expect(rows[0].failed_logins).toBe(2);
      const tried = await t.pool.query(`select count(*)::int as n from audit_log where action = 'tried_to_login' and reference = 'accountant'`);
      expect(tried.rows[0].n).toBe(2);
    } finally {
      await t.pool.query(`update staff set state = 'normal', failed_logins = 0 where username = 'accountant'`);
    }
  });
});

describe('a locked account', () => {
  it('answers the right and a wrong password exactly like any wrong password, and counts nothing', async () => {
    const ip = '10.40.0.1';
    const lockedId = await idOf(t, 'staff', 'username', 'manager');
    for (let i = 0; i < 5; i++) expect((await answer('manager', `not-the-one-${i}`, ip)).status).toBe(401);
    const { rows: lockedRows } = await t.pool.query(`select failed_logins, locked_until > now() as locked from staff where id = $1`, [lockedId]);
    expect(lockedRows[0]).toEqual({ failed_logins: 0, locked: true });
    try {
      const right = await answer('manager', 'demo1234', ip);
      const wrong = await answer('manager', 'not-the-one-9', ip);
      const plainWrong = await answer('clerk', 'not-the-one-9', ip);
      const unknown = await answer('nobody-at-all', 'demo1234', ip);
      expect(right).toEqual(wrong);
      expect(right).toEqual(plainWrong);
      expect(right).toEqual(unknown);
      expect(right.status).toBe(401);
      // Tries during the lock neither extend it nor count towards the next one: nothing was judged.
      const { rows } = await t.pool.query(`select failed_logins from staff where id = $1`, [lockedId]);
      expect(rows[0].failed_logins).toBe(0);
      // Each try is still recorded as a failed one.
      const tried = await t.pool.query(`select count(*)::int as n from audit_log where action = 'tried_to_login' and reference = 'manager'`);
      expect(tried.rows[0].n).toBe(7);
      // When the lock has run its time, the right password works again.
      await t.pool.query(`update staff set locked_until = now() - interval '1 second' where id = $1`, [lockedId]);
      expect((await answer('manager', 'demo1234', ip)).status).toBe(200);
    } finally {
      await t.pool.query(`update staff set failed_logins = 0, locked_until = null where username in ('manager', 'clerk')`);
    }
  });
});
