import type { LoanItem, LoanListItem, Page, PayoutQuote, RepaymentItem, SettlementQuoteAnswer } from '@harbour/contracts';
import { Decimal, dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff } from '../helpers/repaying.js';

/**
 * Reloans (spec §3 reloan number, §4 reloaned, §9 reloan filter) on the real server and
 * PostgreSQL: an application naming the borrower's repaying loan, the old loan's settlement today
 * shown to the approver, the payout settling the old loan in the same transaction (a settlement
 * receipt of method reloan, the old loan reloaned, the borrower paid the rest), the journal
 * balanced through reloan clearing, the list's reloan filter, and the refusals.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  ({ manager, clerk, collector, accountant, today } = await repaymentStaff(t));
  borrower = await insertCustomer(t.pool, { code: 'RL0001', name: '陳轉貸', idNumber: 'A1234563', mobile1: '91230011' });
  other = await insertCustomer(t.pool, { code: 'RL0002', name: '李別人', idNumber: 'B1234568', mobile1: '91230012' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const staff = () => ({ clerk, manager, accountant });
const oldLoan = async (customerId = borrower, daysAgo = 40) => (await repayingLoan(t, staff(), customerId, today, { daysAgo })).id;
const reloanBody = (reloanOfId: number, over: Record<string, unknown> = {}) =>
  smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '30000', reloanOfId, ...over });
const apply = (body: unknown, token = clerk) => call<LoanItem>(t.app, 'POST', '/loans', { token, body, lang: 'en' });
const get = async (id: number) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token: manager }));
const fieldErrors = (res: { body: unknown }) => ((res.body as { errors?: { field: string; message: string }[] }).errors ?? []).map((e) => `${e.field}: ${e.message}`);
const toApproved = async (id: number, approval: Record<string, unknown> = { handlingFee: '500' }) => {
  dataOf(await call(t.app, 'POST', `/loans/${id}/submit`, { token: clerk, body: {} }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/approve`, { token: manager, body: approval }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
};
const list = async (query: Record<string, string | number>) => dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: manager, query: { pageSize: 100, ...query } })).items.map((l) => l.id);
const ledgerNet = async (account: string) =>
  (await t.pool.query<{ n: string }>(`select coalesce(sum(debit - credit), 0)::text n from journal_lines where account = $1`, [account])).rows[0]!.n;

describe('a reloan from application to payout', () => {
  it('settles the old loan out of the payout, to the cent, and links both loans', async () => {
    const oldId = await oldLoan();
    const created = dataOf(await apply(reloanBody(oldId)));
    expect(created.reloanOfId).toBe(oldId);
    expect(created.reloanOf).toMatchObject({ id: oldId, status: 'repaying' });

    // the approver sees the old loan's settlement today: the s.21 quote the counter would give
    const counter = dataOf(await call<SettlementQuoteAnswer>(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId: oldId, date: today } }));
    expect(dec(counter.payable).gt(12000)).toBe(true); // principal, interest to date, overdue interest and the 100.00 penalty
    dataOf(await call(t.app, 'POST', `/loans/${created.id}/submit`, { token: clerk, body: {} }));
    expect((await get(created.id)).reloanOf?.settlementToday).toEqual({ asOf: today, amount: counter.payable });
    expect(await list({ reloan: 'have-pending' })).toContain(oldId);
    expect(await list({ reloan: 'none' })).not.toContain(oldId);

    dataOf(await call(t.app, 'POST', `/loans/${created.id}/approve`, { token: manager, body: { handlingFee: '500', upfrontInterest: '200' } }));
    dataOf(await call(t.app, 'POST', `/loans/${created.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
    expect(await list({ reloan: 'have-approved' })).toContain(oldId);

    const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${created.id}/payoutQuote`, { token: accountant, query: { payoutDate: today } }));
    const net = dec('30000').minus('700').minus(counter.payable).toFixed(2);
    expect(quote).toMatchObject({ loanAmount: '30000.00', totalDeducted: '700.00', oldLoanSettlement: counter.payable, amountReceived: net });

    dataOf(await call(t.app, 'POST', `/loans/${created.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    const paid = await get(created.id);
    const old = await get(oldId);
    expect(paid.status).toBe('repaying');
    expect(paid.payout).toMatchObject({ oldLoanSettled: counter.payable, amountReceived: net });
    expect(paid.reloanOf).toEqual({ id: oldId, applyNo: old.applyNo, loanNo: old.loanNo, status: 'reloaned', settlementToday: null });
    expect(old.status).toBe('reloaned');
    expect(old.reloans).toEqual([{ id: paid.id, applyNo: paid.applyNo, loanNo: paid.loanNo, status: 'repaying' }]);
    expect((await list({ q: paid.loanNo! })).length).toBe(1);
    const row = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: manager, query: { reloanOfId: oldId } })).items;
    expect(row.map((l) => [l.id, l.reloanOfLoanNo])).toEqual([[paid.id, old.loanNo]]);

    // the old loan's settlement receipt: method reloan, what the counter quoted, nothing left to pay
    const receipts = dataOf(await call<Page<RepaymentItem>>(t.app, 'GET', '/repayments', { token: manager, query: { loanId: oldId } })).items;
    const settlement = receipts.find((r) => r.repayType === 'settlement')!;
    expect(settlement).toMatchObject({ method: 'reloan', received: counter.payable, repayDate: today, principal: counter.principal });
    // the old loan leaves the tips list and the reminders; the new one enters them at once
    const due = await t.pool.query<{ loan_id: number }>(`select loan_id from loan_due_summaries where loan_id = any($1)`, [[oldId, paid.id]]);
    expect(due.rows.map((r) => r.loan_id)).toEqual([paid.id]);
    // it stands with the payout: the counter cannot void it
    const voided = await call(t.app, 'POST', `/repayments/${settlement.id}/correct`, { token: manager, lang: 'en', body: { kind: 'void', reason: 'try' } });
    expect(voided.statusCode).toBe(422);
    expect((voided.body as { message: string }).message).toMatch(/reloan/);

    // the journal: the payout credits reloan clearing with what the settlement debits to it
    expect(dec(await ledgerNet('reloanClearing')).isZero()).toBe(true);
    const cash = await t.pool.query<{ credit: string }>(
      `select l.credit::text from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 and e.event = 'payout' and l.account = 'cash'`,
      [paid.id],
    );
    expect(cash.rows.map((r) => r.credit)).toEqual([net]);

    // audit: the payout's one row says what the reloan did, the old loan's settlement receipt with it
    const audits = await t.pool.query<{ module: string; after: Record<string, unknown> }>(
      `select module, after from audit_log where (module = 'repayments' and reference = $1) or (module = 'loans' and reference = $2 and after->>'action' = 'payout')`,
      [String(settlement.id), String(paid.id)],
    );
    expect(audits.rows.map((a) => a.module)).toEqual(['loans']);
    expect(audits.rows[0]!.after).toMatchObject({
      oldLoanSettlement: counter.payable,
      amountReceived: net,
      reloanOf: { id: oldId, loanNo: old.loanNo, status: 'reloaned', settlement: { id: settlement.id, method: 'reloan', received: counter.payable, loanStatus: 'reloaned', reloanLoanNo: paid.loanNo } },
    });
  });

  it('settles an old loan with charges kept back at payout within 48%: the cap rebate is taken off, the old loan stores 48.00', async () => {
    // 12,000 at 1% flat over 12 months with 600 kept back at its payout, 15 days ago
    const oldId = (await repayingLoan(t, staff(), borrower, today, { daysAgo: 15, tenor: 12, approval: { handlingFee: '600' } })).id;
    const counter = dataOf(await call<SettlementQuoteAnswer>(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId: oldId, date: today } }));
    // the largest lawful settlement: 11,400 received 15 days ago grown at 48% a year, floored to the cent
    const largest = dec('11400').times(dec('1.48').pow(dec('15').div(365))).toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2);
    expect(counter).toMatchObject({ principal: '12000.00', payable: largest, capRebate: dec('12000').plus(counter.interest).minus(largest).toFixed(2) });
    const created = dataOf(await apply(reloanBody(oldId)));
    await toApproved(created.id);
    const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${created.id}/payoutQuote`, { token: accountant, query: { payoutDate: today } }));
    expect(quote.oldLoanSettlement).toBe(largest);
    dataOf(await call(t.app, 'POST', `/loans/${created.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    const settlement = dataOf(await call<Page<RepaymentItem>>(t.app, 'GET', '/repayments', { token: manager, query: { loanId: oldId } })).items.find((r) => r.repayType === 'settlement')!;
    expect(settlement).toMatchObject({ method: 'reloan', received: largest, principal: largest, interest: '0.00' });
    const stored = (await t.pool.query<{ rate: string; status: string }>(`select mlo_rate::text rate, status from loans where id = $1`, [oldId])).rows[0]!;
    expect(stored.status).toBe('reloaned');
    expect(dec(stored.rate).lte(48)).toBe(true);
    expect(dec(stored.rate).toFixed(2)).toBe('48.00');
    // the rebate is given up in settlement rebates (5010), in the old loan's settlement entry
    const rebate = await t.pool.query<{ debit: string }>(
      `select l.debit::text from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 and l.account = 'settlementRebate'`,
      [oldId],
    );
    expect(rebate.rows.map((r) => r.debit)).toEqual([counter.capRebate]);
  });

  it('refuses a payout the old loan’s settlement would swallow, and changes nothing', async () => {
    const oldId = await oldLoan();
    const created = dataOf(await apply(reloanBody(oldId, { loanAmount: '10000' })));
    await toApproved(created.id, {});
    const quote = await call(t.app, 'GET', `/loans/${created.id}/payoutQuote`, { token: accountant, query: { payoutDate: today }, lang: 'en' });
    expect(quote.statusCode).toBe(422);
    const res = await call(t.app, 'POST', `/loans/${created.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cash' } });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/settlement .* is not less than what the new loan pays out \(10000\.00\)/);
    expect((await get(created.id)).status).toBe('approved');
    expect((await get(oldId)).status).toBe('repaying');
    expect((await t.pool.query(`select count(*)::int n from loan_repayments where loan_id = $1`, [oldId])).rows[0].n).toBe(0);
  });

  it('refuses the payout when the old loan was settled meanwhile', async () => {
    const oldId = await oldLoan();
    const created = dataOf(await apply(reloanBody(oldId)));
    await toApproved(created.id);
    dataOf(await call(t.app, 'POST', '/repayments/settle', { token: clerk, body: { loanId: oldId, method: 'cash', idempotencyKey: `rl-settle-${oldId}` } }));
    const res = await call(t.app, 'POST', `/loans/${created.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cash' } });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/no longer repaying/);
    expect((await get(created.id)).status).toBe('approved');
  });
});

describe('what an application may name', () => {
  it('only the borrower’s own repaying loan, named by no other live application', async () => {
    const mine = await oldLoan(borrower, 0);
    const theirs = await oldLoan(other, 0);
    const otherCustomer = await apply(reloanBody(theirs));
    expect(otherCustomer.statusCode).toBe(400);
    expect(fieldErrors(otherCustomer)).toEqual(['reloanOfId: The loan to refinance is another customer\'s']);

    const completed = await oldLoan(borrower, 0);
    dataOf(await call(t.app, 'POST', '/repayments/settle', { token: clerk, body: { loanId: completed, method: 'cash', idempotencyKey: `rl-complete-${completed}` } }));
    const atOca = await oldLoan(borrower, 0);
    await t.pool.query(`update loans set status = 'oca' where id = $1`, [atOca]);
    const before = (await t.pool.query(`select count(*)::int n from loans`)).rows[0].n;
    for (const id of [completed, atOca]) {
      const res = await apply(reloanBody(id));
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res)).toEqual(['reloanOfId: Only a repaying loan can be refinanced']);
    }
    const pendingApp = dataOf(await apply(smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today })));
    expect(fieldErrors(await apply(reloanBody(pendingApp.id)))).toEqual(['reloanOfId: Only a repaying loan can be refinanced']);
    expect((await t.pool.query(`select count(*)::int n from loans`)).rows[0].n).toBe(before + 1);

    // one live application at a time: the second is refused until the first is cancelled
    const first = dataOf(await apply(reloanBody(mine)));
    const second = await apply(reloanBody(mine));
    expect(fieldErrors(second)).toEqual(['reloanOfId: Another application already refinances this loan']);
    // editing the first keeps its own naming
    dataOf(await call(t.app, 'PUT', `/loans/${first.id}`, { token: clerk, body: reloanBody(mine, { loanAmount: '31000' }) }));
    dataOf(await call(t.app, 'POST', `/loans/${first.id}/cancel`, { token: clerk, body: { reason: 'changed mind' } }));
    expect(dataOf(await apply(reloanBody(mine))).reloanOfId).toBe(mine);
  });

  it('keeps another store’s loan out of sight (404, no leak) and callers without the key out (403)', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    const kt = rows[0]!.id;
    const created = await t.pool.query<{ id: number }>(
      `insert into loans (store_id, apply_no, loan_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
       values ($1, 'KT-RELOAN-1', 'KT-RL-0001', 'repaying', $2, 'private_loan', $3, $3, $3, 1000, 1, 'amortization', 'monthly', 1, 1010, 10, 12, 'ok', 1) returning id`,
      [kt, borrower, today],
    );
    const ktLoan = created.rows[0]!.id;
    const res = await apply(reloanBody(ktLoan));
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.body)).not.toMatch(/KT-R/);
    expect(dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query: { reloanOfId: ktLoan } })).total).toBe(0);

    const mine = await oldLoan(borrower, 0);
    expect((await apply(reloanBody(mine), collector)).statusCode).toBe(403);
    const app = dataOf(await apply(reloanBody(mine)));
    await toApproved(app.id);
    expect((await call(t.app, 'POST', `/loans/${app.id}/payout`, { token: clerk, body: { payoutDate: today, method: 'cash' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/loans/${app.id}/payoutQuote`, { token: collector, query: { payoutDate: today } })).statusCode).toBe(403);
    expect((await get(mine)).status).toBe('repaying');
  });
});
