import { API_BASE, type ContactEntry, type DeskPage, type ReportAnswer, type SmsSendResult } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff } from '../helpers/repaying.js';

/**
 * The collector's desk on the real server and PostgreSQL: contacts logged and cancelled (audited,
 * append-only), a promise kept by a receipt and one broken by time, the desk's queue, today's and
 * broken promises, an SMS reminder logged as a contact, and what another store or a caller without
 * the keys gets (404, nothing counted, 403).
 */
let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, clerk, collector, accountant, today } = await repaymentStaff(t));
  borrower = await insertCustomer(t.pool, { code: 'CD0001', name: '簡承諾', idNumber: 'A1234563', mobile1: '91235566' });
});
afterAll(async () => {
  await t.close();
});

/** A Mong Kok loan of 12,000 over 6 months (2,120.00 an instalment) with its first instalment `daysAgo - 31` days overdue. */
const overdueLoan = async (daysAgo = 41) => {
  const loan = await repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { daysAgo });
  // the summaries the desk reads, as of today with this loan's past
  dataOf(await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: { force: true } }));
  return loan;
};
const log = (body: Record<string, unknown>, token = collector) => call<ContactEntry>(t.app, 'POST', '/collection/contacts', { token, body, lang: 'en' });
const contacts = async (loanId: number, token = collector) => dataOf(await call<ContactEntry[]>(t.app, 'GET', '/collection/contacts', { token, query: { loanId } }));
const desk = async (query: Record<string, string | number>, token = collector) => dataOf(await call<DeskPage>(t.app, 'GET', '/collection/desk', { token, query: { pageSize: 100, ...query } }));
const pay = (loanId: number, received: string) =>
  call(t.app, 'POST', '/repayments', { token: manager, body: { loanId, received, method: 'cash', idempotencyKey: `desk-${++seq}-${Date.now()}` } });
const auditOf = async (module: string, reference: string) => (await t.pool.query(`select action, before, after from audit_log where module = $1 and reference = $2 order by id`, [module, reference])).rows;
/** Moves a promise `days` into the past, as if it had been made and fallen due that long ago. */
const agePromise = (contactId: number, days: number) =>
  t.pool.query(`update collection_contacts set made_on = made_on - $2::int, promise_date = promise_date - $2::int, at = at - make_interval(days => $2) where id = $1`, [contactId, days]);

