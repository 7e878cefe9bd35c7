/**
 * The connection URL of the embedded PostgreSQL a running Harbour server started in `dataDir`,
 * from the files PostgreSQL and the server keep there (docs/operations.md): the superuser password
 * in `pg.password` and the port on line 4 of `pg/postmaster.pid`. The database is the one holding
 * Harbour's `sessions` table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = readFileSync(path.join(dataDir, 'pg.password'), 'utf8').trim();
  const pidLines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pidLines[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('no port in postmaster.pid');
  const url = (db: string) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;

  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    const dbs = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname',
    );
    for (const { datname } of dbs.rows) {
      const client = new pg.Client({ connectionString: url(datname) });
      await client.connect();
      try {
        const r = await client.query("SELECT to_regclass('public.sessions') IS NOT NULL AS found");
        if (r.rows[0]?.found) return url(datname);
      } finally {
        await client.end();
      }
    }
  } finally {
    await admin.end();
  }
  throw new Error('no database with Harbour tables in the embedded cluster');
}
