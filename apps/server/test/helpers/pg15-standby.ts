/**
 * A PostgreSQL 15 primary and its streaming standby from Debian's binaries, in a temp folder on
 * free loopback ports, started the way `scripts/test.sh` starts its PostgreSQL 15 (as the OS user
 * `postgres` when run as root, outside the clone, throw-away durability): `initdb` with
 * `wal_level=replica`, then `pg_basebackup -R` for the standby. Used by the replica API test
 * (test/reports/replica.test.ts) and the scale-out test (bench/scale/scale-test.ts); it imports
 * nothing of the server, so the scale-out test can seed with the built server instead.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const PG15_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const asRoot = () => process.getuid?.() === 0;

/** Whether this machine has Debian's PostgreSQL 15 (the test skips without it). */
export const hasPg15 = () => fs.existsSync(path.join(PG15_BIN, 'initdb'));

/** Runs one of PostgreSQL's tools, as `postgres` when we are root (PostgreSQL refuses root), from /tmp. */
async function pgTool(tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const bin = path.join(PG15_BIN, tool);
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const { stdout } = await run(cmd, argv, { cwd: '/tmp', env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface PgNode {
  port: number;
  dataDir: string;
  /** The superuser's URL of database `db` on this node. */
  url(db?: string): string;
}

export interface Pg15Pair {
  dir: string;
  password: string;
  primary: PgNode;
  standby: PgNode | undefined;
  /** `pg_basebackup -R` of the primary, started as a hot standby streaming from it. */
  startStandby(opts?: { logStatements?: boolean }): Promise<PgNode>;
  /** The standby's server log (with `logStatements`, every statement it ran). */
  standbyLog(): string;
  stop(): Promise<void>;
}

// A throw-away pair: commits need not reach the disk (as the suite's own PostgreSQL 15).
const FAST = ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'];

async function startNode(dataDir: string, port: number, socketDir: string, extra: string[]): Promise<void> {
  const opts = ['-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...FAST, ...extra];
  await pgTool('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '60', '-o', opts.map((o) => (o.includes(' ') ? `'${o}'` : o)).join(' '), 'start']);
}

/** Starts the primary (superuser `postgres` with a random password, scram on loopback); the standby comes later. */
export async function startPg15Primary(): Promise<Pg15Pair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'harbour-pg15-pair-'));
  fs.chmodSync(dir, 0o755);
  if (asRoot()) await run('chown', ['postgres:', dir]);
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, password, { mode: 0o644 });
  const node = (dataDir: string, port: number): PgNode => ({
    port,
    dataDir,
    url: (db = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${db}`,
  });
  const primaryDir = path.join(dir, 'primary');
  await pgTool('initdb', ['-D', primaryDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`]);
  const primary = node(primaryDir, await freePort());
  await startNode(primaryDir, primary.port, dir, ['-c', 'wal_level=replica', '-c', 'max_wal_senders=4']);
  const pair: Pg15Pair = {
    dir,
    password,
    primary,
    standby: undefined,
    async startStandby(opts = {}) {
      const standbyDir = path.join(dir, 'standby');
      await pgTool('pg_basebackup', ['-d', primary.url(), '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast'], { PGPASSWORD: password });
      const standby = node(standbyDir, await freePort());
      await startNode(standbyDir, standby.port, dir, ['-c', 'hot_standby=on', ...(opts.logStatements ? ['-c', 'log_statement=all'] : [])]);
      pair.standby = standby;
      return standby;
    },
    standbyLog: () => fs.readFileSync(path.join(dir, 'standby.log'), 'utf8'),
    async stop() {
      for (const d of [path.join(dir, 'standby'), primaryDir]) {
        if (fs.existsSync(path.join(d, 'postmaster.pid'))) await pgTool('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return pair;
}

/** Waits until the standby has replayed everything the primary has written so far. */
export async function standbyCaughtUp(primaryUrl: string, standbyUrl: string, timeoutMs = 20_000): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const standby = new pg.Client({ connectionString: standbyUrl });
  await primary.connect();
  await standby.connect();
  try {
    const target = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await standby.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [target]);
      if (rows[0]?.done) return;
      if (Date.now() > until) throw new Error(`standby did not replay up to ${target} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await primary.end();
    await standby.end();
  }
}

/** An empty database `db` on the primary; answers its superuser URL. */
export async function createDatabase(pair: Pg15Pair, db: string): Promise<string> {
  const setup = new pg.Client({ connectionString: pair.primary.url() });
  await setup.connect();
  try {
    await setup.query(`CREATE DATABASE ${db}`);
  } finally {
    await setup.end();
  }
  return pair.primary.url(db);
}
