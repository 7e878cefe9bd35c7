import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { toContext, type ServiceContext } from './context.js';
import { withReadTx } from './tx.js';

/**
 * The one place that decides where reports read (docs/operations.md → Scaling): a report page, its
 * export and the dashboard run their read-only transaction on the context's `reportDb` — the
 * streaming standby of `HARBOUR_REPLICA_URL` when one is set, the primary otherwise. Everything
 * else, including a report's own side effects (a number lookup's audit row), stays on the primary.
 * The transaction carries the caller's store scope exactly as on the primary (`withReadTx` →
 * `applyStoreScope`: transaction-local settings, which a read-only transaction on a standby may set),
 * so row-level security shows the standby's rows to the same callers.
 */
export function withReportTx<T>(source: FastifyRequest | ServiceContext, fn: (tx: Tx) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<T> {
  const ctx = toContext(source);
  return withReadTx(ctx, fn, { ...opts, ...(ctx.reportDb ? { on: ctx.reportDb } : {}) });
}

/**
 * How many whole seconds the database of `tx` is behind its primary: null on a primary. A standby
 * that has replayed everything it received is not behind, however long ago the primary last wrote
 * (`pg_last_xact_replay_timestamp()` alone would count an idle primary as lag); otherwise the age
 * of the last transaction it replayed, or, when it has replayed none since it started, the time
 * since it started. A standby that streams nothing (received location unknown) is judged by that
 * age alone.
 */
export async function replicaBehindSeconds(tx: Tx): Promise<number | null> {
  const { rows } = await tx.execute<{ behind: number | null }>(sql`
    select case
      when not pg_is_in_recovery() then null
      when pg_last_wal_receive_lsn() is not null and pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
      else floor(extract(epoch from clock_timestamp() - coalesce(pg_last_xact_replay_timestamp(), pg_postmaster_start_time())))
    end::int as behind`);
  return rows[0]?.behind ?? null;
}
