/**
 * SendSmsList: the loans to remind by kind (tabs), each with its message as it would be sent in the
 * customer's language; queuing the chosen ones (never twice for the same loan, kind and due date:
 * the table's UNIQUE constraint, `ON CONFLICT DO NOTHING`); the sent record; customers' opt-out.
 * Rows come from `loan_due_summaries` + loans + customers under the caller's store scope.
 */
import {
  CUSTOMER_PERMISSIONS,
  type Page,
  type SmsCandidate,
  type SmsKind,
  type SmsLanguage,
  type SmsMessage,
  type SmsSendResult,
  type SmsStatus,
  smsCandidatesQuerySchema,
  smsMessagesQuerySchema,
  smsPreferenceSchema,
  smsSendSchema,
} from '@harbour/contracts';
import { formatMoney, renderSms, smsLength, type SmsValues } from '@harbour/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collectionContacts, companyInfo, smsMessages, smsPreferences } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { hkDayEnd, hkDayStart, likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { audit } from '../../platform/audit.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { masked, maskingFor } from '../../platform/masking.js';
import { readSettings } from '../../platform/settings.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';
import { withReadTx, withTx } from '../../platform/tx.js';
import { templatesOf } from './templates.js';

/** Messages written by one INSERT statement. */
const INSERT_CHUNK = 1_000;

/** A customer's message language: their saved preference, else Chinese when the name is Chinese (as `defaultSmsLanguage`). */
const languageSql = sql`coalesce(p.language, case when c.name ~ '[\u3400-\u9fff]' then 'zh-TW' else 'en' end)`;

/** A column of the loan's latest autopay instruction, for the rejected-debit reminder. */
const latestAutopay = (column: 'status' | 'due_date' | 'amount') =>
  sql`(select a.${sql.raw(column)} from autopay_instructions a where a.loan_id = l.id order by a.due_date desc, a.id desc limit 1)`;

interface KindRule {
  where: (today: string, days: number) => SQL;
  dueDate: SQL;
  amountDue: SQL;
}

/** What puts a loan on each tab, the due date its message is about and the amount it names. */
const RULES: Record<SmsKind, KindRule> = {
  upcoming: {
    where: (today, days) =>
      sql`l.status = 'repaying' and s.days_overdue = 0 and s.next_due_date between ${today}::date and ${today}::date + ${days}::int`,
    dueDate: sql`s.next_due_date`,
    amountDue: sql`s.next_amount`,
  },
  overdue: {
    where: () => sql`l.status in ('repaying', 'oca') and s.days_overdue > 0`,
    dueDate: sql`s.oldest_overdue_date`,
    amountDue: sql`(s.overdue_amount + s.overdue_interest + s.handling_fee)`,
  },
  almostComplete: {
    where: () => sql`l.status = 'repaying' and s.remaining_tenors between 1 and 2 and s.days_overdue = 0`,
    dueDate: sql`s.next_due_date`,
    amountDue: sql`s.next_amount`,
  },
  // the loan's latest autopay instruction was rejected (not sent again since): the bank's reason is on the autopay page
  autopayRejected: {
    where: () => sql`l.status in ('repaying', 'oca') and ${latestAutopay('status')} = 'rejected'`,
    dueDate: latestAutopay('due_date'),
    amountDue: latestAutopay('amount'),
  },
  complete: {
    where: () => sql`l.status = 'complete'`,
    dueDate: sql`(select max(i.due_date) from loan_instalments i where i.loan_id = l.id)`,
    amountDue: sql`0`,
  },
};

interface CandidateRow extends Record<string, unknown> {
  loan_id: number;
  loan_no: string;
  store_id: number;
  customer_id: number;
  customer_name: string;
  phone: string;
  language: SmsLanguage;
  opted_out: boolean;
  due_date: string | null;
  amount_due: string;
  days_overdue: number;
  remaining_tenors: number;
  already_queued: boolean;
  total: number;
}

