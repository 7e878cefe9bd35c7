import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { customers } from './customers.js';
import { loans } from './loans.js';
import { staff } from './staff.js';
import { stores } from './stores.js';

/** Master data → SMS content: one template per kind and language (`docs/sms.md`). */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: serial('id').primaryKey(),
    /** overdue | upcoming | almostComplete | complete */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** zh-TW | en */
    language: varchar('language', { length: 8 }).notNull(),
    content: text('content').notNull(),
    ...stamps,
  },
  (t) => [
    unique('sms_templates_kind_language').on(t.kind, t.language),
    check('sms_templates_kind', sql`${t.kind} in ('overdue','upcoming','almostComplete','complete','autopayRejected')`),
    check('sms_templates_language', sql`${t.language} in ('zh-TW','en')`),
  ],
);

/**
 * The queue and the sent record: one row per reminder, never two for the same loan, kind and due
 * date. The worker claims `queued` rows (and `sending` rows whose lease ran out: a worker that died
 * mid-send) with FOR UPDATE SKIP LOCKED; the provider gets the row id as its idempotency reference.
 * The phone is kept whole (the gateway needs it) and answered masked.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    text: text('text').notNull(),
    segments: smallint('segments').notNull(),
    /** queued | sending | sent | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** when the worker may take it (again): after a transient failure's backoff, or a sending row's lease */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    providerRef: varchar('provider_ref', { length: 128 }),
    providerError: varchar('provider_error', { length: 500 }),
    sentAt: instant('sent_at'),
    /** who queued it; null for the daily schedule */
    staffId: integer('staff_id').references(() => staff.id),
    ...stamps,
  },
  (t) => [
    unique('sms_messages_once').on(t.loanId, t.kind, t.dueDate),
    index('sms_messages_due').on(t.status, t.nextAttemptAt),
    index('sms_messages_store_created').on(t.storeId, t.createdAt),
    check('sms_messages_status', sql`${t.status} in ('queued','sending','sent','failed')`),
    check('sms_messages_kind', sql`${t.kind} in ('overdue','upcoming','almostComplete','complete','autopayRejected')`),
  ],
);

/** A customer's SMS preferences: opted out of reminders, and the language of their messages. */
export const smsPreferences = pgTable('sms_preferences', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  optedOut: boolean('opted_out').notNull().default(false),
  language: varchar('language', { length: 8 }).notNull(),
  ...stamps,
});

/**
 * The provider and the daily schedule: one row (id 1). The password and token are write-only: the
 * API answers only whether they are set.
 */
export const smsGateway = pgTable(
  'sms_gateway',
  {
    id: integer('id').primaryKey().default(1),
    /** outbox | http */
    provider: varchar('provider', { length: 16 }).notNull().default('outbox'),
    url: varchar('url', { length: 500 }),
    username: varchar('username', { length: 128 }),
    password: varchar('password', { length: 256 }),
    token: varchar('token', { length: 256 }),
    senderId: varchar('sender_id', { length: 11 }),
    timeoutMs: integer('timeout_ms').notNull().default(10_000),
    ratePerSecond: integer('rate_per_second').notNull().default(5),
    scheduleEnabled: boolean('schedule_enabled').notNull().default(false),
    /** HH:MM Hong Kong time */
    scheduleTime: varchar('schedule_time', { length: 5 }).notNull().default('09:00'),
    /** the Hong Kong business date the schedule last queued reminders (it runs once a day) */
    scheduleLastRun: date('schedule_last_run', { mode: 'string' }),
    ...stamps,
  },
  (t) => [check('sms_gateway_one_row', sql`${t.id} = 1`)],
);
