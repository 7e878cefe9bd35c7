import type { LoanItem, Page, SmsCandidate, SmsGateway, SmsMessage, SmsSendResult, SmsTemplateItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyServicing } from '../../src/modules/repayments/daily.js';
import { runSmsSchedule } from '../../src/modules/sms/schedule.js';
import { runSmsWorker } from '../../src/modules/sms/worker.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

let t: TestApp;
let who: RepaymentStaff;
let admin: string;
let away: string;
const overdue: LoanItem[] = [];
let upcoming: LoanItem;
let englishLoan: LoanItem;
let chineseCustomer: number;

const auditCount = async (module: string) => Number((await t.pool.query(`select count(*) from audit_log where module = $1`, [module])).rows[0].count);

beforeAll(async () => {
  t = await createTestApp();
  who = await repaymentStaff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  away = (await loginAs(t.app, 'collector')).access_token;
  const kwunTong = (await t.pool.query<{ id: number }>(`select id from stores order by id offset 1 limit 1`)).rows[0]!.id;
  expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: kwunTong } })).statusCode).toBe(200);
  chineseCustomer = await insertCustomer(t.pool, { code: 'SMS0001', name: '馬短訊', idNumber: 'A1234563', mobile1: '91230101' });
  const english = await insertCustomer(t.pool, { code: 'SMS0002', name: 'Wong Ka Ming', idNumber: 'B1234567', mobile1: '91230102' });
  for (let i = 0; i < 2; i++) overdue.push(await repayingLoan(t, who, chineseCustomer, who.today, { daysAgo: 45 }));
  englishLoan = await repayingLoan(t, who, english, who.today, { daysAgo: 45 });
  overdue.push(englishLoan);
  upcoming = await repayingLoan(t, who, chineseCustomer, who.today, { daysAgo: 29 });
  await runDailyServicing(t.app.db);
});
afterAll(() => t.close());

