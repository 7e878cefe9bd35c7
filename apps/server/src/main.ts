import { loadConfig } from './config.js';
import type { StartedDatabase } from './db/start.js';
import { StartupError } from './startup-error.js';

/** Process entry: `node apps/server/dist/main.js`. Problems at start-up print one line and exit 1. */
function fail(message: string): never {
  process.stderr.write(`Harbour cannot start: ${message}\n`);
  process.exit(1);
}

function listenProblem(err: unknown, host: string, port: number): string | undefined {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use (set PORT)`;
  if (code === 'EACCES') return `no permission to listen on ${host}:${port}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on ${host} (set HOST)`;
  return undefined;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }
  const log = (line: string) => process.stdout.write(`${line}\n`);
  let database: StartedDatabase | undefined;
  try {
    // Loaded only once the settings are read, and the app once the database is up: a refused start
    // prints its one line without first loading the whole server (a few seconds of a small machine).
    const { startDatabase } = await import('./db/start.js');
    const { seedDemoIfEmpty } = await import('./demo/seed.js');
    database = await startDatabase(config, log, seedDemoIfEmpty);
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ db: database.db, ...(database.replica ? { reportDb: database.replica.db } : {}), config });
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (err) {
      await app.close().catch(() => undefined);
      const problem = listenProblem(err, config.host, config.port);
      if (problem) throw new StartupError(problem);
      throw err;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log(`Harbour listening on http://${config.host}:${port}`);

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`Harbour stopping (${signal})`);
      await app.close().catch(() => undefined);
      await database?.shutdown();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (err) {
    await database?.shutdown().catch(() => undefined);
    if (err instanceof StartupError) fail(err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') fail(`no permission: ${(err as Error).message}`);
    fail(err instanceof Error ? err.message.split('\n')[0]! : String(err));
  }
}

void main();
