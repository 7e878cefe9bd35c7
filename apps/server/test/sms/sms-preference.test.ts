import type { CustomerItem, LoanItem, Page, SmsCandidate, SmsGateway, SmsScheduleRun, SmsSendResult } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyServicing } from '../../src/modules/repayments/daily.js';
import { runSmsSchedule } from '../../src/modules/sms/schedule.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * A customer's SMS opt-out as the customer answers carry it, with its optional reason in the audit
 * row; opted-out customers' loans are listed but neither sent nor queued by the schedule; the
 * gateway answers the schedule's last run; "queue today's reminders now".
 */
let t: TestApp;
let who: RepaymentStaff;
let admin: string;
let quiet: number;
let english: number;
let quietLoan: LoanItem;
let englishLoan: LoanItem;

const customer = async (id: number, token = admin) => dataOf(await call<CustomerItem>(t.app, 'GET', `/customers/${id}`, { token }));
const prefAudits = async (id: number) =>
  (await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'smsPreferences' and reference = $1 order by id`, [String(id)])).rows;

beforeAll(async () => {
  t = await createTestApp();
  who = await repaymentStaff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  quiet = await insertCustomer(t.pool, { code: 'SMSP001', name: '靜短訊', idNumber: 'C1234569', mobile1: '91230201' });
  english = await insertCustomer(t.pool, { code: 'SMSP002', name: 'Lee Siu Ming', idNumber: 'D1234564', mobile1: '91230202' });
  quietLoan = await repayingLoan(t, who, quiet, who.today, { daysAgo: 45 });
  englishLoan = await repayingLoan(t, who, english, who.today, { daysAgo: 45 });
  await runDailyServicing(t.app.db);
});
afterAll(() => t.close());

describe('SMS opt-out on the customer', () => {
  it('the customer answers carry the opt-out (off) and the message language by the name', async () => {
    expect(await customer(quiet)).toMatchObject({ smsOptedOut: false, smsLanguage: 'zh-TW' });
    expect(await customer(english, who.clerk)).toMatchObject({ smsOptedOut: false, smsLanguage: 'en' });
    const page = dataOf(await call<Page<CustomerItem>>(t.app, 'GET', '/customers', { token: who.clerk, query: { q: 'SMSP00', pageSize: 10 } }));
    expect(page.items.map((c) => [c.customerCode, c.smsOptedOut, c.smsLanguage]).sort()).toEqual([
      ['SMSP001', false, 'zh-TW'],
      ['SMSP002', false, 'en'],
    ]);
  });

  it('opting out keeps the reason in the audit row; the customer, the list and the send show it', async () => {
    const res = await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: quiet, optedOut: true, language: 'zh-TW', reason: '客戶來電要求停止短訊' } });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({ customerId: quiet, optedOut: true, language: 'zh-TW' });
    expect((await prefAudits(quiet)).at(-1)!.after).toEqual({ optedOut: true, language: 'zh-TW', reason: '客戶來電要求停止短訊' });
    expect(await customer(quiet, who.clerk)).toMatchObject({ smsOptedOut: true, smsLanguage: 'zh-TW' });
    const listed = dataOf(await call<Page<SmsCandidate>>(t.app, 'GET', '/sms/candidates', { token: who.collector, query: { kind: 'overdue', loanNo: quietLoan.loanNo! } }));
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ loanId: quietLoan.id, optedOut: true });
    const sent = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: who.collector, body: { kind: 'overdue', loanIds: [quietLoan.id] } }));
    expect(sent).toEqual({ queued: 0, skipped: [{ loanId: quietLoan.id, reason: 'optedOut' }] });
  });

  it('a language change without a reason is audited without one', async () => {
    const before = (await prefAudits(english)).length;
    await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: english, optedOut: false, language: 'zh-TW' } });
    const rows = await prefAudits(english);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.after).toEqual({ optedOut: false, language: 'zh-TW' });
    expect(await customer(english)).toMatchObject({ smsOptedOut: false, smsLanguage: 'zh-TW' });
    await call(t.app, 'PUT', '/sms/preference', { token: who.collector, body: { customerId: english, optedOut: false, language: 'en' } });
  });

  it('403 without sms.optOut, 400 on a reason too long or a bad body, nothing changed', async () => {
    const before = (await prefAudits(quiet)).length;
    const forbidden = await call(t.app, 'PUT', '/sms/preference', { token: who.clerk, body: { customerId: quiet, optedOut: false, language: 'zh-TW' } });
    expect(forbidden.statusCode).toBe(403);
    for (const body of [
      { customerId: quiet, optedOut: false, language: 'zh-TW', reason: 'x'.repeat(501) },
      { customerId: quiet, optedOut: 'no', language: 'zh-TW' },
      { customerId: quiet, optedOut: false, language: 'fr' },
      { customerId: 0, optedOut: false, language: 'zh-TW' },
    ]) {
      const res = await call(t.app, 'PUT', '/sms/preference', { token: who.collector, lang: 'en', body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await prefAudits(quiet)).toHaveLength(before);
    expect(await customer(quiet)).toMatchObject({ smsOptedOut: true });
  });
});

describe('gateway: last run and "queue today\'s reminders now"', () => {
  it('answers the last run of the schedule (null on a new install, the business date after a run)', async () => {
    const fresh = dataOf(await call<SmsGateway>(t.app, 'GET', '/sms/gateway', { token: admin }));
    expect(fresh).toMatchObject({ provider: 'outbox', scheduleEnabled: false, scheduleLastRun: null, hasPassword: false, hasToken: false });
    expect(fresh).not.toHaveProperty('password');
    expect(fresh).not.toHaveProperty('token');
  });

  it('run now queues the overdue reminders, never an opted-out customer’s, and answers the counts', async () => {
    const res = await call<SmsScheduleRun>(t.app, 'POST', '/sms/schedule/run', { token: admin, body: {} });
    expect(res.statusCode).toBe(200);
    const run = dataOf(res);
    expect(run.queued.overdue).toBeGreaterThanOrEqual(1);
    expect(run.queued).toHaveProperty('upcoming');
    const kinds = async (loanId: number) => (await t.pool.query(`select kind from sms_messages where loan_id = $1`, [loanId])).rows;
    expect(await kinds(englishLoan.id)).toEqual([{ kind: 'overdue' }]);
    expect(await kinds(quietLoan.id)).toEqual([]);
    // a second run queues nothing new
    const again = dataOf(await call<SmsScheduleRun>(t.app, 'POST', '/sms/schedule/run', { token: admin, body: {} }));
    expect(again.queued.overdue).toBe(0);
    expect((await call(t.app, 'POST', '/sms/schedule/run', { token: who.collector, body: {} })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/sms/schedule/run', { token: admin, body: { force: true } })).statusCode).toBe(400);
  });

  it('the scheduled run notes the business date as the last run', async () => {
    await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'outbox', scheduleEnabled: true, scheduleTime: '00:00' } });
    expect((await runSmsSchedule(t.app.db)).ran).toBe(true);
    const today = (await t.pool.query<{ d: string }>(`select schedule_last_run::text as d from sms_gateway where id = 1`)).rows[0]!.d;
    const read = dataOf(await call<SmsGateway>(t.app, 'GET', '/sms/gateway', { token: admin }));
    expect(read.scheduleLastRun).toBe(today);
    expect(read.scheduleLastRun).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await call(t.app, 'PUT', '/sms/gateway', { token: admin, body: { provider: 'outbox' } });
  });
});