describe('SMS content (templates)', () => {
  it('lists the ten demo templates and edits one, audited', async () => {
    const page = dataOf(await call<Page<SmsTemplateItem>>(t.app, 'GET', '/smsTemplates', { token: who.collector, query: { pageSize: 50 } }));
    expect(page.total).toBe(10);
    const zh = page.items.find((x) => x.kind === 'overdue' && x.language === 'zh-TW')!;
    const before = await auditCount('smsTemplates');
    const content = '{customerName}：貸款{loanNo}逾期{overdueDays}天，欠HK${amountDue}，請即還款。{companyName} {companyPhone}';
    const saved = dataOf(await call<SmsTemplateItem>(t.app, 'PUT', `/smsTemplates/${zh.id}`, { token: who.collector, body: { content } }));
    expect(saved.content).toBe(content);
    expect(await auditCount('smsTemplates')).toBe(before + 1);
  });

  it('refuses unknown and malformed placeholders with a translated 400, changing nothing', async () => {
    const zh = dataOf(await call<Page<SmsTemplateItem>>(t.app, 'GET', '/smsTemplates', { token: who.collector, query: { kind: 'upcoming', language: 'en' } })).items[0]!;
    for (const content of ['Hi {name}', 'Pay {amountDue', 'Pay amountDue}', '   ', '{}']) {
      const res = await call(t.app, 'PUT', `/smsTemplates/${zh.id}`, { token: who.collector, lang: 'en', body: { content } });
      expect(res.statusCode, content).toBe(400);
    }
    const zhRes = await call(t.app, 'PUT', `/smsTemplates/${zh.id}`, { token: who.collector, lang: 'zh-TW', body: { content: 'Hi {name}' } });
    expect(JSON.stringify(zhRes.body)).toContain('未知的佔位符');
    const after = dataOf(await call<SmsTemplateItem>(t.app, 'GET', `/smsTemplates/${zh.id}`, { token: who.collector }));
    expect(after.content).toBe(zh.content);
  });

  it('keeps one template per kind and language (409), and a deleted one can be made again', async () => {
    const dup = await call(t.app, 'POST', '/smsTemplates', { token: admin, body: { kind: 'complete', language: 'en', content: 'Thanks {customerName}' } });
    expect(dup.statusCode).toBe(409);
    const one = dataOf(await call<Page<SmsTemplateItem>>(t.app, 'GET', '/smsTemplates', { token: admin, query: { kind: 'complete', language: 'en' } })).items[0]!;
    expect((await call(t.app, 'DELETE', `/smsTemplates/${one.id}`, { token: admin })).statusCode).toBe(200);
    const made = dataOf(await call<SmsTemplateItem>(t.app, 'POST', '/smsTemplates', { token: admin, body: { kind: 'complete', language: 'en', content: one.content } }));
    expect(made).toMatchObject({ kind: 'complete', language: 'en' });
  });

  it('403 without the keys: the clerk reads nothing, the collector may not delete', async () => {
    expect((await call(t.app, 'GET', '/smsTemplates', { token: who.clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', '/smsTemplates/1', { token: who.collector })).statusCode).toBe(403);
  });
});

describe('SendSmsList', () => {
  it('lists overdue loans with masked phones and a preview in the customer’s language', async () => {
    const page = dataOf(await call<Page<SmsCandidate>>(t.app, 'GET', '/sms/candidates', { token: who.collector, query: { kind: 'overdue', pageSize: 100 } }));
    const mine = page.items.filter((c) => overdue.some((l) => l.id === c.loanId));
    expect(mine).toHaveLength(3);
    for (const c of mine) {
      expect(c.phone).toMatch(/^\*{4}\d{4}$/);
      expect(c.daysOverdue).toBeGreaterThan(0);
      expect(c.preview).toContain(c.loanNo);
      expect(c.segments).toBeGreaterThanOrEqual(1);
    }
    expect(mine.find((c) => c.loanId === overdue[0]!.id)).toMatchObject({ language: 'zh-TW', customerName: '馬短訊' });
    expect(mine.find((c) => c.loanId === overdue[0]!.id)!.preview).toMatch(/^馬短訊：貸款/);
    expect(mine.find((c) => c.loanId === englishLoan.id)!.preview).toMatch(/^Dear Wong Ka Ming, loan/);
    expect(JSON.stringify(page)).not.toContain('91230101');
    const soon = dataOf(await call<Page<SmsCandidate> & { reminderDays: number }>(t.app, 'GET', '/sms/candidates', { token: who.collector, query: { kind: 'upcoming', pageSize: 100 } }));
    expect(soon.reminderDays).toBe(3);
    expect(soon.items.map((c) => c.loanId)).toContain(upcoming.id);
  });

  it('queues each chosen loan once, with one audit row; a second send skips them', async () => {
    const ids = overdue.map((l) => l.id);
    const before = await auditCount('sms');
    const first = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: who.collector, body: { kind: 'overdue', loanIds: ids } }));
    expect(first).toEqual({ queued: 3, skipped: [] });
    expect(await auditCount('sms')).toBe(before + 1);
    const again = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: who.collector, body: { kind: 'overdue', loanIds: ids } }));
    expect(again.queued).toBe(0);
    expect(again.skipped.map((s) => s.reason)).toEqual(['alreadyQueued', 'alreadyQueued', 'alreadyQueued']);
    const record = dataOf(await call<Page<SmsMessage>>(t.app, 'GET', '/sms/messages', { token: who.collector, query: { kind: 'overdue', status: 'queued' } }));
    expect(record.total).toBe(3);
    for (const m of record.items) {
      expect(m.phone).toMatch(/^\*{4}\d{4}$/);
      expect(m).toMatchObject({ status: 'queued', attempts: 0, staffName: '張收數', providerRef: null });
    }
    // the table itself refuses a second row for the same loan, kind and due date
    const dup = await t.pool.query(`insert into sms_messages (store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments)
      select store_id, loan_id, customer_id, kind, due_date, language, phone, text, segments from sms_messages limit 1`).catch((e: { code: string }) => e);
    expect((dup as { code: string }).code).toBe('23505');
  });

  it('the outbox provider records the queue as sent without a gateway', async () => {
    const r = await runSmsWorker(t.app.db, { ratePerSecond: 100 });
    expect(r).toMatchObject({ sent: 3, failed: 0 });
    const record = dataOf(await call<Page<SmsMessage>>(t.app, 'GET', '/sms/messages', { token: who.collector, query: { kind: 'overdue' } }));
    for (const m of record.items) expect(m).toMatchObject({ status: 'sent', attempts: 1, providerRef: `outbox-${m.id}` });
  });

  it('skips an opted-out customer and one not on the list', async () => {
    const saved = await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: chineseCustomer, optedOut: true, language: 'zh-TW' } });
    expect(saved.statusCode).toBe(200);
    const res = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: who.collector, body: { kind: 'upcoming', loanIds: [upcoming.id, 999_999] } }));
    expect(res).toEqual({ queued: 0, skipped: [{ loanId: upcoming.id, reason: 'optedOut' }, { loanId: 999_999, reason: 'notEligible' }] });
    await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: chineseCustomer, optedOut: false, language: 'zh-TW' } });
    expect((await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: 999_999, optedOut: true, language: 'en' } })).statusCode).toBe(404);
  });

  it('another store sees none of Mong Kok’s loans or messages, and its send treats them as absent', async () => {
    const list = dataOf(await call<Page<SmsCandidate>>(t.app, 'GET', '/sms/candidates', { token: away, query: { kind: 'overdue', loanNo: overdue[0]!.loanNo! } }));
    expect(list.total).toBe(0);
    const record = dataOf(await call<Page<SmsMessage>>(t.app, 'GET', '/sms/messages', { token: away, query: { loanNo: overdue[0]!.loanNo! } }));
    expect(record.total).toBe(0);
    const res = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: away, body: { kind: 'upcoming', loanIds: [upcoming.id] } }));
    expect(res).toEqual({ queued: 0, skipped: [{ loanId: upcoming.id, reason: 'notEligible' }] });
  });

  it('403 without the keys, 400 on bad input with nothing queued', async () => {
    expect((await call(t.app, 'GET', '/sms/candidates', { token: who.clerk, query: { kind: 'overdue' } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/sms/send', { token: who.clerk, body: { kind: 'overdue', loanIds: [1] } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/sms/messages', { token: who.accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/sms/gateway', { token: who.collector, body: { provider: 'outbox' } })).statusCode).toBe(403);
    const count = async () => Number((await t.pool.query(`select count(*) from sms_messages`)).rows[0].count);
    const before = await count();
    for (const body of [{ kind: 'overdue', loanIds: [] }, { kind: 'bogus', loanIds: [1] }, { kind: 'overdue', loanIds: ['x'] }, {}]) {
      expect((await call(t.app, 'POST', '/sms/send', { token: who.collector, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, 'GET', '/sms/candidates', { token: who.collector, query: { kind: 'nope' } })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('gateway and schedule', () => {
  it('keeps the credentials write-only', async () => {
    const body = { provider: 'http', url: 'https://sms.example.hk/api/send', username: 'harbour', password: 's3cret-pass', token: 'tok-123456', senderId: 'HARBOUR' };
    const saved = await call<SmsGateway>(t.app, 'PUT', '/sms/gateway', { token: admin, body });
    expect(saved.statusCode).toBe(200);
    expect(dataOf(saved)).toMatchObject({ provider: 'http', hasPassword: true, hasToken: true, username: 'harbour' });
    const read = await call<SmsGateway>(t.app, 'GET', '/sms/gateway', { token: admin });
    const audits = (await t.pool.query(`select before::text || after::text as t from audit_log where module = 'smsGateway'`)).rows.map((r: { t: string }) => r.t).join();
    for (const text of [JSON.stringify(saved.body), JSON.stringify(read.body), audits]) {
      expect(text).not.toContain('s3cret-pass');
      expect(text).not.toContain('tok-123456');
    }
    // left out: kept; empty: cleared
    const kept = dataOf(await call<SmsGateway>(t.app, 'PUT', '/sms/gateway', { token: admin, body: { ...body, password: undefined, token: '' } }));
    expect(kept).toMatchObject({ hasPassword: true, hasToken: false });
    expect((await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'http', url: 'ftp://x' } })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'outbox', scheduleTime: '25:00' } })).statusCode).toBe(400);
    await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'outbox' } });
  });

  it('the daily schedule is off by default, runs once a day at its time, and queues upcoming and overdue reminders', async () => {
    expect(await runSmsSchedule(t.app.db)).toMatchObject({ ran: false, reason: 'off' });
    await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'outbox', scheduleEnabled: true, scheduleTime: '23:59' } });
    expect(await runSmsSchedule(t.app.db, { now: new Date('2026-01-01T02:00:00Z') })).toMatchObject({ ran: false, reason: 'notYet' });
    const run = await runSmsSchedule(t.app.db, { now: new Date('2026-01-01T15:59:30Z') });
    expect(run.ran).toBe(true);
    expect(run.queued.upcoming).toBeGreaterThanOrEqual(1);
    const queued = await t.pool.query(`select kind from sms_messages where loan_id = $1`, [upcoming.id]);
    expect(queued.rows).toEqual([{ kind: 'upcoming' }]);
    expect(await runSmsSchedule(t.app.db, { now: new Date('2026-01-01T15:59:50Z') })).toMatchObject({ ran: false, reason: 'done' });
  });
});
