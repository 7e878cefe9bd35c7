/**
 * `npm run scale-test` (docs/operations.md → Scaling; not part of `npm test`): two Harbour
 * instances (the built server) behind HAProxy on loopback, on a PostgreSQL 15 primary with a
 * streaming standby that reports read (`HARBOUR_REPLICA_URL`). A bounded mixed load of logins,
 * receipts, reports and document uploads runs through the balancer; one instance is killed with
 * `kill -9` part-way and started again. Then it checks: every acknowledged receipt and upload is
 * in the database exactly once, the trial balance balances and the kept balances agree with the
 * journal, reports were read on the standby, the daily job asked of both instances at once ran
 * once, and the sessions made before the kill went on working on the surviving instance with no
 * new login. Prints what it did and its figures; exits 1 when a check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { API, FIXED_CAPTCHA, repoRoot, serverEntry } from '../../e2e/fixtures/server.js';
import { createDatabase, freePort, standbyCaughtUp, startPg15Primary, type Pg15Pair } from '../../apps/server/test/helpers/pg15-standby.js';
import { pngOf } from '../../apps/server/test/helpers/png.js';

const OPS = Number(process.env.HARBOUR_SCALE_OPS ?? 600);
const WORKERS = Number(process.env.HARBOUR_SCALE_WORKERS ?? 8);
/** The operation at which instance A is killed (`kill -9`), and how long it stays down. */
const KILL_AT = Math.floor(OPS * 0.4);
const DOWN_MS = 3_000;
const APP_ROLE = { name: 'harbour_app', password: 'scale-test-app' };
const DB = 'harbour';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line = '') => process.stdout.write(`${line}\n`);
const artifacts = path.join(repoRoot, '.artifacts', 'scale-test');

interface Instance {
  name: 'a' | 'b';
  port: number;
  child: ChildProcess | undefined;
  starts: number;
}

