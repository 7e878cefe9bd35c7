/**
 * SMS reminders at volume (issue 13): the real server (test mode, with its scheduled jobs on, so
 * its own SMS worker sends the queue) on a fresh embedded database with the demo data, plus
 * 10,000 overdue loans made through SQL (below: copies of a demo repaying loan, each with a
 * customer of its own and an overdue due summary, as the daily servicing job would leave it).
 * Then, in this run:
 *
 * - a local HTTP gateway (a node http server answering like a Hong Kong SMS gateway's REST API
 *   after a few milliseconds, counting deliveries by idempotency reference);
 * - `PUT /sms/gateway`: the HTTP provider pointed at it, at the gateway's send rate;
 * - `POST /sms/schedule/run` ("queue today's reminders now"): the upcoming and overdue reminders
 *   queued in one transaction — the queue time;
 * - the server's worker sends until no message is queued or sending — messages per second
 *   (first to last delivery at the gateway), and none delivered twice;
 * - the server process's resident memory before the queue, after it, after sending, and its peak.
 */
import http from 'node:http';
import { memoryOf } from '../lib/memory.js';
import path from 'node:path';
import pg from 'pg';
import { startServer, repoRoot, API, type RunningServer } from '../../e2e/fixtures/server.js';
import { adminLogin } from '../lib/admin-login.js';
import { embeddedDatabaseUrl } from '../lib/embedded-url.js';
import { errorText, fmt, na, type Figure } from '../lib/report.js';

const PART = 'sms';
const LOANS = Number(process.env.HARBOUR_BENCH_SMS_LOANS ?? 10_000);
/** the gateway's send rate (the most the gateway settings allow) */
const RATE = Number(process.env.HARBOUR_BENCH_SMS_RATE ?? 100);
/** how long the local gateway takes to answer */
const GATEWAY_MS = Number(process.env.HARBOUR_BENCH_SMS_GATEWAY_MS ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface LocalGateway {
  url: string;
  deliveries: Map<string, number>;
  first: number;
  last: number;
  close(): Promise<void>;
}

/** A gateway answering `{ id }` after `GATEWAY_MS`, counting each idempotency reference's deliveries. */
async function startGateway(): Promise<LocalGateway> {
  const gw: LocalGateway = { url: '', deliveries: new Map(), first: 0, last: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        let body: { reference?: string; to?: string; text?: string } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          // answered 400 below
        }
        const ref = String(req.headers['idempotency-key'] ?? body.reference ?? '');
        if (!ref || !body.to || !body.text || req.headers.authorization === undefined) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad request' }));
          return;
        }
        const now = performance.now();
        if (gw.deliveries.size === 0) gw.first = now;
        gw.last = now;
        gw.deliveries.set(ref, (gw.deliveries.get(ref) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `gw-${ref}` }));
      }, GATEWAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  gw.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms/send`;
  gw.close = () => new Promise((resolve) => server.close(() => resolve()));
  return gw;
}

/** The columns of a table but `id`, for copying rows with a few replaced. */
async function columnsOf(db: pg.Client, table: string): Promise<string[]> {
  const { rows } = await db.query<{ c: string }>(
    `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}

/** `insert … select` of a table's columns, with some replaced by expressions. */
function copySql(table: string, columns: string[], replaced: Record<string, string>, from: string): string {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => replaced[c] ?? `t."${c}"`).join(', ');
  return `insert into ${table} (${list}) select ${values} from ${from}`;
}

/**
 * The fixture: `n` overdue loans, copies of one demo repaying loan, each with a customer of its own
 * (distinct code, ID number and mobile) and a due summary 10 days overdue. Answers the loans made.
 */
async function makeOverdueLoans(db: pg.Client, n: number): Promise<number> {
  const { rows } = await db.query<{ loan: number; customer: number }>(
    `select l.id as loan, l.customer_id as customer from loans l join loan_due_summaries s on s.loan_id = l.id
     where l.status = 'repaying' and l.loan_no is not null order by l.id limit 1`,
  );
  const template = rows[0];
  if (!template) throw new Error('no repaying demo loan with a due summary to copy');
  const [customerCols, loanCols, summaryCols] = [await columnsOf(db, 'customers'), await columnsOf(db, 'loans'), await columnsOf(db, 'loan_due_summaries')];
  await db.query('begin');
  await db.query(
    copySql(
      'customers',
      customerCols,
      {
        customer_code: `'SMSB' || lpad(g::text, 6, '0')`,
        name: `'SMS Bench ' || g`,
        id_number: `'SB' || lpad(g::text, 6, '0')`,
        mobile1: `(60000000 + g)::text`,
        mobile2: 'null',
        mobile3: 'null',
      },
      `customers t cross join generate_series(1, ${n}) g where t.id = ${template.customer}`,
    ),
  );
  await db.query(
    copySql(
      'loans',
      loanCols,
      { apply_no: `'SMSB-A' || lpad(g::text, 6, '0')`, loan_no: `'SMSB' || lpad(g::text, 6, '0')`, customer_id: 'c.id' },
      `loans t cross join generate_series(1, ${n}) g join customers c on c.customer_code = 'SMSB' || lpad(g::text, 6, '0') where t.id = ${template.loan}`,
    ),
  );
  const made = await db.query(
    copySql(
      'loan_due_summaries',
      summaryCols,
      {
        loan_id: 'l.id',
        loan_status: `'repaying'`,
        overdue_tenors: '1',
        overdue_amount: '1000.00',
        overdue_interest: '12.50',
        handling_fee: '0',
        days_overdue: '10',
        oldest_overdue_date: 't.as_of - 10',
      },
      `loan_due_summaries t cross join loans l where t.loan_id = ${template.loan} and l.loan_no like 'SMSB%'`,
    ),
  );
  await db.query('commit');
  await db.query('analyze customers; analyze loans; analyze loan_due_summaries');
  return made.rowCount ?? 0;
}

