import type { AgentPaymentItem, CollectionAgent, CollectionLoan, CollectionStep, Page, RecoveryItem } from '@harbour/contracts';
import { dec, roundMoney } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * The OCA agents' account and the process list on the real server: charges owed to an agent by
 * its recoveries, paying it (never more than owed), voiding a payment, a receipt voided in the
 * repayments taking the agent's charge back with it, every step on the process list, and what a
 * caller of another store, without the key or with bad input can do (nothing).
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let agentId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'TC0002', name: '何代理', idNumber: 'B1234568', mobile1: '91230003' });
  agentId = (await t.pool.query<{ id: number }>(`select id from oca_agents where charge_percent = 25 order by id limit 1`)).rows[0]!.id;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `agent-key-${++seq}-${Date.now()}`;
const post = <T>(url: string, body: Record<string, unknown>, token = s.manager) => call<T>(t.app, 'POST', url, { token, body, lang: 'en' });
const ocaLoan = async (token = s.manager) => {
  const loan = await repayingLoan(t, s, borrower, s.today, { daysAgo: 75 });
  dataOf(await post<CollectionLoan>('/collection/transfers', { loanId: loan.id, agentId, ocaDate: s.today }, token));
  return loan;
};
const recover = (loanId: number, amount: string, token = s.manager) => post<RecoveryItem>('/collection/recoveries', { loanId, amount, method: 'cash', idempotencyKey: key() }, token);
const pay = (amount: string, token = s.manager, over: Record<string, unknown> = {}) =>
  post<AgentPaymentItem>('/collection/agentPayments', { agentId, amount, method: 'bank-transfer', idempotencyKey: key(), ...over }, token);
const agentRow = async (token = s.manager) => dataOf(await call<CollectionAgent[]>(t.app, 'GET', '/collection/agents', { token })).find((a) => a.agentId === agentId)!;
const payableNet = async () =>
  dec(
    (await t.pool.query<{ n: string }>(`select coalesce(sum(l.credit - l.debit), 0)::text n from journal_lines l join journal_entries e on e.id = l.entry_id where l.account = 'ocaPayable' and e.store_id = 1`))
      .rows[0]!.n,
  ).toFixed(2);
const steps = async (query: Record<string, string | number>, token = s.manager) => dataOf(await call<Page<CollectionStep>>(t.app, 'GET', '/collection/steps', { token, query: { pageSize: 100, ...query } }));

