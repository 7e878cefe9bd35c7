import type { SystemMonitor } from '@harbour/contracts';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { call, dataOf, loginAs, tryLogin } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
});
afterAll(() => t.close());

const monitor = (token = admin) => call<SystemMonitor>(t.app, 'GET', '/getSystemMonitor', { token, lang: 'en' });

it('answers the real figures of the process and the database, read as the app role', async () => {
  await tryLogin(t.app, 'clerk', 'wrong-password');
  const m = dataOf(await monitor());
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  expect(m.migrations.files).toBe(files.length);
  expect(m.migrations.applied).toBe(Number((await t.pool.query<{ n: string }>('select count(*) as n from harbour_migrations')).rows[0]!.n));
  expect(m.migrations.applied).toBe(files.length);
  expect(m.migrations.last).toMatch(/^\d{4}_/);
  expect(m.database.sizeBytes).toBeGreaterThan(0);
  expect(m.database.version).toMatch(/^PostgreSQL \d+/);
  expect(m.database.connections!.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(0);
  expect(m.database.pool!.total).toBeGreaterThan(0);
  expect(m.app.node).toBe(process.version);
  expect(m.app.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(m.app.uptimeSeconds).toBeGreaterThanOrEqual(0);
  expect(m.app.memory.rss).toBeGreaterThan(0);
  expect(m.activity.failedLogins24h).toBeGreaterThanOrEqual(1);
  expect(m.activity.serverErrors).toBe(0);
});

it('shows the last holiday import from the audit log', async () => {
  dataOf(await call(t.app, 'POST', '/holidays/import', { token: admin, body: { source: 'rules', year: 2031 } }));
  const m = dataOf(await monitor());
  expect(m.activity.lastHolidayImport).toMatchObject({ source: 'HK 2031', by: expect.any(String) });
});

it('degrades to "not available" when the role may not read a catalogue figure', async () => {
  // Take the app role's right to read harbour_migrations away: the figure is null, the page still answers.
  const role = new URL(t.appUrl).username;
  await t.pool.query(`revoke select on harbour_migrations from ${role}`);
  try {
    const res = await monitor();
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).migrations.applied).toBeNull();
    expect(dataOf(res).database.sizeBytes).toBeGreaterThan(0);
  } finally {
    await t.pool.query(`grant select on harbour_migrations to ${role}`);
  }
});

it('is refused without system.monitor', async () => {
  const manager = (await loginAs(t.app, 'manager')).access_token;
  expect((await monitor(manager)).statusCode).toBe(403);
});

it('shows the last run of the daily servicing job, and who started it by hand', async () => {
  const before = dataOf(await monitor());
  // the demo data ran it once, as the job (no person)
  expect(before.activity.lastDailyRun).toMatchObject({ asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), by: null });
  const run = dataOf(await call<{ asOf: string; loans: number }>(t.app, 'POST', '/repayments/dailyJob', { token: admin, body: {} }));
  const after = dataOf(await monitor());
  expect(after.activity.lastDailyRun).toMatchObject({ asOf: run.asOf, loans: run.loans, by: expect.any(String) });
});