export async function benchSms(): Promise<Figure[]> {
  let server: RunningServer | undefined;
  let gateway: LocalGateway | undefined;
  let db: pg.Client | undefined;
  try {
    try {
      server = await startServer({ logFile: path.join(repoRoot, '.artifacts/bench/sms-server.log'), env: { HARBOUR_SCHEDULED_JOBS: '1' } });
    } catch (err) {
      return [na(PART, 'all figures', errorText(err))];
    }
    db = new pg.Client({ connectionString: await embeddedDatabaseUrl(server.dataDir) });
    await db.connect();
    const made = await makeOverdueLoans(db, LOANS);
    gateway = await startGateway();
    const headers = { authorization: await adminLogin(server.baseURL), 'content-type': 'application/json' };
    const put = await fetch(`${server.baseURL}${API}/sms/gateway`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ provider: 'http', url: gateway.url, username: 'harbour', password: 'bench-secret', senderId: 'HARBOUR', timeoutMs: 5000, ratePerSecond: RATE }),
    });
    if (!put.ok) return [na(PART, 'all figures', `PUT /sms/gateway answered ${put.status}`)];

    const memBefore = memoryOf(server.pid);
    let peak = memBefore.rss;
    const t0 = performance.now();
    const run = await fetch(`${server.baseURL}${API}/sms/schedule/run`, { method: 'POST', headers, body: '{}' });
    const queueMs = performance.now() - t0;
    const answer = (await run.json()) as { data?: { queued?: Record<string, number> } };
    const queued = Object.values(answer.data?.queued ?? {}).reduce((a, b) => a + b, 0);
    if (!run.ok || queued < made) return [na(PART, 'all figures', `POST /sms/schedule/run answered ${run.status}, ${queued} queued of ${made} loans`)];
    const memQueued = memoryOf(server.pid);

    // the server's worker (every 5 s) sends until nothing is queued or sending
    const started = performance.now();
    const limit = started + (queued / RATE) * 1000 * 3 + 60_000;
    let pending = queued;
    while (pending > 0 && performance.now() < limit) {
      await sleep(500);
      peak = Math.max(peak, memoryOf(server.pid).rss);
      pending = Number((await db.query<{ n: string }>(`select count(*) as n from sms_messages where status in ('queued', 'sending')`)).rows[0]!.n);
    }
    const memSent = memoryOf(server.pid);
    const outcome = (await db.query<{ status: string; n: string }>(`select status, count(*) as n from sms_messages group by status`)).rows;
    const count = (s: string) => Number(outcome.find((r) => r.status === s)?.n ?? 0);
    const deliveries = [...gateway.deliveries.values()];
    const duplicates = deliveries.filter((d) => d > 1).length;
    const rate = deliveries.length > 1 ? (deliveries.length - 1) / ((gateway.last - gateway.first) / 1000) : 0;
    const mb = (v: number) => `${fmt(v)} MB`;
    return [
      { part: PART, name: `queue ${fmt(queued)} reminders (POST /sms/schedule/run)`, value: `${fmt(queueMs / 1000, 1)} s (${fmt(queued / (queueMs / 1000))} messages/s)` },
      {
        part: PART,
        name: `send to the local HTTP gateway (${GATEWAY_MS} ms an answer, rate ${RATE}/s)`,
        value: `${fmt(rate, 1)} messages/s; ${fmt(count('sent'))} sent, ${fmt(count('failed'))} failed, ${fmt(pending)} left after ${fmt((performance.now() - started) / 1000, 0)} s`,
      },
      { part: PART, name: 'deliveries at the gateway', value: `${fmt(deliveries.length)} messages, ${duplicates} delivered more than once` },
      { part: PART, name: 'server RSS before / queued / sent (peak)', value: `${mb(memBefore.rss)} / ${mb(memQueued.rss)} / ${mb(memSent.rss)} (peak ${mb(Math.max(peak, memSent.peak))})` },
    ];
  } catch (err) {
    return [na(PART, 'all figures', errorText(err))];
  } finally {
    await db?.end().catch(() => undefined);
    await gateway?.close();
    await server?.stop();
  }
}
