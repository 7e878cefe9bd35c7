import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpProvider, SmsSendError, type SmsProvider } from '../../src/modules/sms/providers.js';
import { runSmsWorker } from '../../src/modules/sms/worker.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * A local server that answers like a Hong Kong SMS gateway: JSON POST with a bearer token and an
 * idempotency key; it delivers a reference once (a repeat answers the first delivery's id). The
 * recipient's number picks the behaviour: …01 accepted, …02 500 once then accepted, …03 400
 * (invalid number), …04 never answers in time.
 */
class Gateway {
  server: Server = createServer();
  requests: { reference: string; to: string; text: string; auth: string | undefined }[] = [];
  /** idempotency key → the text delivered (a repeat of a key delivers nothing more) */
  delivered = new Map<string, string>();
  failedOnce = new Set<string>();
  url = '';

  async start() {
    this.server.on('request', (req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { reference: string; to: string; text: string };
        const key = String(req.headers['idempotency-key']);
        this.requests.push({ ...body, auth: req.headers.authorization });
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.headers.authorization !== 'Bearer gw-token') return answer(401, { error: 'bad credentials' });
        if (body.to.endsWith('04')) return; // no answer: the client's timeout
        if (body.to.endsWith('03')) return answer(400, { error: 'invalid destination number' });
        if (body.to.endsWith('02') && !this.failedOnce.has(key)) {
          this.failedOnce.add(key);
          return answer(500, { error: 'upstream carrier unavailable' });
        }
        if (!this.delivered.has(key)) this.delivered.set(key, body.text);
        answer(200, { id: `GW-${key}`, status: 'accepted' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/sms`;
  }
  reset() {
    this.requests = [];
    this.delivered.clear();
    this.failedOnce.clear();
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

let t: TestApp;
const gw = new Gateway();
/** The test gateway listens on 127.0.0.1 over http: a local gateway, as an operator may allow one. */
const LOCAL = { allowHttp: true, allowPrivate: true };
let loan: { id: number; store_id: number; customer_id: number };
let due = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { smsGatewayPolicy: LOCAL } });
  await gw.start();
  loan = (await t.pool.query(`select id, store_id, customer_id from loans where loan_no is not null order by id limit 1`)).rows[0];
  const admin = (await loginAs(t.app, 'admin')).access_token;
  dataOf(await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'http', url: gw.url, token: 'gw-token', senderId: 'HARBOUR', timeoutMs: 1000, ratePerSecond: 100 } }));
});
afterAll(async () => {
  await gw.close();
  await t.close();
});
beforeEach(async () => {
  gw.reset();
  await t.pool.query(`delete from sms_messages`);
});

/** Queues `phones.length` messages straight into the table (each for its own due date). */
async function enqueue(phones: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const phone of phones) {
    due += 1;
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into sms_messages (store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments)
       values ($1, $2, $3, 'overdue', date '2026-01-01' + $4::int, 'en', $5, $6, 1) returning id`,
      [loan.store_id, loan.id, loan.customer_id, due, phone, `Reminder ${due}`],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}
const rows = async () =>
  (await t.pool.query<{ id: number; status: string; attempts: number; provider_ref: string | null; provider_error: string | null; phone: string }>(`select id, status, attempts, provider_ref, provider_error, phone from sms_messages order by id`)).rows;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the worker until nothing is queued or sending (retries wait their backoff). */
async function drain(opts: Parameters<typeof runSmsWorker>[1] = {}) {
  for (let i = 0; i < 20; i++) {
    await runSmsWorker(t.app.db, { backoffMs: 20, maxAttempts: 3, outbound: LOCAL, ...opts });
    const left = (await rows()).filter((r) => r.status === 'queued' || r.status === 'sending');
    if (left.length === 0) return;
    await sleep(60);
  }
  throw new Error('the queue did not drain');
}

describe('SMS worker against a local gateway', () => {
  it('sends with the saved gateway: success, 500 then success, 400 permanent, timeout retried then failed', async () => {
    const [ok, flaky, bad, slow] = await enqueue(['91000001', '91000002', '91000003', '91000004']);
    await drain();
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    expect(byId.get(ok!)).toMatchObject({ status: 'sent', attempts: 1, provider_ref: `GW-${ok}`, provider_error: null });
    expect(byId.get(flaky!)).toMatchObject({ status: 'sent', attempts: 2, provider_ref: `GW-${flaky}`, provider_error: null });
    expect(byId.get(bad!)).toMatchObject({ status: 'failed', attempts: 1, provider_error: '400 invalid destination number' });
    expect(byId.get(slow!)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(byId.get(slow!)!.provider_error).toMatch(/timeout/);
    // what the gateway got: E.164 numbers, the sender, the token, the message id as reference
    expect(gw.requests[0]).toMatchObject({ reference: String(ok), to: '+85291000001', text: expect.stringMatching(/^Reminder/), auth: 'Bearer gw-token' });
    expect([...gw.delivered.keys()].sort()).toEqual([String(ok), String(flaky)].sort());
  }, 30_000);

  it('classifies answers: 5xx/429/timeout/network transient, 4xx permanent with the reason', async () => {
    const send = (url: string) => httpProvider({ url, token: 'gw-token', timeoutMs: 1000, policy: LOCAL }).send({ reference: 'r1', to: '+85291000003', text: 'x' });
    await expect(send(gw.url)).rejects.toMatchObject({ transient: false, message: '400 invalid destination number' });
    const refused = await send('http://127.0.0.1:1/none').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused).toMatchObject({ transient: true });
    await expect(httpProvider({ url: gw.url, token: 'wrong', timeoutMs: 1000, policy: LOCAL }).send({ reference: 'r2', to: '+85291000001', text: 'x' })).rejects.toMatchObject({
      transient: false,
      message: '401 bad credentials',
    });
  });

  it('never sends to plain http or an internal address unless the operator allows a local gateway', async () => {
    const strict = (url: string) => httpProvider({ url, token: 'gw-token', timeoutMs: 1000 }).send({ reference: 'r3', to: '+85291000001', text: 'x' });
    const before = gw.requests.length;
    await expect(strict(gw.url)).rejects.toMatchObject({ transient: false, message: 'refused: the gateway address is not https' });
    for (const internal of ['https://127.0.0.1:9/x', 'https://[::1]/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://169.254.169.254/latest', 'https://[::ffff:172.16.0.1]/x', 'https://localhost/x']) {
      await expect(strict(internal), internal).rejects.toMatchObject({ transient: false, message: 'refused: the gateway address is on an internal network' });
    }
    expect(gw.requests.length).toBe(before);
    // saving: refused under the strict policy, in the user's language, nothing saved
    const strictApp = await createTestApp({ readOnly: true });
    try {
      const admin = (await loginAs(strictApp.app, 'admin')).access_token;
      const http = await call(strictApp.app, 'PUT', '/sms/gateway', { token: admin, lang: 'en', body: { provider: 'http', url: 'http://sms.example.hk/send' } });
      expect(http.statusCode).toBe(422);
      expect((http.body as { message: string }).message).toMatch(/^The gateway must be an https address/);
      const internal = await call(strictApp.app, 'PUT', '/sms/gateway', { token: admin, lang: 'zh-TW', body: { provider: 'http', url: 'https://10.0.0.5/send' } });
      expect(internal.statusCode).toBe(422);
      expect((internal.body as { message: string }).message).toMatch(/^短訊閘道地址屬內部網絡/);
    } finally {
      await strictApp.close();
    }
  });

  it('a worker killed mid-batch and a new one after the lease: every message delivered exactly once', async () => {
    const ids = await enqueue(Array.from({ length: 20 }, () => '91000001'));
    const real = httpProvider({ url: gw.url, token: 'gw-token', timeoutMs: 1000, policy: LOCAL });
    let sends = 0;
    // the 7th send reaches the gateway, then the process "dies" before recording it
    const dying: SmsProvider = {
      name: 'http',
      async send(m) {
        const r = await real.send(m);
        if (++sends === 7) throw new Error('SIGKILL');
        return r;
      },
    };
    await expect(runSmsWorker(t.app.db, { provider: dying, ratePerSecond: 100, batchSize: 10, leaseMs: 60_000 })).rejects.toThrow('SIGKILL');
    const mid = await rows();
    expect(mid.filter((r) => r.status === 'sent')).toHaveLength(6);
    expect(mid.filter((r) => r.status === 'sending')).toHaveLength(4);
    // a restart before the lease ends leaves the dead worker's claims alone
    await runSmsWorker(t.app.db, { provider: real, ratePerSecond: 100, leaseMs: 60_000 });
    expect((await rows()).filter((r) => r.status === 'sending')).toHaveLength(4);
    // the lease runs out (moved, not waited for: a busy machine must not end it early)
    await t.pool.query(`update sms_messages set next_attempt_at = now() - interval '1 second' where status = 'sending'`);
    // two workers at once after the lease: SKIP LOCKED keeps them off each other's messages
    await Promise.all([runSmsWorker(t.app.db, { provider: real, ratePerSecond: 100 }), runSmsWorker(t.app.db, { provider: real, ratePerSecond: 100 })]);
    const end = await rows();
    expect(end.every((r) => r.status === 'sent')).toBe(true);
    expect(end.map((r) => r.provider_ref)).toEqual(ids.map((id) => `GW-${id}`));
    // 0 duplicates: 20 deliveries, each once; only the message the dead worker had sent was posted twice (same reference)
    expect(gw.delivered.size).toBe(20);
    expect(gw.requests).toHaveLength(21);
    const posted = new Map<string, number>();
    for (const r of gw.requests) posted.set(r.reference, (posted.get(r.reference) ?? 0) + 1);
    expect([...posted].filter(([, n]) => n > 1)).toEqual([[String(ids[6]), 2]]);
  }, 30_000);

  it('keeps to the rate', async () => {
    await enqueue(Array.from({ length: 6 }, () => '91000001'));
    const started = Date.now();
    await runSmsWorker(t.app.db, { ratePerSecond: 10, outbound: LOCAL });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });
});
