/**
 * Receipts posted per second (issue: servicing): the real server (test mode, like the other
 * server parts) on a fresh embedded database with the demo data and a book of bench loans (the
 * bench seed, through SQL), then, in this run and on the same PostgreSQL:
 *
 * - `POST /repayments` at 16 connections: small cash receipts spread over the repaying loans that
 *   are not overdue, each with its own idempotency key — each one the whole posting (loan row
 *   lock, allocation by the domain, receipt number, lines, balanced journal entry, audit row) in
 *   one transaction;
 * - pgbench's TPC-B-like run (`pgbench -c 16`) on a database of its own in the same cluster — the
 *   baseline: what this PostgreSQL does with a small write transaction.
 *
 * The ratio is receipts per second over pgbench's transactions per second; the goal is ≥ 0.3.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { measureRequests, type LatencyResult } from '../lib/latency.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';
import { seedBench } from '../seed/index.js';

const run = promisify(execFile);
const PART = 'receipts';
export const CONNECTIONS = Number(process.env.HARBOUR_BENCH_RECEIPT_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.HARBOUR_BENCH_SECONDS ?? 10);
const LOANS = Number(process.env.HARBOUR_BENCH_RECEIPT_LOANS ?? 5_000);
const GOAL_RATIO = 0.3;
const PGBENCH = process.env.HARBOUR_PGBENCH ?? '/usr/bin/pgbench';

/** pgbench's TPC-B-like run at the same concurrency on its own database: transactions per second. */
async function pgbenchTps(databaseUrl: string, seconds: number): Promise<number> {
  const url = new URL(databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('drop database if exists harbour_pgbench');
    await admin.query('create database harbour_pgbench');
  } finally {
    await admin.end();
  }
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const conn = ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)];
  await run(PGBENCH, [...conn, '-i', '-q', '-s', '1', 'harbour_pgbench'], { env });
  const { stdout } = await run(PGBENCH, [...conn, '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), '-n', 'harbour_pgbench'], { env });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps: ${stdout.slice(-300)}`);
  return Number(tps[1]);
}

/**
 * The database floor: a receipt's writes alone, as the one statement the server sends for them
 * (`harbour_post_receipt`, migration 0063), run by pgbench at `CONNECTIONS` clients as the
 * server's own role (`harbour_app`: row-level security, the append-only and kept-totals triggers
 * and the deferred balance check all apply). Each transaction sets its store scope and writes the
 * rows of a 10.00 receipt the server posted (copied: due summary, number, journal entry and lines,
 * receipt and lines, audit row) on one of `loanIds` under a new key, numbered on a counter of its
 * own. Bench-only: the template, the loans and the function live in the bench's database only.
 * Transactions per second: what the database alone does with a receipt's writes.
 */
async function floorTps(databaseUrl: string, dataDir: string, loanIds: readonly number[], seconds: number): Promise<{ tps: number; role: string }> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  try {
    await owner.query(`drop function if exists bench_floor_receipt(integer); drop table if exists bench_floor_loans, bench_floor_template; drop sequence if exists bench_floor_keys`);
    await owner.query(`create table bench_floor_loans (k serial primary key, loan_id integer not null, store_id integer not null)`);
    await owner.query(`insert into bench_floor_loans (loan_id, store_id) select l.id, l.store_id from loans l where l.id = any($1::int[]) order by l.id`, [loanIds]);
    await owner.query(`create sequence bench_floor_keys`);
    // the template: the rows of the latest 10.00 receipt the server posted, as harbour_post_receipt takes them
    const made = await owner.query(`
      create table bench_floor_template as
      select jsonb_build_object(
        'loanId', r.loan_id,
        'dueSummary', (select to_jsonb(d) from loan_due_summaries d where d.loan_id = r.loan_id),
        'code', jsonb_build_object('kind', 'repayNo', 'storeKey', r.store_id, 'period', 'floor', 'head', 'FLOOR', 'seqWidth', 8),
        'entry', (select to_jsonb(e) - 'id' || jsonb_build_object('memo', e.memo - 'repayNo') from journal_entries e where e.id = r.journal_entry_id),
        'journalLines', (select jsonb_agg(to_jsonb(l) - 'id' - 'entry_id' order by l.id) from journal_lines l where l.entry_id = r.journal_entry_id),
        'receipt', to_jsonb(r) - 'id' - 'repay_no' - 'journal_entry_id',
        'lines', (select coalesce(jsonb_agg(to_jsonb(l) - 'id' - 'repayment_id' order by l.id), '[]'::jsonb) from loan_repayment_lines l where l.repayment_id = r.id),
        'promises', '[]'::jsonb,
        'audit', (select to_jsonb(a) - 'id' || jsonb_build_object('after', a.after - 'repayNo' - 'journalEntryId', 'reference', null)
                    from audit_log a where a.module = 'repayments' and a.action = 'add' and a.reference = r.id::text)) as payload
      from loan_repayments r where r.idempotency_key like 'bench-%' and r.repay_type = 'auto' and r.received = 10
      order by r.id desc limit 1`);
    if (made.rowCount !== 1) throw new Error('no receipt of the main run to copy');
    await owner.query(`
      create function bench_floor_receipt(p_k integer) returns jsonb language plpgsql security invoker as $$
      declare
        v bench_floor_loans;
        t jsonb;
        s jsonb;
      begin
        select * into v from bench_floor_loans where k = p_k;
        select payload into t from bench_floor_template;
        s := jsonb_build_object('loan_id', v.loan_id, 'store_id', v.store_id);
        t := t || jsonb_build_object(
          'loanId', v.loan_id,
          'dueSummary', t->'dueSummary' || s,
          -- a counter of its own per store; repay_no is unique over every store, so the store is in the number
          'code', t->'code' || jsonb_build_object('storeKey', v.store_id, 'head', 'FLOOR' || v.store_id || '-'),
          'entry', t->'entry' || s,
          'journalLines', (select jsonb_agg(x.j || jsonb_build_object('store_id', v.store_id) order by x.n) from jsonb_array_elements(t->'journalLines') with ordinality x(j, n)),
          'receipt', t->'receipt' || s || jsonb_build_object('idempotency_key', 'floor-' || nextval('bench_floor_keys')),
          'lines', (select coalesce(jsonb_agg(x.j || s order by x.n), '[]'::jsonb) from jsonb_array_elements(t->'lines') with ordinality x(j, n)),
          'audit', t->'audit' || jsonb_build_object('record_store_ids', jsonb_build_array(v.store_id)));
        return harbour_post_receipt(t);
      end
      $$`);
    await owner.query(`grant select on bench_floor_loans, bench_floor_template to harbour_app; grant usage on sequence bench_floor_keys to harbour_app`);
  } finally {
    await owner.end();
  }
  const url = new URL(databaseUrl);
  let role = 'harbour_app';
  let password: string;
  try {
    password = readFileSync(path.join(dataDir, 'app.password'), 'utf8').trim();
  } catch {
    role = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'harbour-floor-'));
  try {
    const script = path.join(dir, 'receipt.sql');
    writeFileSync(script, `\\set k random(1, ${loanIds.length})\nBEGIN;\nSELECT harbour_apply_scope('{"allStores": true}');\nSELECT bench_floor_receipt(:k);\nEND;\n`);
    const env = { ...process.env, PGPASSWORD: password };
    const conn = ['-h', url.hostname, '-p', url.port, '-U', role];
    const { stdout } = await run(PGBENCH, [...conn, '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), '-n', '-f', script, url.pathname.slice(1)], { env }).catch((err: unknown) => {
      // pgbench says why on stderr (a role's rights, a statement's error)
      const stderr = (err as { stderr?: string }).stderr ?? '';
      throw new Error(`pgbench as ${role}: ${stderr.trim().split('\n').slice(-3).join(' / ') || errorText(err)}`);
    });
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps: ${stdout.slice(-300)}`);
    return { tps: Number(tps[1]), role };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Up to 1,000 repaying loans (of one store, when given) that are not overdue: on an overdue one a
 * 10.00 receipt is refused (it must cover the overdue interest and fees first, 422), and the seed
 * leaves ~8 % of repaying loans overdue.
 */
export async function receivingLoans(databaseUrl: string, storeId?: number, limit = 1000): Promise<number[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `select l.id from loans l where l.status = 'repaying' and l.interest_start_date <= (now() at time zone 'Asia/Hong_Kong')::date
         and ($1::int is null or l.store_id = $1)
         and not exists (select 1 from loan_due_summaries d where d.loan_id = l.id and (d.overdue_tenors > 0 or d.handling_fee > 0 or d.overdue_interest > 0))
       order by md5(l.id::text) limit $2`,
      [storeId ?? null, limit],
    );
    return rows.map((r) => r.id);
  } finally {
    await db.end();
  }
}

/**
 * The counter's receipts per second: `POST /repayments` at `CONNECTIONS` for `seconds` (after a
 * 2 s warm-up), 10.00 cash receipts spread over `loanIds`, each with its own idempotency key.
 */
export async function counterReceipts(baseURL: string, authorization: string, loanIds: readonly number[], seconds: number): Promise<LatencyResult | { refused: string }> {
  const headers = { authorization, 'content-type': 'application/json' };
  const url = `${baseURL}${API}/repayments`;
  const runId = Date.now().toString(36);
  const receipt = (n: number) => ({
    url,
    init: { method: 'POST', headers, body: JSON.stringify({ loanId: loanIds[((n % loanIds.length) + loanIds.length) % loanIds.length], received: '10.00', method: 'cash', repayType: 'auto', idempotencyKey: `bench-${runId}-${n}` }) },
  });
  // The answer is a posted receipt before anything is timed.
  const first = (await (await fetch(receipt(-1).url, receipt(-1).init)).json()) as { data?: { repayNo?: string } };
  if (!first.data?.repayNo) return { refused: `unexpected answer ${JSON.stringify(first).slice(0, 200)}` };
  await measureRequests((n) => receipt(1_000_000 + n), { connections: CONNECTIONS, seconds: 2 });
  return measureRequests(receipt, { connections: CONNECTIONS, seconds });
}

/**
 * `times` receipts of 10.00 on each of `loanIds` (before anything is timed), `CONNECTIONS` at a
 * time, round-robin over the loans so no two wait on one loan's lock: the loans' history.
 */
async function postPrior(baseURL: string, authorization: string, loanIds: readonly number[], times: number): Promise<void> {
  const headers = { authorization, 'content-type': 'application/json' };
  const runId = Date.now().toString(36);
  let next = 0;
  const total = loanIds.length * times;
  const client = async () => {
    for (let n = next++; n < total; n = next++) {
      const res = await fetch(`${baseURL}${API}/repayments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ loanId: loanIds[n % loanIds.length], received: '10.00', method: 'cash', repayType: 'auto', idempotencyKey: `prior-${runId}-${n}` }),
      });
      if (!res.ok) throw new Error(`prior receipt ${n} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
}

const AGE_LOANS = 50;
const AGED_PRIOR = 60;

/** `POST /repayments` on loans with 1 and with `AGED_PRIOR` prior receipts: posting must not slow as a loan ages. */
async function byAge(baseURL: string, authorization: string, young: readonly number[], aged: readonly number[]): Promise<Figure[]> {
  await postPrior(baseURL, authorization, young, 1);
  await postPrior(baseURL, authorization, aged, AGED_PRIOR);
  const figures: Figure[] = [];
  for (const [label, ids] of [['1 prior receipt', young], [`${AGED_PRIOR} prior receipts`, aged]] as const) {
    const posted = await counterReceipts(baseURL, authorization, ids, DURATION_S);
    const name = `POST /repayments on ${ids.length} loans with ${label}, ${CONNECTIONS} connections`;
    figures.push('refused' in posted ? na(PART, name, posted.refused) : { part: PART, name, value: `${fmt(posted.rps)} receipts/s, p50 ${fmt(posted.p50, 1)} / p95 ${fmt(posted.p95, 1)} ms${posted.failures ? ` (${posted.failures} failed: ${JSON.stringify(posted.failureCodes)})` : ''}` });
  }
  return figures;
}

export async function benchReceipts(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/receipts-server.log') });
    } catch (err) {
      return [na(PART, 'POST /repayments', errorText(err))];
    }
    const databaseUrl = await embeddedDatabaseUrl(server.dataDir);
    await seedBench(databaseUrl, { loans: LOANS });
    // two sets for the age figures (no receipt of the main run on them), the rest for the main run
    const receiving = await receivingLoans(databaseUrl, undefined, 1_000 + 2 * AGE_LOANS);
    const [young, aged, loanIds] = [receiving.slice(0, AGE_LOANS), receiving.slice(AGE_LOANS, 2 * AGE_LOANS), receiving.slice(2 * AGE_LOANS)];
    if (loanIds.length < AGE_LOANS) return [na(PART, 'POST /repayments', `${receiving.length} repaying loans in the bench book`)];

    const authorization = await adminLogin(server.baseURL);
    const posted = await counterReceipts(server.baseURL, authorization, loanIds, DURATION_S);
    if ('refused' in posted) return [na(PART, 'POST /repayments', posted.refused)];
    const byAgeFigures = await byAge(server.baseURL, authorization, young, aged);
    let floor: { tps: number; role: string } | undefined;
    let floorNote = '';
    try {
      floor = await floorTps(databaseUrl, server.dataDir, loanIds, DURATION_S);
    } catch (err) {
      floorNote = errorText(err);
    }
    let tps: number | undefined;
    let pgbenchNote = '';
    try {
      tps = await pgbenchTps(databaseUrl, DURATION_S);
    } catch (err) {
      pgbenchNote = errorText(err);
    }
    const figures: Figure[] = [
      {
        part: PART,
        name: `POST /repayments, ${CONNECTIONS} connections`,
        value: `${fmt(posted.rps)} receipts/s, p50 ${fmt(posted.p50, 1)} / p95 ${fmt(posted.p95, 1)} / p99 ${fmt(posted.p99, 1)} ms${posted.failures ? ` (${posted.failures} failed: ${JSON.stringify(posted.failureCodes)})` : ''}`,
      },
      tps === undefined ? na(PART, `pgbench TPC-B-like, ${CONNECTIONS} clients`, pgbenchNote) : { part: PART, name: `pgbench TPC-B-like, ${CONNECTIONS} clients`, value: `${fmt(tps)} tps` },
    ];
    if (tps) figures.push({ part: PART, name: 'ratio receipts/s ÷ pgbench tps', value: `${fmt(posted.rps / tps, 2)} (goal ≥ ${GOAL_RATIO})` });
    const floorName = `database floor: harbour_post_receipt by pgbench, ${CONNECTIONS} clients as ${floor?.role ?? 'harbour_app'}`;
    figures.push(floor === undefined ? na(PART, floorName, floorNote) : { part: PART, name: floorName, value: `${fmt(floor.tps)} tps` });
    if (floor) figures.push({ part: PART, name: 'receipts/s ÷ database floor', value: fmt(posted.rps / floor.tps, 2) });
    return [...figures, ...byAgeFigures];
  } catch (err) {
    return [na(PART, 'POST /repayments', errorText(err))];
  } finally {
    await server?.stop();
  }
}
