import {
  SMS_PATHS,
  smsCandidatePageSchema,
  smsCandidatesQuerySchema,
  smsGatewayInputSchema,
  smsGatewaySchema,
  smsLimitsSchema,
  smsMessagePageSchema,
  smsMessagesQuerySchema,
  smsPreferenceItemSchema,
  smsPreferenceSchema,
  smsScheduleRunSchema,
  smsSendResultSchema,
  smsSendSchema,
  smsTemplateResource,
} from '@harbour/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict } from '../../platform/errors.js';
import { registerResource } from '../../http/resource.js';
import { route, succeed } from '../../http/route.js';
import { contextOf } from '../../platform/context.js';
import { readSettings } from '../../platform/settings.js';
import { readGateway, saveGateway } from './gateway.js';
import { listCandidates, listMessages, savePreference, sendReminders } from './queue.js';
import { SMS_SCHEDULE_JOB, runSmsSchedule } from './schedule.js';
import { templateService } from './templates.js';
import { SMS_WORKER, runSmsWorker } from './worker.js';

const TAGS = ['sms'];

/**
 * SMS reminders (`docs/sms.md`): master data "SMS content" (declared resource), SendSmsList's
 * lists and send, the sent record, the gateway and schedule, customers' opt-out; in an instance
 * running scheduled jobs, the worker that sends the queue and the daily schedule's check.
 */
export function smsModule(app: FastifyInstance) {
  registerResource(app, smsTemplateResource, templateService);
  route(app, {
    method: 'GET',
    url: SMS_PATHS.limits,
    permission: 'authenticated',
    summary: 'The SMS character count limit and the overdue reminder days (read by the SMS screens)',
    tags: TAGS,
    response: smsLimitsSchema,
    handler: (req) => readSettings(req.server.db, ['smsCharCount', 'overdueReminderDays']),
  });
  route(app, {
    method: 'GET',
    url: SMS_PATHS.candidates,
    permission: 'sms.list',
    summary: 'Loans to remind of one kind (upcoming, overdue, almost complete, complete), each with its message preview; phones masked',
    tags: TAGS,
    querystring: smsCandidatesQuerySchema,
    response: smsCandidatePageSchema,
    handler: (req) => listCandidates(contextOf(req), req.query),
  });
  route(app, {
    method: 'POST',
    url: SMS_PATHS.send,
    permission: 'sms.send',
    summary: 'Queue the reminder of each chosen loan (once per loan, kind and due date; opted-out customers skipped); the worker sends them',
    tags: TAGS,
    body: smsSendSchema,
    response: smsSendResultSchema,
    handler: async (req) => {
      const result = await sendReminders(contextOf(req), req.body);
      succeed(req, 'reminders.queued');
      return result;
    },
  });
  route(app, {
    method: 'GET',
    url: SMS_PATHS.messages,
    permission: 'sms.list',
    summary: 'The sent record: every queued message with its text, masked phone, status, provider reference, attempts, staff and time',
    tags: TAGS,
    querystring: smsMessagesQuerySchema,
    response: smsMessagePageSchema,
    handler: (req) => listMessages(contextOf(req), req.query),
  });
  route(app, {
    method: 'GET',
    url: SMS_PATHS.gateway,
    permission: 'sms.gateway',
    summary: 'The SMS provider and daily schedule (the password and token only as "set" flags)',
    tags: TAGS,
    response: smsGatewaySchema,
    handler: (req) => readGateway(contextOf(req)),
  });
  route(app, {
    method: 'PUT',
    url: SMS_PATHS.gateway,
    permission: 'sms.gateway',
    summary: 'Save the SMS provider and daily schedule; a password or token left out is kept, an empty one cleared',
    tags: TAGS,
    body: smsGatewayInputSchema,
    response: smsGatewaySchema,
    handler: async (req) => {
      const saved = await saveGateway(contextOf(req), req.body, app.config.smsGatewayPolicy);
      succeed(req, 'success.saved');
      return saved;
    },
  });
  route(app, {
    method: 'POST',
    url: SMS_PATHS.runSchedule,
    permission: 'sms.gateway',
    summary: 'Queue the scheduled reminders (upcoming and overdue) now, in the caller’s stores',
    tags: TAGS,
    body: z.object({}).strict().optional(),
    response: smsScheduleRunSchema,
    handler: async (req) => {
      const ctx = contextOf(req);
      const run = await runSmsSchedule(ctx.db, { force: true, ctx });
      if (!run.ran) throw conflict('reminders.scheduleBusy');
      succeed(req, 'reminders.queued');
      return { queued: run.queued as Record<string, number> };
    },
  });
  route(app, {
    method: 'PUT',
    url: SMS_PATHS.preference,
    permission: 'sms.optOut',
    summary: 'Opt a customer out of SMS reminders (or back in) and set the language of their messages',
    tags: TAGS,
    body: smsPreferenceSchema,
    response: smsPreferenceItemSchema,
    handler: async (req) => {
      const saved = await savePreference(contextOf(req), req.body);
      succeed(req, 'success.saved');
      return saved;
    },
  });

  if (app.config.scheduledJobs) {
    // the worker: every few seconds, send what is due (one run at a time in this instance)
    let running = false;
    const work = setInterval(() => {
      if (running) return;
      running = true;
      runSmsWorker(app.db, { outbound: app.config.smsGatewayPolicy })
        .then((r) => (r.sent + r.failed + r.retried > 0 ? app.log.info({ job: SMS_WORKER, ...r }, `${SMS_WORKER}: ${r.sent} sent`) : undefined))
        .catch((err: unknown) => app.log.error({ job: SMS_WORKER, err }, `${SMS_WORKER} failed`))
        .finally(() => (running = false));
    }, 5_000);
    work.unref();
    // the schedule: each minute, queue today's reminders once the saved time has come
    const tick = setInterval(() => {
      runSmsSchedule(app.db)
        .then((r) => (r.ran ? app.log.info({ job: SMS_SCHEDULE_JOB, ...r.queued }, `${SMS_SCHEDULE_JOB}: queued`) : undefined))
        .catch((err: unknown) => app.log.error({ job: SMS_SCHEDULE_JOB, err }, `${SMS_SCHEDULE_JOB} failed`));
    }, 60_000);
    tick.unref();
    app.addHook('onClose', async () => {
      clearInterval(work);
      clearInterval(tick);
    });
  }
}
