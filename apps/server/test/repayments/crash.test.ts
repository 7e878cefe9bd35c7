import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, FIXED_CAPTCHA, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { withDatabase } from '../helpers/databases.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { hongKongToday, repayingLoan } from '../helpers/repaying.js';

/**
 * Crash test of receipts: the BUILT server (`node apps/server/dist/main.js`, on this file's
 * database) takes 1,000 small receipts on several loans, 8 at a time, and is killed with SIGKILL
 * part-way. After the crash the database holds no receipt without its journal entry nor an entry
 * without its receipt, every entry balances and every receipt's lines add up to it. The restarted
 * server then takes the rest: the receipts that got no answer are sent again with the SAME key and
 * post once, so in the end each of the 1,000 keys has exactly one receipt.
 *
 * The CI builds before it tests (scripts/test.sh); without a build this file is skipped, saying so.
 */
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const BUILT = existsSync(MAIN);
const RECEIPTS = 1000;
const CONCURRENCY = 8;
const KILL_AFTER = 300;

interface Server {
  proc: ChildProcess;
  base: string;
  exited: Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let appUrl: string;
let ownerUrl: string;
const servers: Server[] = [];

/** The production entry on this file's database, as the app role (migrations as the owner: none left), on a port of its choosing. */
async function startServer(): Promise<Server> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HARBOUR_') && !['DATABASE_URL', 'DATABASE_OWNER_URL', 'PORT', 'HOST'].includes(k)));
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...clean,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: appUrl,
      DATABASE_OWNER_URL: ownerUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      HARBOUR_FIXED_CAPTCHA: FIXED_CAPTCHA,
      HARBOUR_WEB_DIST: '/nonexistent-harbour-web',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  servers.push({ proc, base: '', exited });
  // it says where it listens once it is ready
  const deadline = Date.now() + 90_000;
  for (;;) {
    const port = /Harbour listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port) return { proc, base: `http://127.0.0.1:${port}${API_BASE}`, exited };
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`the server exited before answering: ${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time: ${output}`);
    await sleep(100);
  }
}

async function login(base: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/captcha`)).json()) as { data: { key: string } };
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 1, username: 'collector', password: DEMO_PASSWORD, captcha: FIXED_CAPTCHA, key: captcha.data.key }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

interface Receipt {
  key: string;
  body: { loanId: number; received: string; method: 'cash'; repayType: 'auto'; idempotencyKey: string };
}

type Outcome = { status: number; id: number | undefined } | { status: 'no answer' };

/** POSTs one receipt; a dropped connection (the server killed under it) is "no answer". */
async function send(base: string, token: string, r: Receipt): Promise<Outcome> {
  try {
    const res = await fetch(`${base}/repayments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(r.body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await res.json()) as { data?: { id: number } };
    return { status: res.status, id: json.data?.id };
  } catch {
    return { status: 'no answer' };
  }
}

/** The database after the crash: receipts and journal entries whole, each with the other. */
async function expectWhole(): Promise<void> {
  const q = async (text: string) => (await t.pool.query(text)).rows;
  expect(
    await q(`select e.id from journal_entries e where e.event = 'repayment' and not exists (select 1 from loan_repayments r where r.journal_entry_id = e.id)`),
    'repayment entries without their receipt',
  ).toEqual([]);
  expect(await q(`select r.id from loan_repayments r left join journal_entries e on e.id = r.journal_entry_id where e.id is null or e.event <> 'repayment'`), 'receipts without their entry').toEqual([]);
  // money in of the entry = the receipt; its lines add up to the receipt's parts
  expect(
    await q(`select r.id from loan_repayments r
      where r.received <> (select coalesce(sum(l.debit), 0) from journal_lines l where l.entry_id = r.journal_entry_id and l.account in ('cash', 'bank'))`),
    'receipts whose entry took in another amount',
  ).toEqual([]);
  expect(
    await q(`select r.id from loan_repayments r
      left join (select repayment_id, sum(overdue_interest) oi, sum(handling_fee) hf, sum(interest) i, sum(principal) p from loan_repayment_lines group by repayment_id) l on l.repayment_id = r.id
      where r.received <> r.overdue_interest + r.handling_fee + r.interest + r.principal + r.temp_in
         or coalesce(l.oi, 0) <> r.overdue_interest or coalesce(l.hf, 0) <> r.handling_fee or coalesce(l.i, 0) <> r.interest or coalesce(l.p, 0) <> r.principal`),
    'receipts whose lines do not add up to them',
  ).toEqual([]);
  expect(await q(`select loan_id, idempotency_key from loan_repayments group by 1, 2 having count(*) > 1`), 'a key posted twice').toEqual([]);
  await expectLedgerBalanced(t.db);
}

