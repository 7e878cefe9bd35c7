import type { DueState, LoanItem, Statement } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';

/**
 * MLO s.19 / s.20 statements on the real server: the figures the Ordinance names, read from the
 * loan's due state; each written request logged once with its audit row; an s.19 statement not
 * owed again within a month; a surety only for its own loan; other stores and keys kept out.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let today: string;
let borrower: number;
let surety: number;
let stranger: number;

beforeAll(async () => {
  t = await createTestApp();
  [manager, clerk, accountant] = (await Promise.all(['manager', 'clerk', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token))) as [string, string, string];
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
  borrower = await insertCustomer(t.pool, { code: 'ST0001', name: '馮結單', idNumber: 'A1234563', mobile1: '91230011' });
  surety = await insertCustomer(t.pool, { code: 'ST0002', name: '蕭擔保', idNumber: 'B1234567', mobile1: '91230012' });
  stranger = await insertCustomer(t.pool, { code: 'ST0003', name: '陸路人', idNumber: 'C1234569', mobile1: '91230013' });
});
afterAll(() => t.close());

/** A Mong Kok loan with a guarantor, paid out today and moved 40 days into the past, with one receipt today. */
async function loanWithHistory(): Promise<LoanItem> {
  const body = {
    customerId: borrower, loanType: 'private_loan', applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '12000',
    totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1', partakers: [{ customerId: surety, role: 'guarantor' }],
  };
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
  await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} });
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: { overdueRate: '36', overduePenalty: '100' } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
  await t.pool.query(`update loan_instalments set due_date = due_date - 40 where loan_id = $1`, [loan.id]);
  await t.pool.query(`update loans set loan_date = loan_date - 40, interest_start_date = interest_start_date - 40, payout_date = payout_date - 40 where id = $1`, [loan.id]);
  dataOf(await call(t.app, 'POST', '/repayments', { token: clerk, body: { loanId: loan.id, received: '500.00', method: 'cash', repayType: 'overdue-interest', idempotencyKey: `statement-${loan.id}` } }));
  return dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
}

describe('statements', () => {
  it('says what s.19 asks: date, principal and rate, paid with dates, due and unpaid, not yet due', async () => {
    const loan = await loanWithHistory();
    const due = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: clerk, query: { loanId: loan.id } }));
    const s = dataOf(await call<Statement>(t.app, 'GET', `/loans/${loan.id}/statement`, { token: clerk }));
    expect(s).toMatchObject({ loanNo: loan.loanNo, borrowerName: '馮結單', principal: '12000.00', loanDate: loan.payoutDate, asOf: today, lastIssuedOn: null });
    expect(s.sureties.map((x) => x.name)).toEqual(['蕭擔保']);
    expect(s.paid.map((p) => p.amount)).toEqual(['500.00']);
    expect(s.dueUnpaid.map((d) => d.tenor)).toEqual([1]);
    expect(s.notYetDue.map((d) => d.tenor)).toEqual([2, 3, 4, 5, 6]);
    expect(s.totalDueUnpaid).toBe(dec(due.amountDue).toFixed(2));
    expect(dec(s.totalNotYetDue).plus(s.dueUnpaid[0]!.amount).toFixed(2)).toBe(dec(due.remainingScheduled).toFixed(2));
  });

  it('logs each written request once, refuses a second s.19 within a month, and gives a surety its own', async () => {
    const loan = await loanWithHistory();
    const issue = (body: Record<string, unknown>, token = clerk) => call<Statement>(t.app, 'POST', `/loans/${loan.id}/statement`, { token, body, lang: 'en' });
    const first = await issue({ kind: 's19', requestedOn: today, fee: '10.00' });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: 'Statement issued and logged.' });
    expect(dataOf(first).requests).toMatchObject([{ kind: 's19', requestedOn: today, issuedOn: today, fee: '10.00' }]);
    const again = await issue({ kind: 's19', requestedOn: today });
    expect(again.statusCode).toBe(422);
    expect((again.body as { message: string }).message).toMatch(new RegExp(`issued on ${today}`));
    expect((await issue({ kind: 's20', requestedOn: today })).statusCode).toBe(400);
    expect((await issue({ kind: 's20', requestedOn: today, suretyId: stranger })).statusCode).toBe(422);
    expect((await issue({ kind: 's19', requestedOn: '2999-01-01' })).statusCode).toBe(422);
    const forSurety = dataOf(await issue({ kind: 's20', requestedOn: today, suretyId: surety }));
    expect(forSurety.requests.map((r) => [r.kind, r.suretyName])).toEqual([['s20', '蕭擔保'], ['s19', null]]);
    const rows = await t.pool.query(`select action, after->>'kind' as kind from audit_log where module = 'statements' and reference = $1 order by id`, [String(loan.id)]);
    expect(rows.rows).toEqual([{ action: 'print', kind: 's19' }, { action: 'print', kind: 's20' }]);
    await expect(t.pool.query('delete from loan_statement_requests where loan_id = $1', [loan.id])).rejects.toThrow(/append-only/);
  });

  it('keeps other stores and callers without the key out', async () => {
    const loan = await loanWithHistory();
    // the collector (Mong Kok and Kwun Tong) holds no statement key
    const collector = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'GET', `/loans/${loan.id}/statement`, { token: collector })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/statement`, { token: collector, body: { kind: 's19', requestedOn: today } })).statusCode).toBe(403);
    // given the key, from Kwun Tong the Mong Kok loan is not there at all
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'repayment.statement' from roles where name = 'collector' on conflict do nothing`);
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/loans/${loan.id}/statement`, { token: away })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/statement`, { token: away, body: { kind: 's19', requestedOn: today } })).statusCode).toBe(404);
    expect((await t.pool.query('select count(*)::int n from loan_statement_requests where loan_id = $1', [loan.id])).rows[0].n).toBe(0);
    // an application not paid out has no statement
    const pending = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: { customerId: borrower, loanType: 'private_loan', applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '5000', totalTenor: 3, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1' } }));
    expect((await call(t.app, 'GET', `/loans/${pending.id}/statement`, { token: clerk })).statusCode).toBe(422);
  });
});
