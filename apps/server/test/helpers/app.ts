import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Db } from '../../src/db/client.js';
import { loadConfig, type Config } from '../../src/config.js';
import { notificationsSettled } from '../../src/platform/session-cache.js';
import type { HarbourModule } from '../../src/modules/index.js';
import type pg from 'pg';
import { createTestDatabase, dropTestDatabase, SHARED_DB, TEST_APP_PASSWORD, TEST_APP_ROLE, withDatabase, withUser } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  /** The superuser's connection to the file's database, for setting up and checking. */
  db: Db;
  pool: pg.Pool;
  /** How the app itself connects: as the role that owns nothing (`TEST_APP_ROLE`). */
  appUrl: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on this file's own database (a copy of the seeded template: 3 stores, admin id 1,
 * roles manager/clerk/collector/accountant and their staff, password demo1234). Build it once per
 * file (`beforeAll`) and close it in `afterAll`.
 *
 * `readOnly`: a file that only reads the demo data (logging in aside) runs on the run's shared
 * copy (`SHARED_DB`) instead of making its own; it must not change data, create tables or count
 * rows other files add (sessions, login audit rows).
 */
export async function createTestApp(
  opts: { config?: Partial<Config>; modules?: readonly HarbourModule[]; logStream?: { write(line: string): void }; readOnly?: boolean } = {},
): Promise<TestApp> {
  const adminUrl = inject('harbourAdminUrl');
  const name = opts.readOnly ? SHARED_DB : await createTestDatabase(adminUrl);
  const database = openDatabase(withDatabase(adminUrl, name), { max: 4 });
  const appUrl = withUser(withDatabase(adminUrl, name), TEST_APP_ROLE, TEST_APP_PASSWORD);
  const appDatabase = openDatabase(appUrl, { max: 4 });
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', HARBOUR_FIXED_CAPTCHA: '2468', HARBOUR_WEB_DIST: '/nonexistent-harbour-web' }),
    ...opts.config,
  };
  const app = await buildApp({ db: appDatabase.db, config, modules: opts.modules ?? [], ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  settleAfterEachQuery(database.pool, appDatabase.db);
  return {
    app,
    db: database.db,
    pool: database.pool,
    appUrl,
    config,
    close: async () => {
      await app.close();
      await appDatabase.close();
      await database.close();
      if (!opts.readOnly) await dropTestDatabase(adminUrl, name);
    },
  };
}

/**
 * The tests' own connection plays "another instance or a console": after each of its queries the
 * app has heard the notifications that query caused (platform/session-cache.ts), so a change made
 * behind the app's back applies to the test's very next request, as it does a moment later in
 * production.
 */
function settleAfterEachQuery(pool: pg.Pool, appDb: Db): void {
  const direct = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const via = { query: (text: string, values: unknown[]) => direct(text, values) };
  pool.query = (async (...args: unknown[]) => {
    const result = await direct(...args);
    await notificationsSettled(appDb, via);
    return result;
  }) as unknown as typeof pool.query;
}