function startInstance(inst: Instance, env: Record<string, string>): void {
  const log = createWriteStream(path.join(artifacts, `harbour-${inst.name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(inst.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  inst.child = child;
  inst.starts++;
}

async function answering(baseURL: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}${API}/captcha`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${baseURL} did not answer in ${timeoutMs} ms`);
    await sleep(200);
  }
}

function haproxyConfig(front: number, a: Instance, b: Instance): string {
  return `global
  maxconn 512
defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  option redispatch
  retries 2
frontend harbour
  bind 127.0.0.1:${front}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET ${API}/captcha
  http-response set-header X-Harbour-Instance %s
  server a 127.0.0.1:${a.port} check inter 500ms fall 2 rise 2
  server b 127.0.0.1:${b.port} check inter 500ms fall 2 rise 2
`;
}

interface Answer {
  status: number;
  instance: string | null;
  body: { result?: string; data?: unknown; message?: string } | null;
}

async function request(base: string, method: string, url: string, token: string | undefined, body?: unknown, form?: FormData): Promise<Answer> {
  try {
    const res = await fetch(`${base}${API}${url}`, {
      method,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : form ? { body: form } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = null;
    }
    return { status: res.status, instance: res.headers.get('x-harbour-instance'), body: parsed };
  } catch {
    return { status: 0, instance: null, body: null };
  }
}

const ok = (a: Answer) => a.status === 200 && a.body?.result === 'success';
/** A failure of the path, not of the request: the instance died under it, or the balancer had no instance. */
const transient = (a: Answer) => a.status === 0 || a.status === 502 || a.status === 503 || a.status === 504;

async function login(base: string, username: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const cap = await request(base, 'GET', '/captcha', undefined);
    const key = (cap.body?.data as { key?: string } | undefined)?.key;
    if (key) {
      const res = await request(base, 'POST', '/login', undefined, { type: 1, username, password: 'demo1234', captcha: FIXED_CAPTCHA, key });
      if (ok(res)) return (res.body!.data as { access_token: string }).access_token;
      if (!transient(res) || attempt > 10) throw new Error(`login ${username}: ${res.status} ${res.body?.message ?? ''}`);
    }
    await sleep(300);
  }
}

/** The built server's own modules (`apps/server/dist`), loaded by path: this script runs what `npm run build` made. */
async function built<T>(file: string): Promise<T> {
  return (await import(path.join(repoRoot, 'apps/server/dist', file))) as T;
}

/** The database filled as the test set-up fills its template (app role and grants, migrations, catalogue, demo data), by the built server's code. */
async function seedWithBuiltServer(ownerUrl: string): Promise<void> {
  type Pool = pg.Pool;
  const { openDatabase } = await built<{ openDatabase(url: string, o: { max: number }): { pool: Pool; db: unknown; close(): Promise<void> } }>('db/client.js');
  const { migrate } = await built<{ migrate(pool: Pool, o: { afterMigrations(client: unknown): Promise<void> }): Promise<number> }>('db/migrate.js');
  const { ensureLoginRole, grantAppRole } = await built<{ ensureLoginRole(pool: Pool, role: string, password: string): Promise<void>; grantAppRole(client: unknown, role: string): Promise<void> }>('db/app-role.js');
  const { syncCatalogue } = await built<{ syncCatalogue(db: unknown): Promise<void> }>('db/catalogue.js');
  const { seedDemo } = await built<{ seedDemo(db: unknown): Promise<void> }>('demo/seed.js');
  const database = openDatabase(ownerUrl, { max: 2 });
  try {
    await ensureLoginRole(database.pool, APP_ROLE.name, APP_ROLE.password);
    await migrate(database.pool, { afterMigrations: (client) => grantAppRole(client, APP_ROLE.name) });
    await syncCatalogue(database.db);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  const started = Date.now();
  const t = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let pair: Pg15Pair | undefined;
  let haproxy: ChildProcess | undefined;
  const instances: Instance[] = [
    { name: 'a', port: await freePort(), child: undefined, starts: 0 },
    { name: 'b', port: await freePort(), child: undefined, starts: 0 },
  ];
  const failures: string[] = [];
  const check = (label: string, passed: boolean, detail: string) => {
    out(`  ${passed ? 'ok  ' : 'FAIL'} ${label}: ${detail}`);
    if (!passed) failures.push(label);
  };
  try {
    out(`Harbour scale-out test: ${OPS} operations by ${WORKERS} clients through HAProxy to two instances; instance a killed with kill -9 at operation ${KILL_AT}, down ${DOWN_MS / 1000} s`);
    pair = await startPg15Primary();
    await seedWithBuiltServer(await createDatabase(pair, DB));
    const standby = await pair.startStandby();
    out(`[${t()}] PostgreSQL 15 primary on 127.0.0.1:${pair.primary.port}, streaming standby (pg_basebackup -R) on 127.0.0.1:${standby.port}; demo data seeded`);
    const withApp = (url: string) => {
      const u = new URL(url);
      u.username = APP_ROLE.name;
      u.password = APP_ROLE.password;
      return u.toString();
    };
    const env = {
      DATABASE_URL: withApp(pair.primary.url(DB)),
      DATABASE_OWNER_URL: pair.primary.url(DB),
      HARBOUR_REPLICA_URL: withApp(standby.url(DB)),
      HOST: '127.0.0.1',
      HARBOUR_TRUST_PROXY: '1',
      HARBOUR_FIXED_CAPTCHA: FIXED_CAPTCHA,
      HARBOUR_RATE_LIMIT: '1000000',
      HARBOUR_DB_POOL: '10',
      HARBOUR_DATA_DIR: path.join(pair.dir, 'harbour-data'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    };
    for (const inst of instances) startInstance(inst, env);
    await Promise.all(instances.map((i) => answering(`http://127.0.0.1:${i.port}`, 120_000)));
    const front = await freePort();
    const cfg = path.join(artifacts, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(front, instances[0]!, instances[1]!));
    haproxy = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const hlog = createWriteStream(path.join(artifacts, 'haproxy.log'));
    haproxy.stdout?.pipe(hlog);
    haproxy.stderr?.pipe(hlog);
    const base = `http://127.0.0.1:${front}`;
    await answering(base, 20_000);
    await sleep(1_200); // both servers seen up by the health checks
    out(`[${t()}] instances a (:${instances[0]!.port}) and b (:${instances[1]!.port}) up; HAProxy on ${base}`);

    const admin = new pg.Client({ connectionString: pair.primary.url(DB) });
    const standbyAdmin = new pg.Client({ connectionString: standby.url(DB) });
    await admin.connect();
    await standbyAdmin.connect();
    // receipts go to loans not overdue, where a small amount is a valid receipt (an overdue loan's must cover its overdue interest and fees)
    const repaying = (await admin.query<{ id: number }>(
      `select l.id from loans l join loan_due_summaries s on s.loan_id = l.id where l.status = 'repaying' and s.days_overdue = 0 order by l.id`,
    )).rows.map((r) => r.id);
    const open = (await admin.query<{ id: number }>(`select id from loans where status in ('pending', 'wait_approve', 'approved') order by id`)).rows.map((r) => r.id);
    const standbyXacts = async () =>
      Number((await standbyAdmin.query<{ n: string }>(`select xact_commit + xact_rollback as n from pg_stat_database where datname = $1`, [DB])).rows[0]!.n);
    const standbyBefore = await standbyXacts();
    const sessionsBefore = Number((await admin.query<{ n: string }>('select count(*) n from sessions')).rows[0]!.n);

    // ---- the load
    const tokens = await Promise.all(Array.from({ length: WORKERS }, () => login(base, 'admin')));
    const counts = { receipt: 0, report: 0, upload: 0, login: 0 };
    const acked = { receipt: 0, report: 0, upload: 0, login: 0 };
    let retries = 0;
    let refused = 0;
    const refusals = new Map<string, number>();
    const refuse = (kind: string, a: Answer | undefined) => {
      refused++;
      const fields = (a?.body as { errors?: { field: string; message: string }[] } | null)?.errors?.map((e) => `${e.field}: ${e.message}`).join(', ');
      const why = `${kind} ${a?.status ?? 0} ${a?.body?.message ?? ''}${fields ? ` (${fields})` : ''}`.trim();
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    };
    const lost: string[] = [];
    const latency: Record<keyof typeof counts, number[]> = { receipt: [], report: [], upload: [], login: [] };
    const receipts: { loanId: number; key: string; repayNo: string; received: string }[] = [];
    const uploads: { loanId: number; fileName: string; sha256: string }[] = [];
    const servedBy = new Map<number, { before: Set<string>; after: Set<string> }>(); // worker → instances
    let next = 0;
    let killedAt = 0;
    let restartedAt = 0;
    let restart: Promise<void> | undefined;
    const instA = instances[0]!;

    const kill = () => {
      killedAt = Date.now();
      out(`[${t()}] kill -9 instance a (pid ${instA.child!.pid}) at operation ${next}`);
      instA.child!.kill('SIGKILL');
      restart = (async () => {
        await sleep(DOWN_MS);
        startInstance(instA, env);
        await answering(`http://127.0.0.1:${instA.port}`, 120_000);
        restartedAt = Date.now();
        out(`[${t()}] instance a started again (down ${((restartedAt - killedAt) / 1000).toFixed(1)} s)`);
      })();
    };

    const worker = async (w: number) => {
      const token = tokens[w]!;
      servedBy.set(w, { before: new Set(), after: new Set() });
      for (;;) {
        const i = next++;
        if (i >= OPS) return;
        if (i === KILL_AT) kill();
        const kind = i % 10 < 5 ? 'receipt' : i % 10 < 8 ? 'report' : i % 10 < 9 ? 'upload' : 'login';
        counts[kind]++;
        const t0 = Date.now();
        let answer: Answer | undefined;
        if (kind === 'receipt') {
          const loanId = repaying[i % repaying.length]!;
          const key = `scale-receipt-${i}`;
          const received = `${(10 + (i % 7)).toFixed(2)}`;
          // a client retries a receipt it got no answer for with the same idempotency key
          for (let attempt = 0; attempt < 8; attempt++) {
            if (attempt > 0) {
              retries++;
              await sleep(400);
            }
            answer = await request(base, 'POST', '/repayments', token, { loanId, received, method: 'cash', repayType: 'auto', idempotencyKey: key });
            if (!transient(answer)) break;
          }
          if (ok(answer!)) receipts.push({ loanId, key, repayNo: (answer!.body!.data as { repayNo: string }).repayNo, received });
          else if (transient(answer!)) lost.push(`receipt ${key}`);
          else refuse(kind, answer);
        } else if (kind === 'report') {
          const name = ['repayment', 'outstandingSummary', 'overdue'][i % 3]!;
          for (let attempt = 0; attempt < 8; attempt++) {
            if (attempt > 0) {
              retries++;
              await sleep(400);
            }
            answer = i % 6 === 5 ? await request(base, 'GET', '/dashboard', token) : await request(base, 'GET', `/reports/${name}?pageSize=50`, token);
            if (!transient(answer)) break;
          }
          if (!ok(answer!)) refuse(kind, answer);
        } else if (kind === 'upload') {
          const loanId = open[i % open.length]!;
          const bytes = pngOf(16 + (i % 50), 16, [i % 256, 80, 160]);
          const fileName = `scale-${i}.png`;
          const form = new FormData();
          form.append('kind', 'other');
          form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
          // an upload has no idempotency key: one attempt, an unanswered one is not acknowledged
          answer = await request(base, 'POST', `/loans/${loanId}/documents`, token, undefined, form);
          if (ok(answer)) uploads.push({ loanId, fileName, sha256: createHash('sha256').update(bytes).digest('hex') });
          else if (transient(answer)) lost.push(`upload ${fileName} (not acknowledged)`);
          else refuse(kind, answer);
        } else {
          try {
            const fresh = await login(base, i % 20 === 9 ? 'manager' : 'accountant');
            answer = await request(base, 'GET', '/userInfo', fresh);
          } catch {
            answer = { status: 0, instance: null, body: null };
          }
          if (!ok(answer)) refuse(kind, answer);
        }
        if (answer && ok(answer)) {
          acked[kind]++;
          latency[kind].push(Date.now() - t0);
          if (kind !== 'login' && answer.instance) servedBy.get(w)![killedAt ? 'after' : 'before'].add(answer.instance);
        }
        if (i === KILL_AT) await sleep(50);
      }
    };
    const loadStart = Date.now();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const loadSeconds = (Date.now() - loadStart) / 1000;
    await restart;
    out(`[${t()}] load done in ${loadSeconds.toFixed(1)} s`);
    // every worker's session again, now that a is back: each instance serves the sessions made before the kill
    await sleep(1_500);
    let afterRestart = 0;
    for (const token of tokens) {
      for (let k = 0; k < 4; k++) {
        const a = await request(base, 'GET', '/userInfo', token);
        if (ok(a) && a.instance === 'a') afterRestart++;
      }
    }

    // ---- the daily job, asked of both instances at the same moment
    const adminToken = tokens[0]!;
    const daily = await Promise.all(instances.map((inst) => request(`http://127.0.0.1:${inst.port}`, 'POST', '/repayments/dailyJob', adminToken, {})));
    const today = (await admin.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;

    // ---- figures
    await standbyCaughtUp(pair.primary.url(DB), standby.url(DB));
    await sleep(1_200); // the standby's statistics are flushed about once a second
    const standbyAfter = await standbyXacts();
    out();
    out(`Load: ${OPS} operations in ${loadSeconds.toFixed(1)} s (${(OPS / loadSeconds).toFixed(1)}/s), ${WORKERS} clients, ${retries} retries of unanswered requests, ${refused} refused`);
    for (const kind of Object.keys(counts) as (keyof typeof counts)[]) {
      out(`  ${kind.padEnd(8)} asked ${String(counts[kind]).padStart(4)}  acknowledged ${String(acked[kind]).padStart(4)}  p50 ${percentile(latency[kind], 50)} ms  p95 ${percentile(latency[kind], 95)} ms`);
    }
    for (const [why, n] of refusals) out(`  refused ×${n}: ${why}`);
    if (lost.length) out(`  unanswered after retries: ${lost.join(', ')}`);
    out(`  instance a down ${((restartedAt - killedAt) / 1000).toFixed(1)} s (kill -9, then started again); instance starts: a ${instA.starts}, b ${instances[1]!.starts}`);
    out();
    out('Checks:');
    // receipts: each acknowledged one exactly once, with its amount
    const keys = receipts.map((r) => r.key);
    const rows = (await admin.query<{ idempotency_key: string; repay_no: string; received: string; n: string }>(
      `select idempotency_key, min(repay_no) repay_no, min(received)::text received, count(*) n from loan_repayments where idempotency_key = any($1) group by idempotency_key`,
      [keys],
    )).rows;
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    const receiptsOk = receipts.filter((r) => {
      const row = byKey.get(r.key);
      return row && Number(row.n) === 1 && row.repay_no === r.repayNo && Number(row.received) === Number(r.received);
    }).length;
    const allScale = Number((await admin.query<{ n: string }>(`select count(*) n from loan_repayments where idempotency_key like 'scale-receipt-%'`)).rows[0]!.n);
    check('receipts', receiptsOk === receipts.length && receipts.length > 0, `${receiptsOk} of ${receipts.length} acknowledged receipts present exactly once with their number and amount; ${allScale} receipts of the run in the database (${counts.receipt} asked)`);
    const docRows = (await admin.query<{ file_name: string; n: string; sha: string | null }>(
      `select d.file_name, count(*) n, min(f.sha256) sha from loan_documents d left join stored_files f on f.key like '%/' || d.storage_key where d.file_name = any($1) group by d.file_name`,
      [uploads.map((u) => u.fileName)],
    )).rows;
    const docs = new Map(docRows.map((r) => [r.file_name, r]));
    const uploadsOk = uploads.filter((u) => {
      const row = docs.get(u.fileName);
      return row && Number(row.n) === 1 && row.sha === u.sha256;
    }).length;
    check('uploads', uploadsOk === uploads.length && uploads.length > 0, `${uploadsOk} of ${uploads.length} acknowledged uploads present exactly once, bytes' SHA-256 as sent`);
    const tb = await request(base, 'GET', '/ledger/trialBalance', adminToken);
    const tbData = tb.body?.data as { balanced: boolean; totals: { debit: string; credit: string }; entryCount: number } | undefined;
    const unbalanced = Number((await admin.query<{ n: string }>(`select count(*) n from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) x`)).rows[0]!.n);
    check('trial balance', !!tbData?.balanced && unbalanced === 0, `debits ${tbData?.totals.debit} = credits ${tbData?.totals.credit} over ${tbData?.entryCount} entries; ${unbalanced} unbalanced journal entries`);
    const bc = await request(base, 'GET', '/ledger/balanceCheck', adminToken);
    const bcData = bc.body?.data as { consistent: boolean; differences: unknown[]; entryCountDifferences: unknown[] } | undefined;
    check('kept balances', !!bcData?.consistent, `kept day balances and entry counts against the journal: ${bcData ? `${bcData.differences.length} + ${bcData.entryCountDifferences.length} differences` : `answer ${bc.status}`}`);
    check('reports on the standby', standbyAfter - standbyBefore >= acked.report, `the standby ran ${standbyAfter - standbyBefore} transactions during the run for ${acked.report} report and dashboard reads (pg_stat_database on the standby)`);
    const runs = (await admin.query<{ n: string; forced: string }>(`select count(*) n, count(*) filter (where forced) forced from daily_job_runs where business_date = $1`, [today])).rows[0]!;
    const dailyAnswers = daily.map((d) => `${d.status} ${d.body?.message ?? ''}`.trim());
    check('daily job once', Number(runs.n) === 1 && Number(runs.forced) === 0, `asked of a and b at once → ${dailyAnswers.join(' | ')}; ${runs.n} run recorded for ${today}`);
    const sessionsAfter = Number((await admin.query<{ n: string }>('select count(*) n from sessions')).rows[0]!.n);
    const moved = [...servedBy.values()].filter((s) => s.before.has('a') && s.after.has('b')).length;
    const onlyB = [...servedBy.values()].filter((s) => s.after.size > 0).length;
    check(
      'sessions survive',
      moved === WORKERS && afterRestart > 0,
      `${moved} of ${WORKERS} clients served by a before the kill went on with the same session on b (no new login: ${WORKERS} logins for them); ${afterRestart} of ${WORKERS * 4} later requests with those sessions served by the restarted a; ${onlyB} clients worked after the kill; sessions in the database ${sessionsBefore} → ${sessionsAfter} (${counts.login} extra logins asked)`,
    );
    await admin.end();
    await standbyAdmin.end();
  } finally {
    haproxy?.kill('SIGTERM');
    for (const inst of instances) inst.child?.kill('SIGTERM');
    await sleep(1_000);
    await pair?.stop();
  }
  out();
  out(failures.length ? `scale-test: FAILED (${failures.join(', ')}) in ${t()}; logs in ${artifacts}` : `scale-test: passed in ${t()}; logs in ${artifacts}`);
  process.exit(failures.length ? 1 : 0);
}

void main().catch((err: unknown) => {
  process.stderr.write(`scale-test: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
