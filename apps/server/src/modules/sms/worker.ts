/**
 * The SMS worker: takes due messages from the queue and sends them through the provider, at a
 * bounded rate. A message is claimed in its own short transaction (`FOR UPDATE SKIP LOCKED`, so
 * workers of several instances never take the same one): it becomes `sending` with a lease. Then it
 * is sent outside any transaction and its outcome recorded — `sent` with the provider's reference,
 * back to `queued` with an exponential backoff after a transient failure, `failed` with the
 * provider's reason after a permanent one or the last attempt. A worker killed mid-send leaves the
 * message `sending`; once the lease has run out another worker sends it again with the same
 * idempotency reference (the message id), so the gateway delivers it once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemContext } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';
import { gatewayRow } from './gateway.js';
import { STRICT_OUTBOUND, type OutboundPolicy } from '../../platform/outbound-address.js';
import { SmsSendError, e164, providerOf, type SmsProvider } from './providers.js';

export const SMS_WORKER = 'sms-worker';

export interface WorkerOptions {
  /** the provider (default: the saved gateway's) */
  provider?: SmsProvider;
  /** where the saved gateway may be (default: https to a public address; the server passes its configuration's) */
  outbound?: OutboundPolicy;
  /** at most this many messages a second (default: the saved gateway's rate) */
  ratePerSecond?: number;
  /** messages claimed at a time */
  batchSize?: number;
  /** stop after this many messages (default: until the queue has none due) */
  limit?: number;
  /** how long a claimed message stays the worker's before another may take it */
  leaseMs?: number;
  /** the first retry's delay; each later one doubles it (capped at an hour) */
  backoffMs?: number;
  /** attempts before a transient failure becomes final */
  maxAttempts?: number;
}

export interface WorkerResult {
  sent: number;
  failed: number;
  retried: number;
}

interface Claimed {
  id: number;
  phone: string;
  text: string;
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims up to `n` due messages (queued and due, or sending with a lease that ran out). */
async function claim(db: Db, n: number, leaseMs: number): Promise<Claimed[]> {
  return withTx(systemContext(db, SMS_WORKER), async (tx) => {
    // the picked ids are materialised first: an IN (subquery … LIMIT) may be re-run by the planner
    const res = await tx.execute<{ id: number; phone: string; text: string; attempts: number }>(sql`
      with picked as materialized (
        select id from sms_messages
        where status in ('queued', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${n}
        for update skip locked)
      update sms_messages m set status = 'sending', attempts = m.attempts + 1,
        next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      from picked where m.id = picked.id
      returning m.id, m.phone, m.text, m.attempts`);
    return res.rows.map((r) => ({ id: Number(r.id), phone: r.phone, text: r.text, attempts: Number(r.attempts) }));
  });
}

/** Records an outcome, only while the claim is still this worker's (same attempt, still sending). */
async function record(db: Db, m: Claimed, set: ReturnType<typeof sql>): Promise<void> {
  await withTx(systemContext(db, SMS_WORKER), (tx) =>
    tx.execute(sql`update sms_messages set ${set}, updated_at = now() where id = ${m.id} and status = 'sending' and attempts = ${m.attempts}`),
  );
}

/** Sends due messages until none is due (or `limit` is reached). */
export async function runSmsWorker(db: Db, opts: WorkerOptions = {}): Promise<WorkerResult> {
  const gateway = opts.provider && opts.ratePerSecond ? null : await withTx(systemContext(db, SMS_WORKER), (tx) => gatewayRow(tx));
  const provider = opts.provider ?? providerOf(gateway!, opts.outbound ?? STRICT_OUTBOUND);
  const rate = opts.ratePerSecond ?? gateway!.ratePerSecond;
  const gap = 1000 / Math.max(1, rate);
  const leaseMs = opts.leaseMs ?? Math.max(60_000, (gateway?.timeoutMs ?? 10_000) * 3);
  const backoffMs = opts.backoffMs ?? 30_000;
  const maxAttempts = opts.maxAttempts ?? 6;
  const batchSize = opts.batchSize ?? Math.max(1, Math.min(100, rate * 5));
  const result: WorkerResult = { sent: 0, failed: 0, retried: 0 };
  let done = 0;
  let last = 0;
  for (;;) {
    const want = opts.limit === undefined ? batchSize : Math.min(batchSize, opts.limit - done);
    if (want <= 0) break;
    const batch = await claim(db, want, leaseMs);
    if (batch.length === 0) break;
    for (const m of batch) {
      const wait = last + gap - Date.now();
      if (wait > 0) await sleep(wait);
      last = Date.now();
      done += 1;
      try {
        const { providerRef } = await provider.send({ reference: String(m.id), to: e164(m.phone), text: m.text });
        await record(db, m, sql`status = 'sent', provider_ref = ${providerRef}, provider_error = null, sent_at = now()`);
        result.sent += 1;
      } catch (err) {
        // anything but a provider's answer (a bug, the process going down) leaves the claim to its lease
        if (!(err instanceof SmsSendError)) throw err;
        const reason = err.message.slice(0, 500);
        if (err.transient && m.attempts < maxAttempts) {
          const delay = Math.min(3_600_000, backoffMs * 2 ** (m.attempts - 1));
          await record(db, m, sql`status = 'queued', provider_error = ${reason}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval`);
          result.retried += 1;
        } else {
          await record(db, m, sql`status = 'failed', provider_error = ${reason}`);
          result.failed += 1;
        }
      }
    }
  }
  return result;
}