function candidatesSql(kind: SmsKind, today: string, days: number, extra: SQL[], page?: { limit: number; offset: number }) {
  const rule = RULES[kind];
  const summary = kind === 'complete' || kind === 'autopayRejected' ? sql`left join` : sql`join`;
  const where = sql.join([rule.where(today, days), sql`l.loan_no is not null`, ...extra], sql` and `);
  return sql`
    select * from (
      select l.id as loan_id, l.loan_no, l.store_id, c.id as customer_id, c.name as customer_name, c.mobile1 as phone,
        ${languageSql} as language, coalesce(p.opted_out, false) as opted_out,
        ${rule.dueDate}::text as due_date, ${rule.amountDue}::numeric(16,2)::text as amount_due,
        coalesce(s.days_overdue, 0) as days_overdue, coalesce(s.remaining_tenors, 0) as remaining_tenors
      from loans l
      ${summary} loan_due_summaries s on s.loan_id = l.id
      join customers c on c.id = l.customer_id
      left join sms_preferences p on p.customer_id = c.id
      where ${where}
    ) x
    cross join lateral (select exists (select 1 from sms_messages m where m.loan_id = x.loan_id and m.kind = ${kind} and m.due_date = x.due_date::date) as already_queued) q
    ${page ? sql`order by x.due_date nulls last, x.loan_id limit ${page.limit} offset ${page.offset}` : sql``}`;
}

/** The placeholders' values of one loan's message. */
export function valuesOf(row: Pick<CandidateRow, 'customer_name' | 'loan_no' | 'due_date' | 'amount_due' | 'days_overdue'>, company: { name: string; phone: string }): SmsValues {
  return {
    customerName: row.customer_name,
    loanNo: row.loan_no,
    dueDate: row.due_date ?? '',
    amountDue: formatMoney(row.amount_due, { grouped: true }),
    overdueDays: String(row.days_overdue),
    companyName: company.name,
    companyPhone: company.phone,
  };
}

async function companyOf(tx: DbOrTx, language: SmsLanguage): Promise<{ name: string; phone: string }> {
  const [c] = await tx.select({ nameZh: companyInfo.nameZh, nameEn: companyInfo.nameEn, phone: companyInfo.phone }).from(companyInfo).limit(1);
  return { name: (language === 'en' ? c?.nameEn : c?.nameZh) ?? '', phone: c?.phone ?? '' };
}

export function listCandidates(ctx: ServiceContext, q: z.output<typeof smsCandidatesQuerySchema>): Promise<Page<SmsCandidate> & { reminderDays: number }> {
  return withReadTx(ctx, async (tx) => {
    const today = await businessToday(tx);
    const { overdueReminderDays } = await readSettings(tx, ['overdueReminderDays']);
    const extra: SQL[] = [];
    if (!reachesAllStores(ctx)) extra.push(sql`l.store_id = ${currentStore(ctx)}`);
    if (q.loanNo) extra.push(sql`l.loan_no ilike ${likePattern(q.loanNo)}`);
    if (q.customerName) extra.push(sql`(c.name ilike ${likePattern(q.customerName)} or c.english_name ilike ${likePattern(q.customerName)})`);
    const inner = candidatesSql(q.kind, today, overdueReminderDays, extra);
    const filtered = q.unsentOnly ? sql`select * from (${inner}) y where not y.already_queued` : sql`select * from (${inner}) y`;
    const res = await tx.execute<CandidateRow>(sql`
      select y.*, cast(count(*) over () as integer) as total from (${filtered}) y
      order by y.due_date nulls last, y.loan_id limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`);
    const masking = await maskingFor(tx, ctx.auth, CUSTOMER_PERMISSIONS.reveal);
    const templates = await templatesOf(tx, q.kind);
    const companies = { 'zh-TW': await companyOf(tx, 'zh-TW'), en: await companyOf(tx, 'en') };
    const items = res.rows.map((r): SmsCandidate => {
      const template = templates[r.language];
      const preview = template ? renderSms(template, valuesOf(r, companies[r.language])) : null;
      return {
        loanId: r.loan_id,
        loanNo: r.loan_no,
        storeId: r.store_id,
        customerId: r.customer_id,
        customerName: r.customer_name,
        phone: masked(r.phone, masking) ?? '',
        language: r.language,
        optedOut: r.opted_out,
        dueDate: r.due_date,
        amountDue: r.amount_due,
        daysOverdue: Number(r.days_overdue),
        remainingTenors: Number(r.remaining_tenors),
        alreadyQueued: r.already_queued,
        preview,
        segments: preview ? smsLength(preview).segments : 0,
      };
    });
    return { ...pageOfRows(items, res.rows[0]?.total ?? 0, q.page, q.pageSize), reminderDays: overdueReminderDays };
  });
}

/**
 * Queues the kind's reminder of each chosen loan that is on the kind's list in the caller's
 * scope, skipping (with the reason) those already queued for the due date, opted out or without a
 * template in the customer's language. One audit row for the batch.
 */
