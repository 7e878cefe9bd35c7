import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** `apps/server/drizzle`, the same from `src/db` (tests) and `dist/db` (built). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant works; every Harbour instance uses this one so only one migrates at a time. */
const MIGRATION_LOCK = 7_244_001;

export interface MigrateOptions {
  dir?: string;
  /**
   * Runs in the same transaction after the migrations (the app role's grants), so what a
   * migration creates is committed together with the rights on it.
   */
  afterMigrations?: (client: pg.PoolClient) => Promise<void>;
}

/**
 * Applies the pending SQL migrations in one transaction under an advisory lock, so two instances
 * starting together neither race nor leave a half-migrated schema. Returns the number applied.
 */
export async function migrate(pool: pg.Pool, opts: MigrateOptions = {}): Promise<number> {
  const { dir = MIGRATIONS_DIR, afterMigrations } = opts;
  const migrations = readMigrationFiles({ migrationsFolder: dir });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS harbour_migrations (
      id serial PRIMARY KEY, hash text NOT NULL, created_at bigint NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await client.query<{ created_at: string }>('SELECT created_at FROM harbour_migrations');
    const applied = new Set(done.rows.map((r) => Number(r.created_at)));
    let count = 0;
    for (const m of migrations) {
      if (applied.has(m.folderMillis)) continue;
      for (const statement of m.sql) {
        if (statement.trim()) await client.query(statement);
      }
      await client.query('INSERT INTO harbour_migrations (hash, created_at) VALUES ($1, $2)', [m.hash, m.folderMillis]);
      count++;
    }
    await afterMigrations?.(client);
    await client.query('COMMIT');
    return count;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
