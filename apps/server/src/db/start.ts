import pg from 'pg';
import type { Config } from '../config.js';
import { StartupError } from '../startup-error.js';
import { openDatabase, type Database } from './client.js';
import { startEmbedded, type EmbeddedServer } from './embedded.js';
import { migrate } from './migrate.js';
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

/**
 * `DATABASE_URL` → that server; unset → the embedded PostgreSQL (demo data on first start).
 * Then migrations (one transaction, advisory lock) and the permission catalogue.
 */
export async function startDatabase(config: Config, log: (line: string) => void): Promise<StartedDatabase> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbedded({ dataDir: config.dataDir, log });
    try {
      url = await ensureDatabase(embedded.url);
    } catch (err) {
      await embedded.stop();
      throw unreachable(embedded.url, err);
    }
  }
  const database = openDatabase(url, { onError: (err) => log(`database connection lost: ${err.message}`) });
  const shutdown = async () => {
    await database.close().catch(() => undefined);
    await embedded?.stop();
  };
  try {
    await database.pool.query('select 1');
  } catch (err) {
    await shutdown();
    throw unreachable(url, err);
  }
  try {
    const applied = await migrate(database.pool);
    if (applied) log(`Applied ${applied} database migration(s)`);
    await syncCatalogue(database.db);
    if (embedded && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      log('Seeded the demo data (admin / demo1234)');
    }
  } catch (err) {
    await shutdown();
    throw err;
  }
  return { ...database, embedded, shutdown };
}
