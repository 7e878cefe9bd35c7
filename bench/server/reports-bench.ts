/**
 * Reports at 100,000 loans (issue 12): the real server (test mode) on a fresh embedded database
 * with the demo data and the bench book (bench/seed: loans, ≈ 1.2 million instalments, receipts,
 * OCA, write-offs, due summaries, SMS and the journal), then:
 *
 * - every declared report (`REPORTS` of @harbour/contracts, so a report declared later is measured
 *   without touching this file): `GET /reports/<name>` with its defaults and every `<x>From` /
 *   `<x>To` date pair opened to five years, a warm-up then `HARBOUR_BENCH_REPORT_RUNS` times one
 *   after the other — as the demo `admin` (every store) and as a manager of one store (a bench
 *   staff member with the demo manager's roles and only the first store); p50 / p95 each, flagged
 *   above 1 s;
 * - the xlsx export of the report of the fewest rows at or above 100,000 (the issue's "100,000-row
 *   export"; `GET /reports/<name>/export?format=xlsx&…`), read as a stream while the server
 *   process's resident memory (`VmRSS` of /proc/<pid>/status) is sampled: the growth over the
 *   figure just before, against 100 MB, and the time; then the largest report's export the same
 *   way, without a goal (nine times the rows: the growth should not follow them);
 * - `GET /dashboard?store=all`, p50 / p95 against 300 ms (the dashboard's queries together).
 *
 * A route that answers 404 (not built yet in this tree) is reported "not available".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPORTS as ALL_REPORTS, type ReportDecl, type ReportParamDecl } from '@harbour/contracts';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin, staffLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { percentile } from '../lib/latency.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { seedBench } from '../seed/index.js';

const PART = 'reports';
const LOANS = Number(process.env.HARBOUR_BENCH_LOANS ?? 100_000);
const RUNS = Number(process.env.HARBOUR_BENCH_REPORT_RUNS ?? 10);
const REPORT_GOAL_MS = 1000;
const DASHBOARD_GOAL_MS = 300;
const TRIAL_BALANCE_GOAL_MS = 200;
const EXPORT_GOAL_MB = 100;
const EXPORT_MIN_ROWS = 100_000;
/** The export's choice when no report reaches 100,000 rows (a smaller book): a row per instalment or per loan. */
const EXPORT_CANDIDATES = ['repaymentSchedule', 'loanDetail'];
const ONE_STORE_MANAGER = 'benchmanager';
const ONE_STORE_ROLE = 'bench one-store manager';

