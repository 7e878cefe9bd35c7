import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEMPLATE_DB = 'harbour_template';
/**
 * One copy of the template made by the global set-up and shared by the files that only read the
 * demo data (`createTestApp({ readOnly: true })`): they skip making and dropping a copy of their own.
 * Such a file may log in (sessions are per login) but changes nothing another file could see.
 */
export const SHARED_DB = 'harbour_shared';

/**
 * The role the app runs as in the tests, as in production: it owns nothing and has only the
 * grants `grantAppRole` gives (made once per run by the global set-up; database copies carry the
 * grants). `t.pool` / `t.db` stay the superuser's, for setting up and checking.
 */
export const TEST_APP_ROLE = 'harbour_test_app';
export const TEST_APP_PASSWORD = 'harbour-test-app';

export function withUser(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database copied from the template; PostgreSQL refuses copies while another is being made, so retry. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `harbour_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
        await sleep(100 + Math.random() * 200);
      }
    }
  } finally {
    await admin.end();
  }
  return name;
}

export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
