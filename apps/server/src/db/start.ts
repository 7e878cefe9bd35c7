import pg from 'pg';
import type { Config } from '../config.js';
import { StartupError } from '../startup-error.js';
import { openDatabase, type Database } from './client.js';
import { startEmbedded, type EmbeddedServer } from './embedded.js';
import { migrate } from './migrate.js';
import { EMBEDDED_APP_ROLE, embeddedAppPassword, ensureLoginRole, grantAppRole, rolePowers, tooPowerful } from './app-role.js';
import { syncCatalogue } from './seed/catalogue.js';
import { isEmpty, seedDemo } from './seed/demo.js';

export interface StartedDatabase extends Database {
  embedded: EmbeddedServer | undefined;
  /** Close the pool, then stop the embedded server. */
  shutdown(): Promise<void>;
}

const DB_NAME = 'harbour';

/** Turns a connection failure into one line for the operator. */
function unreachable(url: string, err: unknown): StartupError {
  const u = new URL(url);
  const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return new StartupError(`cannot reach the database at ${u.hostname}:${u.port || 5432}${u.pathname}: ${why}`);
}

async function ensureDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const withUser = (url: string, user: string, password: string) => {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
};

/**
 * `DATABASE_URL` → that server; unset → the embedded PostgreSQL (demo data on first start).
 * Migrations (one transaction, advisory lock), the permission catalogue, the demo data and the
 * app role's grants run as the owner (`DATABASE_OWNER_URL`, or the embedded superuser); the
 * server then runs as the app role, which owns nothing. In production a superuser, a role that
 * bypasses row-level security or one owning tables is refused as the app role.
 */
export async function startDatabase(config: Config, log: (line: string) => void): Promise<StartedDatabase> {
  let embedded: EmbeddedServer | undefined;
  let ownerUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  let appUrl = config.databaseUrl;
  let appRole: { name: string; password: string } | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbedded({ dataDir: config.dataDir, log });
    try {
      ownerUrl = await ensureDatabase(embedded.url);
    } catch (err) {
      await embedded.stop();
      throw unreachable(embedded.url, err);
    }
    const superuserPassword = decodeURIComponent(new URL(embedded.url).password);
    appRole = { name: EMBEDDED_APP_ROLE, password: embeddedAppPassword(superuserPassword) };
    appUrl = withUser(ownerUrl, appRole.name, appRole.password);
  }
  const owner = openDatabase(ownerUrl!, { max: 2, onError: (err) => log(`database connection lost: ${err.message}`) });
  const stopEmbedded = async () => {
    await embedded?.stop();
  };
  try {
    await owner.pool.query('select 1');
  } catch (err) {
    await owner.close().catch(() => undefined);
    await stopEmbedded();
    throw unreachable(ownerUrl!, err);
  }
  try {
    const applied = await migrate(owner.pool);
    if (applied) log(`Applied ${applied} database migration(s)`);
    await syncCatalogue(owner.db);
    if (embedded && (await isEmpty(owner.db))) {
      await seedDemo(owner.db);
      log('Seeded the demo data (admin / demo1234)');
    }
    if (appRole) await ensureLoginRole(owner.pool, appRole.name, appRole.password);
    const appUser = decodeURIComponent(new URL(appUrl!).username);
    if (ownerUrl !== appUrl) await grantAppRole(owner.pool, appUser);
  } catch (err) {
    await stopEmbedded();
    throw err;
  } finally {
    await owner.close().catch(() => undefined);
  }

  const database = openDatabase(appUrl!, { onError: (err) => log(`database connection lost: ${err.message}`) });
  const shutdown = async () => {
    await database.close().catch(() => undefined);
    await stopEmbedded();
  };
  try {
    const problem = tooPowerful(await rolePowers(database.pool));
    if (problem && config.env === 'production') throw new StartupError(`${problem}; run the server as a role that owns nothing (README: An external database)`);
    if (problem) log(`Warning: ${problem}; production refuses this (README: An external database)`);
  } catch (err) {
    await shutdown();
    throw err instanceof StartupError ? err : unreachable(appUrl!, err);
  }
  return { ...database, embedded, shutdown };
}