/** YYYY-MM-DD `years` before `day`. */
const yearsBefore = (day: string, years: number) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`.replace(/-02-29$/, '-02-28');

interface Ids {
  store: number;
  staff: number;
  customer: number;
  ocaAgent: number | null;
  agent: number | null;
  /** a paid-out loan's number: what staff type to find one borrower (a required `keyword`) */
  keyword: string;
}

/** A value for a required parameter without a default (the server would answer 422 without it). */
function requiredValue(p: ReportParamDecl, today: string, ids: Ids): string | undefined {
  switch (p.kind) {
    case 'date':
      return today;
    case 'month':
      return today.slice(0, 7);
    case 'year':
      return today.slice(0, 4);
    case 'store':
      return String(ids.store);
    case 'staff':
      return String(ids.staff);
    case 'customer':
      return String(ids.customer);
    case 'ocaAgent':
      return ids.ocaAgent === null ? undefined : String(ids.ocaAgent);
    case 'agent':
      return ids.agent === null ? undefined : String(ids.agent);
    case 'enum':
      return p.options?.[0];
    case 'integer':
      return '0';
    case 'text':
      return p.name === 'keyword' ? ids.keyword : undefined;
  }
}

/** The report's query string: its defaults, every date range opened to five years, required parameters filled. */
export function reportParams(decl: ReportDecl, today: string, ids: Ids): Record<string, string> {
  const q: Record<string, string> = {};
  for (const p of decl.params) {
    if (p.kind === 'date' && /From$/.test(p.name) && decl.params.some((o) => o.name === `${p.name.slice(0, -4)}To`)) q[p.name] = yearsBefore(today, 5);
    else if (p.kind === 'date' && /To$/.test(p.name) && decl.params.some((o) => o.name === `${p.name.slice(0, -2)}From`)) q[p.name] = today;
    else if (p.required && p.default === undefined) {
      const v = requiredValue(p, today, ids);
      if (v !== undefined) q[p.name] = v;
    }
  }
  return q;
}

interface Timed {
  status: number;
  ms: number[];
  total?: number;
  error?: string;
}

/** A request slower than this is timed once, not repeated (a slow plan would hold the run for minutes). */
const GIVE_UP_MS = 10_000;
/** A request is abandoned after this. */
const ABORT_MS = 120_000;

/**
 * One warm-up, then `runs` requests one after the other; stops at the first answer that is not
 * 2xx, and after the warm-up when that took over `GIVE_UP_MS` (its time is then the only one).
 */
async function timeRequests(url: string, authorization: string, runs: number): Promise<Timed> {
  const ms: number[] = [];
  let total: number | undefined;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(ABORT_MS) });
      text = await res.text();
    } catch (err) {
      return { status: 0, ms, error: `no answer within ${ABORT_MS / 1000} s (${errorText(err)})` };
    }
    const took = performance.now() - t0;
    if (!res.ok) return { status: res.status, ms, error: text.slice(0, 160) };
    if (i === 0) {
      try {
        const body = JSON.parse(text) as { data?: { total?: number } };
        total = body.data?.total;
      } catch {
        // not JSON: the dashboard's answer needs no count
      }
      if (took > GIVE_UP_MS) {
        ms.push(took);
        break;
      }
    } else ms.push(took);
  }
  ms.sort((a, b) => a - b);
  return { status: 200, ms, ...(total === undefined ? {} : { total }) };
}

const describe = (t: Timed, goalMs: number) => {
  const p95 = percentile(t.ms, 95);
  if (t.ms.length === 1 && t.ms[0]! > GIVE_UP_MS) return `${fmt(t.ms[0]!, 0)} ms once (not repeated)${t.total === undefined ? '' : `, ${fmt(t.total)} rows`} — OVER ${fmt(goalMs)} ms`;
  return `p50 ${fmt(percentile(t.ms, 50), 1)} / p95 ${fmt(p95, 1)} ms${t.total === undefined ? '' : `, ${fmt(t.total)} rows`}${p95 > goalMs ? ` — OVER ${fmt(goalMs)} ms` : ''}`;
};

/** Resident memory of a process, bytes. */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** The export streamed and read chunk by chunk while the server's RSS is sampled every 20 ms. */
async function measureExport(url: string, authorization: string, pid: number) {
  const before = rss(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // the process is gone: the request will fail too
    }
  }, 20);
  const t0 = performance.now();
  let bytes = 0;
  let firstByteMs = NaN;
  try {
    const res = await fetch(url, { headers: { authorization } });
    if (!res.ok || !res.body) return { status: res.status, error: (await res.text()).slice(0, 160) };
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += chunk.byteLength;
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', bytes, seconds: (performance.now() - t0) / 1000, firstByteMs, before, peak: Math.max(peak, rss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** A manager of the first store only: the demo manager's roles and password, one store. */
async function oneStoreManager(db: pg.Client, storeId: number): Promise<void> {
  await db.query('begin');
  await db.query(
    `insert into staff (username, name, password_hash, default_store_id, level_id, state, default_language)
     select $1, name || ' (1)', password_hash, $2, level_id, state, default_language from staff where username = 'manager'
     on conflict (username) do nothing`,
    [ONE_STORE_MANAGER, storeId],
  );
  // The demo manager's role reaches every store: the bench manager gets a copy of it that does not
  // (its permissions, `all_stores` false), so row-level security narrows its reports to one store.
  await db.query(
    `insert into roles (name, description, all_stores)
     select $1, 'bench: the demo manager''s permissions, one store', false on conflict (name) do nothing`,
    [ONE_STORE_ROLE],
  );
  await db.query(
    `insert into role_permissions (role_id, permission_key)
     select o.id, rp.permission_key from roles o, staff m join staff_roles sr on sr.staff_id = m.id join role_permissions rp on rp.role_id = sr.role_id
     where o.name = $1 and m.username = 'manager' on conflict do nothing`,
    [ONE_STORE_ROLE],
  );
  await db.query(
    `insert into staff_roles (staff_id, role_id) select b.id, o.id from staff b, roles o
     where b.username = $1 and o.name = $2 on conflict do nothing`,
    [ONE_STORE_MANAGER, ONE_STORE_ROLE],
  );
  await db.query(`insert into staff_stores (staff_id, store_id) select id, $2 from staff where username = $1 on conflict do nothing`, [ONE_STORE_MANAGER, storeId]);
  await db.query('commit');
}

export async function benchReports(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/reports-server.log') });
    } catch (err) {
      return [na(PART, 'GET /reports/<name>', errorText(err))];
    }
    const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
    const seeded = await seedBench(databaseUrl, { loans: LOANS, log: (line) => console.log(line) });
    const s = seeded.servicing;
    const figures: Figure[] = [
      {
        part: PART,
        name: 'bench seed (SQL)',
        value:
          `${fmt(seeded.loans)} loans (${fmt(seeded.paidOut)} paid out), ${fmt(seeded.instalments)} instalments, ${fmt(s.receipts)} receipts (${fmt(s.receiptLines)} lines), ` +
          `${fmt(s.journalEntries)} journal entries (${fmt(s.journalLines)} lines), ${fmt(s.overdueLoans)} repaying loans overdue, ${fmt(s.ocaTransfers)} OCA, ${fmt(s.writeOffs)} write-offs, ` +
          `${fmt(s.sms)} SMS in ${fmt(seeded.seconds, 1)} s`,
      },
    ];
    return [...figures, ...(await measureReports(server, databaseUrl))];
  } catch (err) {
    return [na(PART, 'reports at 100,000 loans', errorText(err))];
  } finally {
    await server?.stop();
  }
}

/** The measurements, on a running server whose database holds the bench book. */
export async function measureReports(server: Pick<RunningServer, 'baseURL' | 'pid'>, databaseUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let ids: Ids;
  let today: string;
  try {
    today = (await db.query<{ d: string }>(`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as d`)).rows[0]!.d;
    const first = (sql: string) => db.query<{ id: number }>(sql).then((r) => r.rows[0]?.id ?? null);
    const store = (await first('select id from stores order by id limit 1'))!;
    ids = {
      store,
      staff: (await first(`select staff_id as id from staff_stores where store_id = ${store} order by staff_id limit 1`))!,
      customer: (await first(`select customer_id as id from loans where store_id = ${store} and payout_date is not null order by id limit 1`))!,
      ocaAgent: await first('select id from oca_agents order by id limit 1'),
      agent: await first('select id from referral_agents order by id limit 1'),
      keyword: (await db.query<{ n: string }>(`select loan_no as n from loans where store_id = $1 and payout_date is not null order by id limit 1`, [store])).rows[0]!.n,
    };
    await oneStoreManager(db, store);
  } finally {
    await db.end();
  }
  const callers: [string, string][] = [
    ['admin, every store', await adminLogin(server.baseURL)],
    [`manager of store ${ids.store}`, await staffLogin(server.baseURL, ONE_STORE_MANAGER)],
  ];
  const url = (p: string, q: Record<string, string> = {}) => `${server.baseURL}${API}${p}${Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`;

  // Every declared report, as each caller (`HARBOUR_BENCH_REPORT_NAMES=a,b` only those; empty: none).
  const named = process.env.HARBOUR_BENCH_REPORT_NAMES?.split(',').map((n) => n.trim()).filter(Boolean);
  const REPORTS = named === undefined ? ALL_REPORTS : ALL_REPORTS.filter((r) => named.includes(r.name));
  if (REPORTS.length === 0) figures.push(na(PART, 'GET /reports/<name>', named ? 'none chosen (HARBOUR_BENCH_REPORT_NAMES)' : 'no report is declared in this tree'));
  const slow: string[] = [];
  const totals = new Map<string, number>();
  for (const decl of REPORTS) {
    const params = reportParams(decl, today, ids);
    for (const [who, authorization] of callers) {
      const t = await timeRequests(url(`/reports/${decl.name}`, { ...params, page: '1', pageSize: '50' }), authorization, RUNS);
      const name = `GET /reports/${decl.name} (${who})`;
      if (t.status === 404) figures.push(na(PART, name, 'not available (404)'));
      else if (t.status !== 200) figures.push(na(PART, name, `answered ${t.status}: ${t.error}`));
      else {
        figures.push({ part: PART, name, value: describe(t, REPORT_GOAL_MS) });
        if (percentile(t.ms, 95) > REPORT_GOAL_MS) slow.push(`${decl.name} (${who})`);
        if (who.startsWith('admin') && t.total !== undefined) totals.set(decl.name, t.total);
      }
    }
  }
  if (REPORTS.length > 0) {
    figures.push({
      part: PART,
      name: `reports with p95 over ${fmt(REPORT_GOAL_MS)} ms (${REPORTS.length} reports, ${RUNS} runs each, five-year periods)`,
      value: slow.length === 0 ? 'none' : slow.join(', '),
    });
  }

  // The exports, streamed: the issue's goal on the report of the fewest rows at or above 100,000
  // (its "100,000-row export"), then the largest report's, far past it, as a figure without a goal.
  const declared = new Set(REPORTS.map((r) => r.name as string));
  const bySize = [...totals.entries()].sort((a, b) => a[1] - b[1]);
  const goalName = process.env.HARBOUR_BENCH_EXPORT_REPORT ?? bySize.find(([, n]) => n >= EXPORT_MIN_ROWS)?.[0] ?? EXPORT_CANDIDATES.find((n) => declared.has(n));
  const largestName = bySize.at(-1)?.[0];
  if (!goalName) figures.push(na(PART, 'GET /reports/<name>/export?format=xlsx', 'no report is declared in this tree'));
  for (const [exportName, goal] of [[goalName, true], [largestName !== goalName ? largestName : undefined, false]] as const) {
    const exportDecl = REPORTS.find((r) => r.name === exportName);
    if (!exportDecl) continue;
    const name = `GET /reports/${exportDecl.name}/export?format=xlsx (admin)${goal ? '' : ', the largest report'}`;
    const e = await measureExport(url(`/reports/${exportDecl.name}/export`, { format: 'xlsx', ...reportParams(exportDecl, today, ids) }), callers[0]![1], server.pid);
    if (e.status === 404) figures.push(na(PART, name, 'not available (404)'));
    else if (e.error !== undefined) figures.push(na(PART, name, `answered ${e.status}: ${e.error}`));
    else {
      const rows = totals.get(exportDecl.name);
      const growthMb = (e.peak! - e.before!) / 1024 / 1024;
      figures.push({
        part: PART,
        name,
        value:
          `${rows === undefined ? '? rows' : `${fmt(rows)} rows`}${goal && rows !== undefined && rows < EXPORT_MIN_ROWS ? ` (fewer than ${fmt(EXPORT_MIN_ROWS)})` : ''}, ${fmt(e.bytes! / 1024 / 1024, 1)} MB in ${fmt(e.seconds!, 1)} s ` +
          `(first byte ${fmt(e.firstByteMs!, 0)} ms); server RSS ${fmt(e.before! / 1024 / 1024)} → peak ${fmt(e.peak! / 1024 / 1024)} MB, growth ${fmt(growthMb, 1)} MB` +
          (goal ? ` (goal ≤ ${EXPORT_GOAL_MB})${growthMb > EXPORT_GOAL_MB ? ' — OVER' : ''}` : ' (no goal: shows the growth does not follow the rows)'),
      });
    }
  }

  // The dashboard: its queries together, as one request.
  for (const [who, authorization] of callers) {
    const t = await timeRequests(url('/dashboard', { store: 'all' }), authorization, RUNS * 2);
    const name = `GET /dashboard?store=all (${who})`;
    if (t.status === 404) figures.push(na(PART, name, 'not available (404)'));
    else if (t.status !== 200) figures.push(na(PART, name, `answered ${t.status}: ${t.error}`));
    else figures.push({ part: PART, name, value: `${describe(t, DASHBOARD_GOAL_MS)} (goal p95 ≤ ${DASHBOARD_GOAL_MS})` });
  }

  // The trial balance of five years, read from the kept day balances, beside the same sums taken
  // from the journal lines in the same run (what the route read before the balances were kept).
  const period = { from: yearsBefore(today, 5), to: today };
  for (const [who, authorization] of callers) {
    const t = await timeRequests(url('/ledger/trialBalance', period), authorization, RUNS * 2);
    const name = `GET /ledger/trialBalance, five years (${who})`;
    if (t.status !== 200) figures.push(na(PART, name, `answered ${t.status}: ${t.error}`));
    else figures.push({ part: PART, name, value: `${describe(t, TRIAL_BALANCE_GOAL_MS)} (goal p95 ≤ ${TRIAL_BALANCE_GOAL_MS})` });
  }
  figures.push({ part: PART, name: 'the same five years summed from the journal lines (SQL, every store; the baseline)', value: await journalSumBaseline(databaseUrl, period) });
  return figures;
}

/** The trial balance's sums taken from the journal lines, as the route read them before balances were kept. */
async function journalSumBaseline(databaseUrl: string, period: { from: string; to: string }): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ms: number[] = [];
    for (let i = 0; i <= 3; i++) {
      await db.query('begin');
      await db.query(`select set_config('harbour.all_stores', 'on', true)`);
      const t0 = performance.now();
      await db.query(
        `select l.account, sum(l.debit), sum(l.credit) from journal_lines l join journal_entries e on e.id = l.entry_id
          where e.entry_date between $1 and $2 group by l.account`,
        [period.from, period.to],
      );
      if (i > 0) ms.push(performance.now() - t0);
      await db.query('commit');
    }
    ms.sort((a, b) => a - b);
    return `p50 ${fmt(percentile(ms, 50), 0)} ms, slowest ${fmt(ms.at(-1)!, 0)} ms (3 runs)`;
  } finally {
    await db.end();
  }
}
