import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePowers, tooPowerful } from '../../src/db/app-role.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The server once connected as the owner/superuser, which can `SET session_replication_role =
 * replica` or `ALTER TABLE audit_log DISABLE TRIGGER` and then edit or delete audit rows. It now
 * runs as a role that owns nothing: on the audit log it may only read and append.
 */
let t: TestApp;
let app: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  app = new pg.Client({ connectionString: t.appUrl });
  await app.connect();
});
afterAll(async () => {
  await app.end();
  await t.close();
});

const refused = async (sql: string) => {
  await expect(app.query(sql)).rejects.toThrow(/permission denied|must be owner|must be superuser|not allowed/i);
};

describe('the app database role', () => {
  it('cannot switch off the append-only trigger or edit, delete or empty audit rows', async () => {
    const before = Number((await t.pool.query('select count(*) from audit_log')).rows[0].count);
    await refused('SET session_replication_role = replica');
    await refused('ALTER TABLE audit_log DISABLE TRIGGER ALL');
    await refused('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete');
    await refused(`UPDATE audit_log SET module = 'x'`);
    await refused('DELETE FROM audit_log');
    await refused('TRUNCATE audit_log');
    await refused('DROP TABLE audit_log');
    await refused(`INSERT INTO harbour_migrations (hash, created_at) VALUES ('x', 1)`);
    expect(Number((await t.pool.query('select count(*) from audit_log')).rows[0].count)).toBe(before);
  });

  it('reads and appends to the audit log', async () => {
    await app.query(`INSERT INTO audit_log (action, module, reference) VALUES ('view', 'db-roles-test', 'append')`);
    const { rows } = await app.query(`SELECT count(*)::int AS n FROM audit_log WHERE module = 'db-roles-test'`);
    expect(rows[0].n).toBe(1);
  });

  it('owns nothing and has no special powers', async () => {
    const powers = await rolePowers(app);
    expect(powers).toMatchObject({ superuser: false, bypassRls: false, ownedTables: 0 });
    expect(tooPowerful(powers)).toBeNull();
  });

  it('is how the server connects; the owner or a superuser would be refused in production', async () => {
    const { rows } = await t.app.db.execute<{ who: string }>(sql`select current_user as who`);
    expect(rows[0]!.who).toBe(new URL(t.appUrl).username);
    expect(tooPowerful(await rolePowers(t.pool as unknown as pg.Client))).toMatch(/superuser|owns/);
  });
});
