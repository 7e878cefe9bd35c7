/**
 * Loan figures at 100,000 loans: the real server (test mode, like the server part) on a fresh
 * embedded database with the demo data, the bench's seed generator (bench/seed) adds the large
 * book through SQL, then, one after the other in this run and at the same concurrency:
 *
 * - `GET /loans` filtered by status, store and an application-date range (a quarter), cycling
 *   through every store × four statuses × twenty quarters of the five years;
 * - the bare indexed SELECT (bench/server/bare-app.ts), the baseline;
 * - `GET /loans?q=<HKID>`: the exact search by a borrower's ID number, written as staff type it
 *   (`H100012(3)`), cycling through 300 borrowers.
 *
 * Each is measured twice: at the counter's concurrency (2 clients: the latencies the goal is
 * about) and under a load well past a three-store lender's (10 clients: requests per second).
 * Each reports p50/p95/p99 latency and requests per second; the ratios are the loan routes'
 * requests per second over the bare route's at the same concurrency. The plans of the two queries are read with EXPLAIN
 * (as the app's role, under row-level security) and the indexes they use are printed.
 */
import path from 'node:path';
import pg from 'pg';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { measureLatency, type LatencyResult } from '../lib/latency.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { seedBench } from '../seed/index.js';
import { startBare } from './bench-server.js';

const PART = 'loans';
const LOANS = Number(process.env.HARBOUR_BENCH_LOANS ?? 100_000);
/** Staff at the counter at the same instant: the latencies are measured at this concurrency. */
const CONNECTIONS = Number(process.env.HARBOUR_BENCH_LOAN_CONNECTIONS ?? 2);
/** A load well past a three-store lender's: requests per second and the ratios at this concurrency. */
const LOAD_CONNECTIONS = Number(process.env.HARBOUR_BENCH_LOAN_LOAD ?? 10);
const WARMUP_S = 2;
const DURATION_S = Number(process.env.HARBOUR_BENCH_SECONDS ?? 10);
const GOAL_P99_MS = 100;
const STATUSES = ['repaying', 'complete', 'reject', 'oca'];

/** Quarters back from today: [from, to] as YYYY-MM-DD. */
function quarters(today: string, count: number): [string, string][] {
  const out: [string, string][] = [];
  const end = new Date(`${today}T00:00:00Z`);
  for (let q = 0; q < count; q++) {
    const to = new Date(end);
    to.setUTCMonth(to.getUTCMonth() - 3 * q);
    const from = new Date(to);
    from.setUTCMonth(from.getUTCMonth() - 3);
    from.setUTCDate(from.getUTCDate() + 1);
    out.push([from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]);
  }
  return out;
}

/** The indexes a plan scans, by name. */
const indexesOf = (plan: string) => [...new Set([...plan.matchAll(/Index(?: Only)? Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]))];

/**
 * EXPLAIN of the list query's shape as `listLoans` (apps/server/src/modules/loans/read.ts) sends
 * it, run as the app's role with an all-stores scope, so row-level security applies as it does
 * for the manager the bench signs in as.
 */
async function plans(databaseUrl: string, filter: { storeId: number; status: string; from: string; to: string }, idNumber: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ owner: string }>(`select tableowner as owner from pg_tables where tablename = 'loans'`);
    const { rows: roles } = await client.query<{ rolname: string }>(
      `select r.rolname from pg_roles r where r.rolcanlogin and not r.rolsuper and has_table_privilege(r.oid, 'loans', 'select') and r.rolname <> $1 limit 1`,
      [rows[0]!.owner],
    );
    await client.query('begin');
    if (roles[0]) await client.query(`set local role "${roles[0].rolname}"`);
    await client.query(`select set_config('harbour.all_stores', 'on', true)`);
    const select = `select loans.*, customers.*, stores.name_zh, staff.name, cast(count(*) over () as integer)
      from loans join customers on customers.id = loans.customer_id join stores on stores.id = loans.store_id join staff on staff.id = loans.staff_id`;
    const explain = async (sql: string, params: unknown[]) =>
      (await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const list = await explain(`${select} where loans.status = $1 and loans.store_id = $2 and loans.apply_date >= $3 and loans.apply_date <= $4 order by loans.id desc limit 20`, [
      filter.status,
      filter.storeId,
      filter.from,
      filter.to,
    ]);
    const search = await explain(`${select} where loans.customer_id in (select id from customers where id_number = $1) order by loans.id desc limit 20`, [idNumber]);
    await client.query('rollback');
    return { list, search, role: roles[0]?.rolname ?? 'superuser' };
  } finally {
    await client.end();
  }
}

