/**
 * The daily SMS schedule (off on a new install): at the saved Hong Kong time, queue the upcoming
 * and overdue reminders by the settings' rules. Every instance checks each minute; the run takes
 * an advisory lock and notes the business date it ran for, so one instance queues once a day.
 * Queuing is idempotent anyway (one message per loan, kind and due date).
 */
import type { SmsKind } from '@harbour/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsGateway } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import { type ServiceContext, systemContext } from '../../platform/context.js';
import { withTx } from '../../platform/tx.js';
import { gatewayRow } from './gateway.js';
import { queueReminders } from './queue.js';

export const SMS_SCHEDULE_LOCK = 'harbour.sms.schedule';
export const SMS_SCHEDULE_JOB = 'sms-schedule';
/** The kinds the schedule queues. */
export const SCHEDULED_KINDS: readonly SmsKind[] = ['upcoming', 'overdue'];

export interface ScheduleOutcome {
  ran: boolean;
  reason?: 'busy' | 'off' | 'notYet' | 'done';
  queued: Partial<Record<SmsKind, number>>;
}

/** Hong Kong wall-clock time HH:MM of `now`. */
export const hongKongTime = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

/**
 * Queues the scheduled kinds once for today's business date. `force` runs whatever the switch and
 * the time (the "run now" button and tests); otherwise only when on, at or after the saved time.
 */
export function runSmsSchedule(db: Db, opts: { force?: boolean; now?: Date; ctx?: ServiceContext } = {}): Promise<ScheduleOutcome> {
  const ctx = opts.ctx ?? systemContext(db, SMS_SCHEDULE_JOB);
  return withTx(ctx, async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${SMS_SCHEDULE_LOCK})) as ok`);
    if (!locked.rows[0]?.ok) return { ran: false, reason: 'busy', queued: {} };
    const gateway = await gatewayRow(tx);
    const today = await businessToday(tx);
    if (!opts.force) {
      if (!gateway.scheduleEnabled) return { ran: false, reason: 'off', queued: {} };
      if (gateway.scheduleLastRun === today) return { ran: false, reason: 'done', queued: {} };
      if (hongKongTime(opts.now ?? new Date()) < gateway.scheduleTime) return { ran: false, reason: 'notYet', queued: {} };
    }
    const queued: Partial<Record<SmsKind, number>> = {};
    const ids: number[] = [];
    const stores = new Set<number>();
    for (const kind of SCHEDULED_KINDS) {
      const r = await queueReminders(tx, ctx, { kind }, { audit: false });
      queued[kind] = r.queued;
      ids.push(...r.ids);
      for (const s of r.stores) stores.add(s);
    }
    if (!opts.force) await tx.update(smsGateway).set({ scheduleLastRun: today }).where(eq(smsGateway.id, 1));
    // one audit row for the run; all-stores staff read it (it may span stores)
    await audit(tx, { action: 'add', module: 'sms', reference: `schedule:${today}`, after: { queued, ids } });
    return { ran: true, queued };
  });
}
