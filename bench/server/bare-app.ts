/**
 * The baseline for the server benchmark, started as its own process: a bare Fastify app with one
 * route doing one indexed SELECT (staff by primary key) through the server's own pool settings
 * (`openDatabase` from the build) on the same database. It exists only in the bench.
 * Prints `listening <port>` on stdout once ready; stops on SIGTERM.
 */
import Fastify from 'fastify';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const url = process.env.DATABASE_URL;
const root = process.env.HARBOUR_ROOT;
if (!url || !root) throw new Error('bare-app needs DATABASE_URL and HARBOUR_ROOT');

type OpenDatabase = (u: string, o?: { onError?: (e: Error) => void }) => {
  pool: { query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
};
const client = (await import(pathToFileURL(path.join(root, 'apps/server/dist/db/client.js')).href)) as {
  openDatabase: OpenDatabase;
};
const database = client.openDatabase(url, { onError: () => undefined });

const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await database.pool.query('SELECT id, username, name FROM staff WHERE id = $1', [1]);
  return { result: 'success', data: rows[0] };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);

process.on('SIGTERM', () => {
  void app.close().then(() => database.close()).then(() => process.exit(0));
});
