/**
 * Server figures: the real server's `GET /userInfo` (auth hook, permissions, menu) and an
 * authenticated list (`GET /stores`) at 50 concurrent connections next to a bare route doing one
 * indexed SELECT on the same database, measured one after the other in this run, and the ratios.
 * The server runs in test mode: no request log lines and no rate limit, like the bare app, so the
 * ratio compares the work a request does, not logging.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';

const PART = 'server';
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.HARBOUR_BENCH_SECONDS ?? 10);

interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** Starts bench/server/bare-app.ts in its own process so it never shares an event loop with the load. */
export function startBare(databaseUrl: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/server/bare-app.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, HARBOUR_ROOT: repoRoot },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare app did not start')), 30_000);
    child.on('exit', (code) => reject(new Error(`the bare app exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}/bare`, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

export async function benchServer(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  let bare: { url: string; stop: () => void } | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/server.log') });
    } catch (err) {
      return [na(PART, 'GET /userInfo', errorText(err))];
    }
    const authorization = await adminLogin(server.baseURL);
    const userInfoUrl = `${server.baseURL}${API}/userInfo`;
    const check = await fetch(userInfoUrl, { headers: { authorization } });
    if (!check.ok) return [na(PART, 'GET /userInfo', `answers HTTP ${check.status}`)];

    bare = await startBare(await embeddedDatabaseUrl(server.dataDir));
    const checkBare = await fetch(bare.url);
    if (!checkBare.ok) return [na(PART, 'bare SELECT', `answers HTTP ${checkBare.status}`)];

    const storesUrl = `${server.baseURL}${API}/stores?page=1&pageSize=20`;
    const checkStores = await fetch(storesUrl, { headers: { authorization } });
    if (!checkStores.ok) return [na(PART, 'GET /stores', `answers HTTP ${checkStores.status}`)];

    // Warm all three (JIT, pool connections), then measure each for the same time, the bare
    // route between the two so a drift of the machine shows on both sides.
    await load(userInfoUrl, { authorization }, WARMUP_S);
    await load(storesUrl, { authorization }, WARMUP_S);
    await load(bare.url, {}, WARMUP_S);
    const user = await load(userInfoUrl, { authorization }, DURATION_S);
    const base = await load(bare.url, {}, DURATION_S);
    const list = await load(storesUrl, { authorization }, DURATION_S);

    const failures = (l: Load) => (l.errors + l.non2xx > 0 ? ` (${l.errors} errors, ${l.non2xx} non-2xx)` : '');
    const ratio = (l: Load, goal: string) => (base.rps > 0 ? `${fmt(l.rps / base.rps, 2)} (goal ≥ ${goal})` : 'n/a (bare answered nothing)');
    return [
      { part: PART, name: `GET /userInfo, ${CONNECTIONS} connections`, value: `${fmt(user.rps)} req/s, p99 ${fmt(user.p99)} ms (goal ≤ 50)${failures(user)}` },
      { part: PART, name: `GET /stores (authenticated list), ${CONNECTIONS} connections`, value: `${fmt(list.rps)} req/s, p99 ${fmt(list.p99)} ms (goal ≤ 50)${failures(list)}` },
      { part: PART, name: `bare indexed SELECT, ${CONNECTIONS} connections`, value: `${fmt(base.rps)} req/s, p99 ${fmt(base.p99)} ms${failures(base)}` },
      { part: PART, name: 'ratio /userInfo ÷ bare (req/s)', value: ratio(user, '0.5') },
      { part: PART, name: 'ratio /stores ÷ bare (req/s)', value: ratio(list, '0.5') },
    ];
  } catch (err) {
    return [na(PART, 'GET /userInfo vs bare SELECT', errorText(err))];
  } finally {
    bare?.stop();
    await server?.stop();
  }
}
