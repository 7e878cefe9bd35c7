import { API_BASE, type ContactEntry, type ReportAnswer, type RepaymentItem } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff } from '../helpers/repaying.js';

/**
 * Each promise's judgement kept on its contact row (collection/promise-outcomes.ts) and the
 * "promises kept and broken" report that reads it, on the real server and PostgreSQL: a promise kept
 * by two receipts, one broken by time (decided by the daily job), one still open, a kept one turned
 * back to open by a void, a row never judged filled in by the daily job, and another store's
 * promise absent.
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
  // a void posts at once here: its second person's approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  borrower = await insertCustomer(t.pool, { code: 'PO0001', name: '溫守諾', idNumber: 'A1234563', mobile1: '91237788' });
});
afterAll(async () => {
  await t.close();
});

const loan = () => repayingLoan(t, { clerk, manager, accountant }, borrower, today, { daysAgo: 41 });
const promise = async (loanId: number, promiseAmount: string, promiseDate: string, token = collector) =>
  dataOf(await call<ContactEntry>(t.app, 'POST', '/collection/contacts', { token, body: { loanId, channel: 'call', outcome: 'promised', promiseAmount, promiseDate } }));
const pay = async (loanId: number, received: string) =>
  dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: manager, body: { loanId, received, method: 'cash', idempotencyKey: `promise-${++seq}-${Date.now()}` } }));
const stored = async (contactId: number) =>
  (await t.pool.query(`select promise_state as state, to_char(promise_decided_on, 'YYYY-MM-DD') as "decidedOn", promise_received::text as received from collection_contacts where id = $1`, [contactId])).rows[0];
const daily = async () => dataOf(await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: { force: true } }));
const report = async (token: string, query: Record<string, string | number> = {}) =>
  dataOf(await call<ReportAnswer>(t.app, 'GET', '/reports/promiseOutcomes', { token, lang: 'en', query: { dateFrom: addDays(today, -10), dateTo: addDays(today, 10), ...query } }));

describe('promises kept and broken', () => {
  let kept: ContactEntry;
  let broken: ContactEntry;
  let open: ContactEntry;
  let voided: ContactEntry;

  it('keeps the judgement on the contact row as receipts and voids post, and the daily job decides the passed ones', async () => {
    // kept by two receipts: 600.00 then 400.00, both today
    const a = await loan();
    kept = await promise(a.id, '1000', addDays(today, 2));
    expect(await stored(kept.id)).toEqual({ state: 'open', decidedOn: null, received: '0.00' });
    await pay(a.id, '600');
    expect(await stored(kept.id)).toEqual({ state: 'open', decidedOn: null, received: '600.00' });
    await pay(a.id, '400');
    expect(await stored(kept.id)).toEqual({ state: 'kept', decidedOn: today, received: '1000.00' });

    // broken by time: made five days ago to pay by three days ago, nothing paid; the daily job decides it
    const b = await loan();
    broken = await promise(b.id, '2120', addDays(today, 2));
    await t.pool.query(`update collection_contacts set made_on = made_on - 5, promise_date = promise_date - 5 where id = $1`, [broken.id]);
    expect(await stored(broken.id)).toEqual({ state: 'open', decidedOn: null, received: '0.00' });

    // still open: to pay 500.00 in three days; its row is then cleared as if it predated the columns
    const c = await loan();
    open = await promise(c.id, '500', addDays(today, 3));
    await t.pool.query(`update collection_contacts set promise_state = null, promise_decided_on = null, promise_received = null where id = $1`, [open.id]);

    await daily();
    expect(await stored(broken.id)).toEqual({ state: 'broken', decidedOn: addDays(today, -2), received: '0.00' });
    expect(await stored(open.id)).toEqual({ state: 'open', decidedOn: null, received: '0.00' });
    expect(await stored(kept.id)).toEqual({ state: 'kept', decidedOn: today, received: '1000.00' });

    // kept by one receipt of 300.00, then that receipt voided: open again (its date is today)
    const d = await loan();
    voided = await promise(d.id, '300', today);
    const receipt = await pay(d.id, '300');
    expect(await stored(voided.id)).toEqual({ state: 'kept', decidedOn: today, received: '300.00' });
    dataOf(await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: manager, body: { kind: 'void', reason: 'keyed on the wrong loan' } }));
    expect(await stored(voided.id)).toEqual({ state: 'open', decidedOn: null, received: '0.00' });
  });

  it('reports each promise with its outcome, counts and amounts per state, and leaves another store out', async () => {
    // another store's promise: a loan moved to Kwun Tong (the demo's store staff reach one store),
    // promised there to the collector switched to Kwun Tong
    const there = await loan();
    await t.pool.query(`update loans set store_id = 2 where id = $1`, [there.id]);
    const away = (await loginAs(t.app, 'collector')).access_token;
    dataOf(await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } }));
    const elsewhere = await promise(there.id, '700', today, away);
    expect((await report(away)).rows).toEqual([expect.objectContaining({ contactId: elsewhere.id, state: 'open', promiseAmount: '700.00' })]);

    const answer = await report(collector);
    const row = (c: ContactEntry, state: string, decidedOn: string | null, received: string, amount: string) => ({
      staffName: '張收數',
      loanNo: expect.any(String),
      customerName: '溫守諾',
      madeOn: c.id === broken.id ? addDays(today, -5) : today,
      promiseDate: c.id === broken.id ? addDays(today, -3) : c.promiseDate,
      promiseAmount: amount,
      state,
      decidedOn,
      received,
      kept: state === 'kept' ? 1 : 0,
      keptAmount: state === 'kept' ? amount : '0.00',
      broken: state === 'broken' ? 1 : 0,
      brokenAmount: state === 'broken' ? amount : '0.00',
      open: state === 'open' ? 1 : 0,
      openAmount: state === 'open' ? amount : '0.00',
      contactId: c.id,
    });
    expect(answer.rows).toEqual([
      row(kept, 'kept', today, '1000.00', '1000.00'),
      row(broken, 'broken', addDays(today, -2), '0.00', '2120.00'),
      row(open, 'open', null, '0.00', '500.00'),
      row(voided, 'open', null, '0.00', '300.00'),
    ]);
    expect(answer.total).toBe(4);
    expect(answer.totals).toMatchObject({
      promiseAmount: '3920.00',
      received: '1000.00',
      kept: 1,
      keptAmount: '1000.00',
      broken: 1,
      brokenAmount: '2120.00',
      open: 2,
      openAmount: '800.00',
    });
    // the period reads the promised date: the broken one alone before today
    expect((await report(collector, { dateTo: addDays(today, -1) })).rows.map((r) => r.contactId)).toEqual([broken.id]);
    // a cancelled promise is left out
    dataOf(await call(t.app, 'POST', '/collection/contacts/cancel', { token: collector, body: { contactId: open.id, reason: 'wrong loan' } }));
    expect((await report(collector)).totals).toMatchObject({ open: 1, openAmount: '300.00' });
    // a clerk lacks the report's key
    expect((await call(t.app, 'GET', '/reports/promiseOutcomes', { token: clerk })).statusCode).toBe(403);
  });

  it('exports the report as xlsx', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/reports/promiseOutcomes/export`, query: { format: 'xlsx', dateFrom: today, dateTo: today }, headers: { authorization: `Bearer ${collector}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="promiseOutcomes-${today}-${today}.xlsx"`);
  });
});
