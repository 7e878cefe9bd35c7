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
  pool.on('connect', nameRepeatedStatements);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Statement names by SQL text, the same for every connection of the process. The application's
 * queries come from a fixed set of shapes (drizzle builds the same text for the same query with
 * other values), so the map stays small; past the bound a new shape simply runs unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `harbour-q${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Makes every parameterised query of this connection a named prepared statement: PostgreSQL
 * parses and plans it once per connection instead of on every request (measured: planning the
 * list query cost more than running it). Only queries with parameters are named — they already
 * use the extended protocol, which allows one statement per query, so a multi-statement text
 * (a migration, a script) is never affected.
 */
function nameRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (isUnnamedParameterised(config, rest[0])) {
      const name = statementName(config.text);
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}

/** A query config with text and parameters (in the config or, as drizzle passes them, beside it). */
function isUnnamedParameterised(config: unknown, values: unknown): config is pg.QueryConfig & { text: string } {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as Partial<pg.QueryConfig> & { submit?: unknown };
  const params = Array.isArray(values) ? values : c.values;
  return typeof c.text === 'string' && !c.name && typeof c.submit !== 'function' && Array.isArray(params) && params.length > 0;
}