describe('logging contacts', () => {
  it('logs a call with a promise, audits it, and answers it on the loan', async () => {
    const loan = await overdueLoan();
    const res = await log({ loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '1500', promiseDate: addDays(today, 3), note: 'will pay on Friday' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Contact logged.' });
    const entry = dataOf(res);
    expect(entry).toMatchObject({ loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '1500.00', promiseDate: addDays(today, 3), madeOn: today, promiseState: 'pending', promisePaid: '0.00', cancelled: false, staffName: '張收數', note: 'will pay on Friday' });
    expect(await contacts(loan.id)).toEqual([entry]);
    expect(await auditOf('collection', loan.loanNo!)).toEqual([
      { action: 'add', before: null, after: { contactId: entry.id, channel: 'call', outcome: 'promised', promiseAmount: '1500.00', promiseDate: addDays(today, 3) } },
    ]);
  });

  it('refuses a promise without its amount or date, a promise in the past, and a stray amount; nothing is written', async () => {
    const loan = await overdueLoan();
    const bad = [
      { loanId: loan.id, channel: 'call', outcome: 'promised', promiseDate: today },
      { loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '100' },
      { loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '0', promiseDate: today },
      { loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '10.001', promiseDate: today },
      { loanId: loan.id, channel: 'call', outcome: 'noAnswer', promiseAmount: '100' },
      { loanId: loan.id, channel: 'fax', outcome: 'noAnswer' },
      { loanId: loan.id, channel: 'call', outcome: 'maybe' },
    ];
    for (const body of bad) expect((await log(body)).statusCode, JSON.stringify(body)).toBe(400);
    const past = await log({ loanId: loan.id, channel: 'visit', outcome: 'promised', promiseAmount: '100', promiseDate: addDays(today, -1) });
    expect(past.statusCode).toBe(422);
    expect(past.body).toMatchObject({ message: `A promise to pay cannot fall due before today (${today}).` });
    expect(await contacts(loan.id)).toEqual([]);
    expect(await auditOf('collection', loan.loanNo!)).toEqual([]);
  });

  it('cancels a wrong entry by a new one, once, audited; the log keeps both', async () => {
    const loan = await overdueLoan();
    const wrong = dataOf(await log({ loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '800', promiseDate: today }));
    const res = await call<ContactEntry>(t.app, 'POST', '/collection/contacts/cancel', { token: collector, body: { contactId: wrong.id, reason: 'logged on the wrong loan' }, lang: 'en' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(dataOf(res)).toMatchObject({ id: wrong.id, cancelled: true, cancelReason: 'logged on the wrong loan', promiseState: null, promisePaid: null });
    const again = await call(t.app, 'POST', '/collection/contacts/cancel', { token: collector, body: { contactId: wrong.id, reason: 'again' }, lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.body).toMatchObject({ message: 'This contact is already cancelled.' });
    const rows = (await t.pool.query(`select outcome, cancels_id, note from collection_contacts where loan_id = $1 order by id`, [loan.id])).rows;
    expect(rows).toEqual([
      { outcome: 'promised', cancels_id: null, note: null },
      { outcome: 'cancel', cancels_id: wrong.id, note: 'logged on the wrong loan' },
    ]);
    const cancelRows = await auditOf('collection', String(wrong.id));
    expect(cancelRows).toHaveLength(1);
    expect(cancelRows[0]).toMatchObject({ action: 'delete', before: { contactId: wrong.id, outcome: 'promised', promiseAmount: '800.00', promiseDate: today }, after: { reason: 'logged on the wrong loan' } });
    // a cancelled promise is not due today any more
    expect((await desk({ view: 'today', loanNo: loan.loanNo! })).total).toBe(0);
  });
});

describe('promises kept and broken', () => {
  it('keeps a promise by the receipts from its day to its date, two of them adding up', async () => {
    const loan = await overdueLoan();
    const promise = dataOf(await log({ loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '1000', promiseDate: today }));
    dataOf(await pay(loan.id, '600'));
    const half = (await contacts(loan.id)).find((c) => c.id === promise.id)!;
    expect(half).toMatchObject({ promiseState: 'pending', promisePaid: '600.00' });
    const dueToday = await desk({ view: 'today', loanNo: loan.loanNo! });
    expect(dueToday.items.map((r) => r.promise)).toEqual([{ contactId: promise.id, madeOn: today, date: today, amount: '1000.00', paid: '600.00', state: 'pending', staffName: '張收數' }]);
    dataOf(await pay(loan.id, '400'));
    expect((await contacts(loan.id)).find((c) => c.id === promise.id)).toMatchObject({ promiseState: 'kept', promisePaid: '1000.00' });
    expect((await desk({ view: 'today', loanNo: loan.loanNo! })).items[0]!.promise).toMatchObject({ state: 'kept', paid: '1000.00' });
  });

  it('breaks a promise whose date has passed short of the amount, and lists it among the broken', async () => {
    const loan = await overdueLoan();
    const promise = dataOf(await log({ loanId: loan.id, channel: 'visit', outcome: 'promised', promiseAmount: '2120', promiseDate: addDays(today, 2) }));
    await agePromise(promise.id, 5);
    // 2,000.00 paid today, three days after the promised date: too late to keep it
    dataOf(await pay(loan.id, '2000'));
    const entry = (await contacts(loan.id)).find((c) => c.id === promise.id)!;
    expect(entry).toMatchObject({ promiseState: 'broken', promisePaid: '0.00', madeOn: addDays(today, -5), promiseDate: addDays(today, -3) });
    const broken = await desk({ view: 'broken', loanNo: loan.loanNo! });
    expect(broken.total).toBe(1);
    expect(broken.items[0]).toMatchObject({ loanId: loan.id, promise: { contactId: promise.id, state: 'broken', amount: '2120.00', paid: '0.00', date: addDays(today, -3) } });
    expect((await desk({ view: 'broken', loanNo: loan.loanNo!, promiseFrom: addDays(today, -2) })).total).toBe(0);
    expect((await desk({ view: 'today', loanNo: loan.loanNo! })).total).toBe(0);
  });
});

describe('the work queue', () => {
  it('lists overdue loans, most days overdue first, with the latest contact and promise', async () => {
    const older = await overdueLoan(61);
    const newer = await overdueLoan(41);
    const fresh = await repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, {});
    dataOf(await log({ loanId: newer.id, channel: 'call', outcome: 'noAnswer' }));
    const promised = dataOf(await log({ loanId: newer.id, channel: 'sms', outcome: 'promised', promiseAmount: '2120.00', promiseDate: addDays(today, 1) }));
    const page = await desk({ view: 'queue', customerName: '簡承諾' });
    const ids = page.items.map((r) => r.loanId);
    expect(ids).toContain(older.id);
    expect(ids).toContain(newer.id);
    expect(ids).not.toContain(fresh.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const days = page.items.map((r) => r.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const row = page.items.find((r) => r.loanId === newer.id)!;
    const summary = (await t.pool.query(`select days_overdue, overdue_amount::text from loan_due_summaries where loan_id = $1`, [newer.id])).rows[0];
    expect(row).toMatchObject({ customerName: '簡承諾', mobile: '****5566', daysOverdue: summary.days_overdue, overdueAmount: summary.overdue_amount, lastContact: { madeOn: today, channel: 'sms', outcome: 'promised', staffName: '張收數' } });
    expect(row.promise).toEqual({ contactId: promised.id, madeOn: today, date: addDays(today, 1), amount: '2120.00', paid: '0.00', state: 'pending', staffName: '張收數' });
    expect(page.total).toBe(page.items.length);
    const one = await desk({ view: 'queue', customerName: '簡承諾', pageSize: 1, page: 2 });
    expect(one.items.map((r) => r.loanId)).toEqual([ids[1]]);
  });

  it('exports the list as an xlsx workbook', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/collection/desk/export`, query: { view: 'queue' }, headers: { authorization: `Bearer ${collector}`, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="collector-desk-queue-${today}.xlsx"`);
  });
});

describe('SMS reminders', () => {
  it('logs each SMS queued through the SMS module as a contact of its loan', async () => {
    const loan = await overdueLoan();
    const sent = dataOf(await call<SmsSendResult>(t.app, 'POST', '/sms/send', { token: collector, body: { kind: 'overdue', loanIds: [loan.id] } }));
    expect(sent.queued).toBe(1);
    const message = (await t.pool.query<{ id: number }>(`select id from sms_messages where loan_id = $1`, [loan.id])).rows[0]!;
    expect(await contacts(loan.id)).toEqual([expect.objectContaining({ channel: 'sms', outcome: 'sent', madeOn: today, staffName: '張收數', smsMessageId: message.id, promiseState: null })]);
  });
});

describe('store scope and keys', () => {
  it("answers 404 for another store's loan or contact, never counts its rows, and 403 without the keys", async () => {
    const loan = await overdueLoan();
    const entry = dataOf(await log({ loanId: loan.id, channel: 'call', outcome: 'promised', promiseAmount: '50', promiseDate: today }));
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    expect((await log({ loanId: loan.id, channel: 'call', outcome: 'noAnswer' }, away)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/collection/contacts', { token: away, query: { loanId: loan.id } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/collection/contacts/cancel', { token: away, body: { contactId: entry.id, reason: 'x' } })).statusCode).toBe(404);
    for (const view of ['queue', 'today', 'broken']) expect(await desk({ view, loanNo: loan.loanNo! }, away)).toMatchObject({ items: [], total: 0 });
    expect((await desk({ view: 'today', loanNo: loan.loanNo! })).total).toBe(1);

    expect((await call(t.app, 'GET', '/collection/desk', { token: accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/contacts', { token: accountant, query: { loanId: loan.id } })).statusCode).toBe(403);
    expect((await log({ loanId: loan.id, channel: 'call', outcome: 'noAnswer' }, accountant)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/desk', { token: collector, query: { view: 'later' } })).statusCode).toBe(400);
    expect((await contacts(loan.id)).map((c) => c.id)).toEqual([entry.id]);
  });
});

describe('the collector activity report', () => {
  // runs last: it counts what the tests above logged as the collector (the cancelled promise left out)
  it("counts each staff member's standing contacts in the period by channel, with the promises among them", async () => {
    const staffId = (await t.pool.query<{ id: number }>(`select id from staff where username = 'collector'`)).rows[0]!.id;
    const run = async (query: Record<string, string | number>, token = manager) =>
      dataOf(await call<ReportAnswer>(t.app, 'GET', '/reports/collectorActivity', { token, lang: 'en', query: { staff: staffId, ...query } }));
    const todays = await run({ dateFrom: today, dateTo: today });
    expect(todays.rows).toEqual([
      { staffName: '張收數', username: 'collector', calls: 4, sms: 2, visits: 0, letters: 0, contacts: 6, promises: 4, promisedAmount: '4670.00', loans: 5 },
    ]);
    expect(todays.totals).toMatchObject({ contacts: 6, promisedAmount: '4670.00' });
    // the visit's promise was moved five days back: it counts in a period that reaches that day
    const week = await run({ dateFrom: addDays(today, -5), dateTo: today });
    expect(week.rows[0]).toMatchObject({ visits: 1, contacts: 7, promises: 5, promisedAmount: '6790.00', loans: 6 });
    // a caller of Kwun Tong sees none of Mong Kok's contacts; a clerk lacks the report's key
    const away = (await loginAs(t.app, 'collector')).access_token;
    dataOf(await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } }));
    expect((await run({ dateFrom: today, dateTo: today }, away)).rows).toEqual([]);
    expect((await call(t.app, 'GET', '/reports/collectorActivity', { token: clerk })).statusCode).toBe(403);
  });
});
