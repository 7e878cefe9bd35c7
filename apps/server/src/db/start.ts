import pg from 'pg';
import type { Config } from '../config.js';
import { StartupError } from '../startup-error.js';
import { openDatabase, type Database } from './client.js';
import { startEmbedded, type EmbeddedServer } from './embedded.js';
import { migrate } from './migrate.js';
import { EMBEDDED_APP_ROLE, embeddedAppPassword, ensureLoginRole, grantAppRole, rolePowers, tooPowerful } from './app-role.js';
import { syncCatalogue } from './catalogue.js';
import type { Db } from './client.js';

export interface StartedDatabase extends Database {
  embedded: EmbeddedServer | undefined;
  /** The standby of `HARBOUR_REPLICA_URL` that reports read (`platform/report-reads.ts`), when set. */
  replica: Database | undefined;
  /** Close the pool, then stop the embedded server. */
  shutdown(): Promise<void>;
}

/**
 * Fills an empty embedded database and says whether it did. The caller passes the demo seed
 * (`demo/seed.ts`, `seedDemoIfEmpty`): it calls the modules' services, so it sits above them and
 * `db/` never imports it.
 */
export type FirstStartSeed = (db: Db) => Promise<boolean>;

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

/** Runs `step`; a failure other than a StartupError means the database at `url` could not be used. */
async function reaching<T>(url: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw err instanceof StartupError ? err : unreachable(url, err);
  }
}

/**
 * `DATABASE_URL` → that server; unset → the embedded PostgreSQL (`seedEmpty`'s demo data on first start).
 * The server runs as a role that owns nothing (`DATABASE_URL`'s, or `harbour_app`, which the
 * embedded database makes with a password kept in `app.password`). Migrations (one transaction,
 * advisory lock, with the app role's grants), the permission catalogue and the demo data run as
 * the owner (`DATABASE_OWNER_URL`, or the embedded superuser). In production a role that could
 * switch the audit log's trigger off (superuser, owner, …) is refused before anything changes.
 */
export async function startDatabase(config: Config, log: (line: string) => void, seedEmpty?: FirstStartSeed): Promise<StartedDatabase> {
  const onError = (err: Error) => log(`database connection lost: ${err.message}`);
  let embedded: EmbeddedServer | undefined;
  let ownerUrl: string;
  let appUrl: string;
  let embeddedRole: { name: string; password: string } | undefined;
  if (config.databaseUrl) {
    appUrl = config.databaseUrl;
    ownerUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  } else {
    embedded = await startEmbedded({ dataDir: config.dataDir, log });
    try {
      ownerUrl = await ensureDatabase(embedded.url);
    } catch (err) {
      await embedded.stop();
      throw unreachable(embedded.url, err);
    }
    try {
      embeddedRole = { name: EMBEDDED_APP_ROLE, password: embeddedAppPassword(embedded.home) };
    } catch (err) {
      await embedded.stop();
      throw err;
    }
    appUrl = withUser(ownerUrl, embeddedRole.name, embeddedRole.password);
  }

  const database = openDatabase(appUrl, { onError });
  // The reports' standby: its own pool of the same size, as the same app role (its grants and
  // row-level security arrive with the primary's WAL).
  const replica = config.replicaUrl ? openDatabase(config.replicaUrl, { onError: (err) => log(`replica connection lost: ${err.message}`) }) : undefined;
  const shutdown = async () => {
    await replica?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop();
  };
  /** The app role's excess powers: refused in production, returned (to warn about) elsewhere. */
  const excess = async () => {
    const problem = tooPowerful(await rolePowers(database.pool));
    if (problem && config.env === 'production') {
      throw new StartupError(`${problem}; in production DATABASE_URL must be a role that owns nothing and DATABASE_OWNER_URL the owner (README: An external database)`);
    }
    return problem;
  };
  let owner: Database | undefined;
  try {
    // An external app role exists already: refuse it before migrating anything.
    if (!embedded) await reaching(appUrl, excess);
    const ownerDb = (owner = openDatabase(ownerUrl, { max: 2, onError }));
    await reaching(ownerUrl, () => ownerDb.pool.query('select 1'));
    if (embeddedRole) await ensureLoginRole(ownerDb.pool, embeddedRole.name, embeddedRole.password);
    const appRole = await reaching(appUrl, async () => (await database.pool.query<{ me: string }>('select current_user as me')).rows[0]!.me);
    const applied = await migrate(ownerDb.pool, { afterMigrations: (client) => grantAppRole(client, appRole) });
    if (applied) log(`Applied ${applied} database migration(s)`);
    await syncCatalogue(ownerDb.db);
    if (embedded && seedEmpty && (await seedEmpty(ownerDb.db))) log('Seeded the demo data (admin / demo1234)');
    // Again after migrating: with DATABASE_URL alone, the role now owns what it created.
    const problem = await reaching(appUrl, excess);
    if (problem) log(`Warning: ${problem}; production refuses this (README: An external database)`);
    if (replica) {
      const { rows } = await reaching(config.replicaUrl!, () => replica.pool.query<{ standby: boolean }>('select pg_is_in_recovery() as standby'));
      log(rows[0]!.standby ? 'Reports read from the standby (HARBOUR_REPLICA_URL)' : 'Warning: HARBOUR_REPLICA_URL is not a standby; reports read there anyway');
    }
  } catch (err) {
    await shutdown();
    throw err;
  } finally {
    await owner?.close().catch(() => undefined);
  }
  return { ...database, embedded, replica, shutdown };
}