export async function queueReminders(
  tx: Tx,
  ctx: ServiceContext,
  input: { kind: SmsKind; loanIds?: readonly number[] },
  opts: { audit?: boolean } = {},
): Promise<SmsSendResult & { ids: number[]; stores: number[] }> {
  const today = await businessToday(tx);
  const { overdueReminderDays } = await readSettings(tx, ['overdueReminderDays']);
  const extra: SQL[] = [];
  if (!reachesAllStores(ctx)) extra.push(sql`l.store_id = ${currentStore(ctx)}`);
  if (input.loanIds) extra.push(sql`l.id in (${sql.join(input.loanIds.map((id) => sql`${id}`), sql`, `)})`);
  const rows = (await tx.execute<CandidateRow>(candidatesSql(input.kind, today, overdueReminderDays, extra))).rows;
  const templates = await templatesOf(tx, input.kind);
  const companies = { 'zh-TW': await companyOf(tx, 'zh-TW'), en: await companyOf(tx, 'en') };
  const skipped: SmsSendResult['skipped'] = [];
  const found = new Set(rows.map((r) => r.loan_id));
  for (const id of input.loanIds ?? []) if (!found.has(id)) skipped.push({ loanId: id, reason: 'notEligible' });
  const values: (typeof smsMessages.$inferInsert)[] = [];
  for (const r of rows) {
    const template = templates[r.language];
    if (r.opted_out) skipped.push({ loanId: r.loan_id, reason: 'optedOut' });
    else if (!template) skipped.push({ loanId: r.loan_id, reason: 'noTemplate' });
    else if (r.already_queued || !r.due_date) skipped.push({ loanId: r.loan_id, reason: 'alreadyQueued' });
    else {
      const text = renderSms(template, valuesOf(r, companies[r.language]));
      values.push({
        storeId: r.store_id,
        loanId: r.loan_id,
        customerId: r.customer_id,
        kind: input.kind,
        dueDate: r.due_date,
        language: r.language,
        phone: r.phone,
        text,
        segments: smsLength(text).segments,
        staffId: ctx.auth?.staffId ?? null,
        createdBy: ctx.auth?.staffId ?? null,
      });
    }
  }
  // in chunks: one INSERT of 10,000 rows would pass PostgreSQL's 65,535 bind parameters (11 a row)
  const inserted: { id: number; loanId: number }[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK);
    inserted.push(...(await tx.insert(smsMessages).values(chunk).onConflictDoNothing().returning({ id: smsMessages.id, loanId: smsMessages.loanId })));
  }
  await logAsContacts(tx, ctx, inserted.map((r) => r.id), today);
  const insertedLoans = new Set(inserted.map((r) => r.loanId));
  for (const v of values) if (!insertedLoans.has(v.loanId)) skipped.push({ loanId: v.loanId, reason: 'alreadyQueued' });
  const stores = [...new Set(values.filter((v) => insertedLoans.has(v.loanId)).map((v) => v.storeId))];
  if (opts.audit !== false) {
    await audit(tx, {
      action: 'add',
      module: 'sms',
      reference: input.kind,
      after: { kind: input.kind, queued: inserted.map((r) => r.id), skipped },
      ...(stores.length ? { recordStores: stores } : {}),
    });
  }
  return { queued: inserted.length, skipped: skipped.sort((a, b) => a.loanId - b.loanId), ids: inserted.map((r) => r.id), stores };
}

/**
 * Each queued reminder is an entry of its loan's contact log on the collector's desk
 * (docs/collection.md): channel `sms`, outcome `sent`, by whoever queued it (none for the daily
 * schedule), linked to the message so it is logged once.
 */
async function logAsContacts(tx: Tx, ctx: ServiceContext, messageIds: readonly number[], today: string): Promise<void> {
  for (let i = 0; i < messageIds.length; i += INSERT_CHUNK) {
    const chunk = messageIds.slice(i, i + INSERT_CHUNK);
    const staffId = ctx.auth?.staffId ?? null;
    await tx.execute(sql`
      insert into ${collectionContacts} (store_id, loan_id, staff_id, made_on, channel, outcome, sms_message_id, created_by)
      select m.store_id, m.loan_id, ${staffId}::int, ${today}::date, 'sms', 'sent', m.id, ${staffId}::int
      from sms_messages m where m.id in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`);
  }
}

export async function sendReminders(ctx: ServiceContext, input: z.output<typeof smsSendSchema>): Promise<SmsSendResult> {
  const { queued, skipped } = await withTx(ctx, (tx) => queueReminders(tx, ctx, { kind: input.kind, loanIds: input.loanIds }));
  return { queued, skipped };
}