describe.skipIf(!BUILT)(BUILT ? 'receipts survive a crash of the built server' : `crash test skipped: ${MAIN} is missing (run \`npm run build\` first)`, () => {
  const loans: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    appUrl = t.appUrl;
    const name = (await t.pool.query<{ db: string }>('select current_database() db')).rows[0]!.db;
    ownerUrl = withDatabase(inject('harbourAdminUrl'), name);
    const [clerk, manager, accountant] = (await Promise.all(['clerk', 'manager', 'accountant'].map((u) => loginAs(t.app, u)))).map((a) => a.access_token) as [string, string, string];
    const today = await hongKongToday(t);
    const customerId = await insertCustomer(t.pool, { code: 'CR0001', name: '崩潰測試', idNumber: 'A1234563', mobile1: '91230003' });
    // Six loans: three with their first instalment due (receipts pay it, with lines), three not (receipts are held).
    for (let k = 0; k < 6; k++) {
      const loan = await repayingLoan(t, { clerk, manager, accountant }, customerId, today, { approval: { overdueRate: '0', overduePenalty: '0' }, daysAgo: k % 2 === 0 ? 35 : 0 });
      loans.push(loan.id);
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      if (s.proc.exitCode === null && s.proc.signalCode === null) {
        s.proc.kill('SIGTERM');
        await Promise.race([s.exited, sleep(10_000)]);
      }
    }
    await t?.close();
  });

  it('keeps receipts and entries whole through kill -9, and posts each unanswered key once after the restart', { timeout: 240_000 }, async () => {
    const run = Date.now().toString(36);
    const receipts: Receipt[] = Array.from({ length: RECEIPTS }, (_, i) => {
      const key = `crash-${run}-${i}`;
      // 1.00 … 9.99: a first instalment takes a few hundred of them; the rest is held
      const received = (1 + ((i * 37) % 900) / 100).toFixed(2);
      return { key, body: { loanId: loans[i % loans.length]!, received, method: 'cash', repayType: 'auto', idempotencyKey: key } };
    });
    const outcomes = new Map<string, Outcome>();

    // 1. 8 at a time against the first process, killed with SIGKILL once 300 have been answered.
    const first = await startServer();
    let token = await login(first.base);
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < receipts.length) {
        const r = receipts[next++]!;
        const o = await send(first.base, token, r);
        outcomes.set(r.key, o);
        if (!killed && [...outcomes.values()].filter((x) => x.status === 200).length >= KILL_AFTER) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await first.exited;
    expect(first.proc.signalCode).toBe('SIGKILL');
    const answered = [...outcomes.entries()].filter(([, o]) => o.status === 200);
    const failed = [...outcomes.values()].filter((o) => o.status !== 200 && o.status !== 'no answer');
    expect(failed, 'answers other than 200 before the crash').toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answered.length).toBeLessThan(RECEIPTS);

    // 2. After the crash: every answered receipt is there, and nothing is half-written.
    await expectWhole();
    const stored = new Map(
      (await t.pool.query<{ key: string; id: number }>(`select idempotency_key key, id from loan_repayments where idempotency_key like $1`, [`crash-${run}-%`])).rows.map((r) => [r.key, r.id]),
    );
    for (const [key, o] of answered) expect(stored.get(key), key).toBe((o as { id: number }).id);
    // Some in flight at the kill may have committed without their answer: kept, once.
    expect(stored.size).toBeGreaterThanOrEqual(answered.length);

    // 3. The restarted server posts the rest; the unanswered go again with the same key.
    const second = await startServer();
    token = await login(second.base);
    const rest = receipts.filter((r) => outcomes.get(r.key)?.status !== 200);
    const unanswered = rest.filter((r) => outcomes.has(r.key));
    expect(unanswered.length, 'requests cut by the kill').toBeGreaterThan(0);
    let at = 0;
    const retry = async () => {
      while (at < rest.length) {
        const r = rest[at++]!;
        outcomes.set(r.key, await send(second.base, token, r));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, retry));
    expect([...outcomes.values()].filter((o) => o.status !== 200)).toEqual([]);
    // A key committed before the crash answers the receipt it posted then.
    for (const r of unanswered) {
      const before = stored.get(r.key);
      if (before !== undefined) expect((outcomes.get(r.key) as { id: number }).id).toBe(before);
    }
    // Resending answered keys to the new process posts nothing new either.
    for (const [key] of answered.slice(0, 20)) {
      const o = await send(second.base, token, receipts.find((r) => r.key === key)!);
      expect(o).toEqual(outcomes.get(key));
    }

    // 4. In the end: each key exactly once, every loan holding what it was sent, the books whole.
    await expectWhole();
    const { rows } = await t.pool.query<{ n: number; total: string }>(`select count(*)::int n, sum(received)::text total from loan_repayments where idempotency_key like $1`, [`crash-${run}-%`]);
    expect(rows[0]!.n).toBe(RECEIPTS);
    const sent = receipts.reduce((s, r) => s.plus(r.body.received), dec('0'));
    expect(dec(rows[0]!.total).toFixed(2)).toBe(sent.toFixed(2));
    for (const loanId of loans) {
      const mine = receipts.filter((r) => r.body.loanId === loanId).reduce((s, r) => s.plus(r.body.received), dec('0'));
      const { rows: net } = await t.pool.query<{ paid: string }>(
        `select coalesce(sum(l.credit - l.debit), 0)::text paid from journal_lines l join journal_entries e on e.id = l.entry_id
          where e.loan_id = $1 and e.event = 'repayment' and l.account in ('loansReceivable', 'interestIncome', 'customerDeposits')`,
        [loanId],
      );
      expect(dec(net[0]!.paid).toFixed(2), `loan ${loanId}`).toBe(mine.toFixed(2));
    }
  });
});