describe("the agent's account", () => {
  it('owes the agent its charges, pays them, refuses paying more, voids a payment by reversal', async () => {
    const before = await agentRow();
    const loan = await ocaLoan();
    const rec = dataOf(await recover(loan.id, '2000.00'));
    const charge = roundMoney(dec('2000').times('0.25')).toFixed(2);
    expect(rec.ocaCharge).toBe(charge);
    const owing = await agentRow();
    expect(dec(owing.owed).minus(dec(before.owed)).toFixed(2)).toBe(charge);
    expect(owing).toMatchObject({ chargePercent: '25.00', state: 'normal' });
    const payable = await payableNet();

    // More than owed: refused (422, translated, naming what is owed), nothing written.
    const over = await pay(dec(owing.owed).plus('0.01').toFixed(2));
    expect(over.statusCode).toBe(422);
    expect(over.body).toMatchObject({ message: `The payment is more than the agent is owed in this store (${dec(owing.owed).toFixed(2)}).` });
    expect(await payableNet()).toBe(payable);

    const k = key();
    const paid = await pay('300.00', s.manager, { idempotencyKey: k });
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ message: 'Payment to the OCA agent recorded.' });
    const item = dataOf(paid);
    expect(item).toMatchObject({ agentId, amount: '300.00', method: 'bank-transfer', voided: false });
    expect(await payableNet()).toBe(dec(payable).minus('300').toFixed(2));
    expect((await agentRow()).owed).toBe(dec(owing.owed).minus('300').toFixed(2));
    // a retry answers the same payment; the key with another amount is refused
    expect(dataOf(await pay('300.00', s.manager, { idempotencyKey: k })).id).toBe(item.id);
    expect((await pay('10.00', s.manager, { idempotencyKey: k })).statusCode).toBe(409);
    expect((await t.pool.query(`select count(*)::int n from oca_agent_payments where idempotency_key = $1`, [k])).rows[0].n).toBe(1);
    // one row for the payment, one naming the retry (recoveries share the module's references)
    const auditRows = (
      await t.pool.query(`select action, after from audit_log where module = 'collection' and reference = $1 and (after->>'kind' = 'agentPayment' or after->>'retryOf' = $2) order by id`, [
        String(item.id),
        k,
      ])
    ).rows;
    expect(auditRows).toEqual([
      expect.objectContaining({ action: 'add', after: expect.objectContaining({ kind: 'agentPayment', amount: '300.00' }) }),
      expect.objectContaining({ action: 'view', after: { retryOf: k } }),
    ]);

    const voided = await post<AgentPaymentItem>('/collection/agentPayments/void', { paymentId: item.id, reason: 'wrong agent' });
    expect(voided.statusCode, JSON.stringify(voided.body)).toBe(200);
    expect(dataOf(voided).voided).toBe(true);
    expect(await payableNet()).toBe(payable);
    expect((await agentRow()).owed).toBe(owing.owed);
    expect((await post('/collection/agentPayments/void', { paymentId: item.id, reason: 'again' })).statusCode).toBe(422);
    await expect(t.pool.query('update oca_agent_payments set amount = 1 where id = $1', [item.id])).rejects.toThrow(/append-only/);
    await expectLedgerBalanced(t.db);
  });
});