interface MessageRow extends Record<string, unknown> {
  id: number;
  loan_id: number;
  loan_no: string;
  customer_name: string;
  kind: SmsKind;
  due_date: string;
  language: SmsLanguage;
  phone: string;
  text: string;
  segments: number;
  status: SmsStatus;
  attempts: number;
  provider_ref: string | null;
  provider_error: string | null;
  staff_name: string | null;
  created_at: Date;
  sent_at: Date | null;
  total: number;
}

const SORTS: Record<string, SQL> = { createdAt: sql`m.created_at`, dueDate: sql`m.due_date`, status: sql`m.status`, loanNo: sql`l.loan_no` };

/** The sent record: every queued message with its status, phones masked. */
export function listMessages(ctx: ServiceContext, q: z.output<typeof smsMessagesQuerySchema>): Promise<Page<SmsMessage>> {
  return withReadTx(ctx, async (tx) => {
    const where: SQL[] = [sql`true`];
    if (!reachesAllStores(ctx)) where.push(sql`m.store_id = ${currentStore(ctx)}`);
    if (q.kind) where.push(sql`m.kind = ${q.kind}`);
    if (q.status) where.push(sql`m.status = ${q.status}`);
    if (q.loanNo) where.push(sql`l.loan_no ilike ${likePattern(q.loanNo)}`);
    if (q.dateFrom) where.push(sql`m.created_at >= ${hkDayStart(q.dateFrom)}`);
    if (q.dateTo) where.push(sql`m.created_at < ${hkDayEnd(q.dateTo)}`);
    const res = await tx.execute<MessageRow>(sql`
      select m.id, m.loan_id, l.loan_no, c.name as customer_name, m.kind, m.due_date::text as due_date, m.language, m.phone, m.text,
        m.segments, m.status, m.attempts, m.provider_ref, m.provider_error, s.name as staff_name, m.created_at, m.sent_at,
        cast(count(*) over () as integer) as total
      from sms_messages m
      join loans l on l.id = m.loan_id
      join customers c on c.id = m.customer_id
      left join staff s on s.id = m.staff_id
      where ${sql.join(where, sql` and `)}
      order by ${sql.join(orderBy(q.sort, SORTS, 'createdAt:desc'), sql`, `)}, m.id desc
      limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`);
    const masking = await maskingFor(tx, ctx.auth, CUSTOMER_PERMISSIONS.reveal);
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    const items = res.rows.map(
      (r): SmsMessage => ({
        id: r.id,
        loanId: r.loan_id,
        loanNo: r.loan_no,
        customerName: r.customer_name,
        kind: r.kind,
        dueDate: r.due_date,
        language: r.language,
        phone: masked(r.phone, masking) ?? '',
        text: r.text,
        segments: Number(r.segments),
        status: r.status,
        attempts: Number(r.attempts),
        providerRef: r.provider_ref,
        providerError: r.provider_error,
        staffName: r.staff_name,
        createdAt: iso(r.created_at)!,
        sentAt: iso(r.sent_at),
      }),
    );
    return pageOfRows(items, res.rows[0]?.total ?? 0, q.page, q.pageSize);
  });
}

/** Opts a customer out of reminders (or back in) and sets the language of their messages. */
export function savePreference(ctx: ServiceContext, input: z.output<typeof smsPreferenceSchema>) {
  return withTx(ctx, async (tx) => {
    const exists = await tx.execute(sql`select 1 from customers where id = ${input.customerId}`);
    if (exists.rows.length === 0) throw notFound();
    const [before] = await tx.select().from(smsPreferences).where(sql`${smsPreferences.customerId} = ${input.customerId}`);
    const staffId = ctx.auth?.staffId ?? null;
    const [after] = await tx
      .insert(smsPreferences)
      .values({ customerId: input.customerId, optedOut: input.optedOut, language: input.language, createdBy: staffId })
      .onConflictDoUpdate({ target: smsPreferences.customerId, set: { optedOut: input.optedOut, language: input.language, updatedAt: new Date() } })
      .returning();
    await audit(tx, {
      action: 'edit',
      module: 'smsPreferences',
      reference: input.customerId,
      before: before ? { optedOut: before.optedOut, language: before.language } : null,
      after: { optedOut: after!.optedOut, language: after!.language, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return { customerId: after!.customerId, optedOut: after!.optedOut, language: after!.language as SmsLanguage };
  });
}