export async function benchLoans(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  let bare: { url: string; stop: () => void } | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/loans-server.log') });
    } catch (err) {
      return [na(PART, 'GET /loans', errorText(err))];
    }
    const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
    const seeded = await seedBench(databaseUrl, { loans: LOANS, log: (line) => console.log(line) });
    const figures: Figure[] = [
      {
        part: PART,
        name: 'bench seed (SQL)',
        value: `${fmt(seeded.loans)} loans (${fmt(seeded.paidOut)} paid out), ${fmt(seeded.customers)} customers, ${fmt(seeded.instalments)} instalments in ${fmt(seeded.seconds, 1)} s`,
      },
    ];

    const authorization = await adminLogin(server.baseURL);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const stores = (await db.query<{ id: number }>('select id from stores order by id')).rows.map((r) => r.id);
    const today = (await db.query<{ d: string }>(`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as d`)).rows[0]!.d;
    // Borrowers of bench loans, spread over the book; written as staff type them: H100012(3).
    const ids = (
      await db.query<{ id_number: string }>(
        `select c.id_number from customers c where c.customer_code like 'BC%' and exists (select 1 from loans l where l.customer_id = c.id) order by md5(c.id::text) limit 300`,
      )
    ).rows.map((r) => `${r.id_number.slice(0, -1)}(${r.id_number.slice(-1)})`);
    await db.end();

    const list = (q: Record<string, string>) => `${server!.baseURL}${API}/loans?${new URLSearchParams({ page: '1', pageSize: '20', ...q })}`;
    const filterUrls = stores.flatMap((storeId) =>
      STATUSES.flatMap((status) => quarters(today, 20).map(([from, to]) => list({ status, storeId: String(storeId), applyDateFrom: from, applyDateTo: to }))),
    );
    const searchUrls = ids.map((q) => list({ q }));

    // The answers are what they claim before anything is timed.
    const headers = { authorization };
    const first = (await (await fetch(filterUrls[0]!, { headers })).json()) as { data?: { total: number; items: { status: string; storeId: number }[] } };
    if (!first.data || first.data.total === 0 || first.data.items.some((i) => i.status !== STATUSES[0] || i.storeId !== stores[0])) {
      return [...figures, na(PART, 'GET /loans (filter)', `unexpected answer ${JSON.stringify(first).slice(0, 200)}`)];
    }
    const found = (await (await fetch(searchUrls[0]!, { headers })).json()) as { data?: { total: number } };
    if (!found.data || found.data.total === 0) return [...figures, na(PART, 'GET /loans?q=<HKID>', 'the ID search found no loan')];

    bare = await startBare(databaseUrl);
    const run = (urls: string[], h: Record<string, string>, connections: number, seconds: number) => measureLatency(urls, { connections, seconds, headers: h });
    await run(filterUrls, headers, LOAD_CONNECTIONS, WARMUP_S);
    await run(searchUrls, headers, LOAD_CONNECTIONS, WARMUP_S);
    await run([bare.url], {}, LOAD_CONNECTIONS, WARMUP_S);
    // Latency at the counter's concurrency, then throughput under load; the bare route between
    // the two loan routes each time, so a drift of the machine shows on both sides.
    const filtered = await run(filterUrls, headers, CONNECTIONS, DURATION_S);
    const base = await run([bare.url], {}, CONNECTIONS, DURATION_S);
    const searched = await run(searchUrls, headers, CONNECTIONS, DURATION_S);
    const filteredLoad = await run(filterUrls, headers, LOAD_CONNECTIONS, DURATION_S);
    const baseLoad = await run([bare.url], {}, LOAD_CONNECTIONS, DURATION_S);
    const searchedLoad = await run(searchUrls, headers, LOAD_CONNECTIONS, DURATION_S);

    const line = (r: LatencyResult, goal: boolean) =>
      `p50 ${fmt(r.p50, 1)} / p95 ${fmt(r.p95, 1)} / p99 ${fmt(r.p99, 1)} ms${goal ? ` (goal p99 ≤ ${GOAL_P99_MS})` : ''}, ${fmt(r.rps)} req/s${r.failures ? ` (${r.failures} failed)` : ''}`;
    const ratio = (r: LatencyResult, b: LatencyResult) => (b.rps > 0 ? fmt(r.rps / b.rps, 2) : 'n/a (bare answered nothing)');
    const [from, to] = quarters(today, 2)[1]!;
    const plan = await plans(databaseUrl, { storeId: stores[0]!, status: 'repaying', from, to }, ids[0]!.replace(/[()]/g, ''));
    figures.push(
      { part: PART, name: `GET /loans status+store+apply dates, ${CONNECTIONS} connections`, value: line(filtered, true) },
      { part: PART, name: `GET /loans?q=<HKID>, ${CONNECTIONS} connections`, value: line(searched, true) },
      { part: PART, name: `bare indexed SELECT, ${CONNECTIONS} connections`, value: line(base, false) },
      { part: PART, name: `GET /loans status+store+apply dates, ${LOAD_CONNECTIONS} connections`, value: line(filteredLoad, false) },
      { part: PART, name: `GET /loans?q=<HKID>, ${LOAD_CONNECTIONS} connections`, value: line(searchedLoad, false) },
      { part: PART, name: `bare indexed SELECT, ${LOAD_CONNECTIONS} connections`, value: line(baseLoad, false) },
      { part: PART, name: `ratio filtered list ÷ bare (req/s), ${CONNECTIONS} / ${LOAD_CONNECTIONS} connections`, value: `${ratio(filtered, base)} / ${ratio(filteredLoad, baseLoad)}` },
      { part: PART, name: `ratio ID search ÷ bare (req/s), ${CONNECTIONS} / ${LOAD_CONNECTIONS} connections`, value: `${ratio(searched, base)} / ${ratio(searchedLoad, baseLoad)}` },
      { part: PART, name: `plan of the filtered list (as ${plan.role})`, value: `indexes ${indexesOf(plan.list).join(', ') || 'none (sequential scan)'}` },
      { part: PART, name: `plan of the ID search (as ${plan.role})`, value: `indexes ${indexesOf(plan.search).join(', ') || 'none (sequential scan)'}` },
    );
    if (process.env.HARBOUR_BENCH_PLANS) console.log(`\n${plan.list}\n\n${plan.search}\n`);
    return figures;
  } catch (err) {
    return [na(PART, 'GET /loans at 100,000 loans', errorText(err))];
  } finally {
    bare?.stop();
    await server?.stop();
  }
}
