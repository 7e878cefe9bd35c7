import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Drizzle over the pool; `$client` is the pool itself, for the few named prepared statements. */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };
/** A transaction handle; services take `DbOrTx` so they run inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// NUMERIC (1700) stays a string (money is decimal text end to end); DATE (1082) stays
// `YYYY-MM-DD` text so no time zone ever shifts a business date.
pg.types.setTypeParser(1700, (v) => v);
pg.types.setTypeParser(1082, (v) => v);

export function openDatabase(
  url: string,
  opts: { max?: number; onError?: (err: Error) => void } = {},
): Database {
  // HARBOUR_DB_POOL: connections per instance (default 20); keep instances × pool under max_connections.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? Number(process.env.HARBOUR_DB_POOL ?? 20) });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', (err) => opts.onError?.(err));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