describe('a receipt voided in the repayments', () => {
  it("reverses the agent's charge with it, and is refused while that charge is paid to the agent", async () => {
    const loan = await ocaLoan();
    const rec = dataOf(await recover(loan.id, '1000.00'));
    const owed = (await agentRow()).owed;
    const payable = await payableNet();

    // The whole of what is owed paid: voiding the receipt would leave the agent overpaid.
    const all = dataOf(await pay(owed));
    const refused = await call(t.app, 'POST', `/repayments/${rec.repaymentId}/correct`, { token: s.manager, lang: 'en', body: { kind: 'void', reason: 'wrong loan' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('void that payment first') });
    expect((await t.pool.query('select count(*)::int n from loan_repayment_corrections where repayment_id = $1', [rec.repaymentId])).rows[0].n).toBe(0);
    dataOf(await post('/collection/agentPayments/void', { paymentId: all.id, reason: 'paid too early' }));

    const ok = await call(t.app, 'POST', `/repayments/${rec.repaymentId}/correct`, { token: s.manager, lang: 'en', body: { kind: 'void', reason: 'wrong loan' } });
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
    expect(await payableNet()).toBe(dec(payable).minus(rec.ocaCharge).toFixed(2));
    expect((await agentRow()).owed).toBe(dec(owed).minus(rec.ocaCharge).toFixed(2));
    const voids = (await t.pool.query(`select journal_entry_id from loan_oca_recovery_voids where recovery_id = $1`, [rec.id])).rows;
    expect(voids).toHaveLength(1);
    expect(voids[0].journal_entry_id).not.toBeNull();
    const audit = (await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1 and action = 'void'`, [String(rec.repaymentId)])).rows;
    expect(audit).toEqual([expect.objectContaining({ after: expect.objectContaining({ ocaRecoveryId: rec.id, ocaChargeReversed: rec.ocaCharge }) })]);
    const list = dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: s.manager, query: { loanNo: loan.loanNo! } }));
    expect(list.items[0]).toMatchObject({ recovered: '0.00', ocaCharges: '0.00' });
    await expectLedgerBalanced(t.db);
  });
});

describe('the process list', () => {
  it('lists every step of a loan with its filters, exports them, and keeps to the store', async () => {
    const loan = await ocaLoan();
    const rec = dataOf(await recover(loan.id, '500.00'));
    dataOf(await post('/collection/writeOffs', { loanId: loan.id, reason: 'agent gave up' }));
    const income = dataOf(await recover(loan.id, '100.00'));
    dataOf(await post('/collection/recoveries/void', { recoveryId: income.id, reason: 'entered twice' }));
    dataOf(await post('/collection/writeOffs/cancel', { loanId: loan.id, reason: 'customer paying again' }));

    const mine = await steps({ loanNo: loan.loanNo!, sort: 'createdAt:asc' });
    expect(mine.items.map((x) => x.kind)).toEqual(['transfer', 'recovery', 'writeOff', 'recovery', 'recoveryVoid', 'writeOffCancel']);
    expect(mine.items[1]).toMatchObject({ id: rec.id, amount: '500.00', date: s.today, loanId: loan.id, agentId, staffName: expect.any(String), customerName: '何代理' });
    expect(mine.items[4]).toMatchObject({ amount: '100.00', remarks: 'entered twice' });
    expect((await steps({ loanNo: loan.loanNo!, kind: 'writeOff' })).items).toHaveLength(1);
    expect((await steps({ loanNo: loan.loanNo!, agentId, kind: 'recovery' })).total).toBe(1);
    expect((await steps({ loanNo: loan.loanNo!, dateFrom: '2000-01-01', dateTo: '2000-12-31' })).total).toBe(0);
    const paid = dataOf(await pay('1.00'));
    expect((await steps({ kind: 'agentPayment' })).items.map((x) => x.id)).toContain(paid.id);

    const file = await t.app.inject({ method: 'GET', url: '/api/admin/v1/collection/steps/export', query: { loanNo: loan.loanNo! }, headers: { authorization: `Bearer ${s.manager}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const listFile = await t.app.inject({ method: 'GET', url: '/api/admin/v1/collection/loans/export', query: { status: 'oca' }, headers: { authorization: `Bearer ${s.manager}` } });
    expect(listFile.statusCode).toBe(200);

    // Another store sees none of it — not in the rows, not in the count.
    const away = (await loginAs(t.app, 'collector')).access_token;
    dataOf(await post('/switchStores', { storeId: 2 }, away));
    expect(await steps({ loanNo: loan.loanNo! }, away)).toMatchObject({ items: [], total: 0 });
    expect((await steps({ loanNo: loan.loanNo! }, s.collector)).total).toBe(6);
  });
});

describe('who may see and do what', () => {
  it('answers 403 without the key, 404 for another store, 400 for bad input, and changes nothing', async () => {
    const loan = await ocaLoan();
    dataOf(await recover(loan.id, '400.00', s.collector));
    const count = async () => (await t.pool.query(`select count(*)::int n from oca_agent_payments`)).rows[0].n as number;
    const n = await count();
    // The collector records recoveries but neither pays agents nor writes off; the clerk sees no OCA screen.
    expect((await pay('1.00', s.collector)).statusCode).toBe(403);
    expect((await post('/collection/writeOffs', { loanId: loan.id, reason: 'x' }, s.collector)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/steps', { token: s.clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/agents', { token: s.clerk })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/overdueLoans', { token: s.accountant })).statusCode).toBe(403);

    // A payment of another store is not found from here.
    const paid = dataOf(await pay('1.00'));
    const store2 = (await loginAs(t.app, 'manager')).access_token;
    dataOf(await post('/switchStores', { storeId: 2 }, store2));
        const away = (await loginAs(t.app, 'collector')).access_token;
    dataOf(await post('/switchStores', { storeId: 2 }, away));
    expect((await call(t.app, 'GET', '/collection/overdueLoans', { token: away, query: { search: loan.loanNo! } })).body).toMatchObject({ data: [] });
    // the Mong Kok charges are not counted in Kwun Tong's
    const agentsAway = dataOf(await call<CollectionAgent[]>(t.app, 'GET', '/collection/agents', { token: away })).find((a) => a.agentId === agentId)!;
    const kwunTong = (await t.pool.query<{ n: string }>(`select coalesce(sum(oca_charge), 0)::numeric(16,2)::text n from loan_oca_recoveries r where store_id = 2 and agent_id = $1 and not exists (select 1 from loan_oca_recovery_voids v where v.recovery_id = r.id)`, [agentId])).rows[0]!.n;
    expect(agentsAway.charged).toBe(kwunTong);
    const mongKok = (await t.pool.query<{ n: string }>(`select coalesce(sum(oca_charge), 0)::numeric(16,2)::text n from loan_oca_recoveries r where store_id = 1 and agent_id = $1 and not exists (select 1 from loan_oca_recovery_voids v where v.recovery_id = r.id)`, [agentId])).rows[0]!.n;
    expect((await agentRow()).charged).toBe(mongKok);
    // A manager working in Kwun Tong pays there, no more than is owed there.
    expect((await pay(dec(kwunTong).plus('0.01').toFixed(2), store2)).statusCode).toBe(422);
    expect((await post('/collection/agentPayments/void', { paymentId: paid.id + 100000, reason: 'x' })).statusCode).toBe(404);

    const bad = [
      { agentId, amount: '-5', method: 'cash', idempotencyKey: key() },
      { agentId, amount: '0', method: 'cash', idempotencyKey: key() },
      { agentId, amount: '1.001', method: 'cash', idempotencyKey: key() },
      { agentId, amount: '1', method: 'gold', idempotencyKey: key() },
      { agentId, amount: '1', method: 'cash', idempotencyKey: 'short' },
      { agentId: 'x', amount: '1', method: 'cash', idempotencyKey: key() },
      { agentId, amount: '1', method: 'cash', date: '2026-02-30', idempotencyKey: key() },
    ];
    for (const body of bad) {
      const res = await post('/collection/agentPayments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
    expect((await post('/collection/agentPayments/void', { paymentId: paid.id, reason: '' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/collection/steps', { token: s.manager, query: { kind: 'nonsense' } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/collection/steps', { token: s.manager, query: { dateFrom: '2026-13-01' } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/collection/loans', { token: s.manager, query: { ocaFrom: 'yesterday' } })).statusCode).toBe(400);
    expect(await count()).toBe(n + 1);
    // A future date is refused.
    expect((await pay('1.00', s.manager, { date: '2999-01-01' })).statusCode).toBe(422);
  });

  it('filters the OCA list by OCA date and finds overdue loans to transfer', async () => {
    const loan = await repayingLoan(t, s, borrower, s.today, { daysAgo: 75 });
    // the due summaries see the loan's past once the daily job has run
    dataOf(await post('/repayments/dailyJob', {}));
    const found = dataOf(await call<{ loanId: number; overdueTenors: number }[]>(t.app, 'GET', '/collection/overdueLoans', { token: s.collector, query: { search: loan.loanNo! } }));
    expect(found).toEqual([expect.objectContaining({ loanId: loan.id, overdueTenors: expect.any(Number) })]);
    expect(found[0]!.overdueTenors).toBeGreaterThan(0);
    dataOf(await post('/collection/transfers', { loanId: loan.id, agentId }, s.collector));
    const inRange = dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: s.manager, query: { loanNo: loan.loanNo!, ocaFrom: s.today, ocaTo: s.today } }));
    expect(inRange.items[0]).toMatchObject({ loanId: loan.id, totalTenor: 6, unpaidPrincipal: expect.any(String) });
    expect(inRange.items[0]!.overdueTenors).toBeGreaterThan(0);
    expect((await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: s.manager, query: { loanNo: loan.loanNo!, ocaTo: '2000-01-01' } })).body).toMatchObject({ data: { total: 0 } });
  });
});
