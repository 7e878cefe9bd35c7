import type { CollectionLoan, DueState, Page, RecoveryItem } from '@harbour/contracts';
import { dec, roundMoney } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff } from '../helpers/repaying.js';

/**
 * Collection on the real server and PostgreSQL: a loan passed to an OCA agent and recalled, money
 * recovered with the agent's charge, a write-off, recovery income after it, the cancellation
 * refused while recovery records stand and allowed once they are deleted, the ledger, and what a
 * caller of another store or without the key can do (nothing).
 */
let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let agentId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  ({ manager, clerk, collector, accountant, today } = await repaymentStaff(t));
  borrower = await insertCustomer(t.pool, { code: 'TC0001', name: '吳追收', idNumber: 'A1234563', mobile1: '91230002' });
  agentId = (await t.pool.query<{ id: number }>(`select id from oca_agents where charge_percent = 25 order by id limit 1`)).rows[0]!.id;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `oca-key-${++seq}-${Date.now()}`;

/** A Mong Kok loan of 12,000 over 6 months paid out today and moved `daysAgo` into the past. */
const repayingLoan = (daysAgo = 0) => repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { daysAgo });

const post = <T = CollectionLoan>(url: string, body: Record<string, unknown>, token = manager) => call<T>(t.app, 'POST', url, { token, body, lang: 'en' });
const transfer = (loanId: number, over: Record<string, unknown> = {}, token = manager) => post('/collection/transfers', { loanId, agentId, ocaDate: today, ...over }, token);
const recover = (loanId: number, amount: string, token = manager, over: Record<string, unknown> = {}) =>
  post<RecoveryItem>('/collection/recoveries', { loanId, amount, method: 'cash', idempotencyKey: key(), ...over }, token);
const status = async (loanId: number) => (await t.pool.query<{ status: string }>('select status from loans where id = $1', [loanId])).rows[0]!.status;
const auditRows = async (requestLike: string, reference: number) =>
  (await t.pool.query(`select action, module, after from audit_log where module = $1 and reference = $2 order by id`, [requestLike, String(reference)])).rows;
const accountNet = async (loanId: number) =>
  Object.fromEntries(
    (
      await t.pool.query<{ account: string; net: string }>(
        `select l.account, sum(l.debit - l.credit)::text net from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 group by l.account`,
        [loanId],
      )
    ).rows.map((r) => [r.account, dec(r.net).toFixed(2)]),
  );

describe('OCA transfer, recovery with the agent charge, recall', () => {
  it('transfers an overdue loan, posts a recovery as a receipt plus the charge, and recalls it', async () => {
    const fresh = await repayingLoan();
    const refused = await transfer(fresh.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('overdue amount') });

    const loan = await repayingLoan(75);
    const counterKey = key();
    const counter = await call(t.app, 'POST', '/repayments', { token: manager, body: { loanId: loan.id, received: '1000.00', method: 'cash', idempotencyKey: counterKey } });
    expect(counter.statusCode, JSON.stringify(counter.body)).toBe(200);
    const res = await transfer(loan.id, { solicitorFee: '500', remarks: 'two months behind' });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Loan transferred to the OCA agent.' });
    expect(dataOf(res)).toMatchObject({ loanId: loan.id, status: 'oca', agentId, ocaDate: today, chargePercent: '25.00', solicitorFee: '500.00', recovered: '0.00' });
    expect(await auditRows('loans', loan.id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'edit', after: expect.objectContaining({ status: 'oca', action: 'transfer_to_oca', agentId }) })]));
    expect((await t.pool.query(`select count(*)::int n from audit_log where module = 'loans' and reference = $1 and after->>'action' = 'transfer_to_oca'`, [String(loan.id)])).rows[0].n).toBe(1);

    // A receipt on an OCA loan goes through the collection, not the counter.
    expect((await call(t.app, 'POST', '/repayments', { token: manager, body: { loanId: loan.id, received: '100', method: 'cash', idempotencyKey: key() } })).statusCode).toBe(422);

    const k = key();
    const rec = await recover(loan.id, '1000.10', manager, { idempotencyKey: k });
    expect(rec.statusCode, JSON.stringify(rec.body)).toBe(200);
    const item = dataOf(rec);
    const charge = roundMoney(dec('1000.10').times('0.25')).toFixed(2);
    expect(item).toMatchObject({ kind: 'receipt', amount: '1000.10', ocaCharge: charge, voided: false });
    expect(item.repaymentId).toBeGreaterThan(0);
    // One audit row for the request: the receipt's, naming the agent's charge.
    const rows = await auditRows('repayments', item.repaymentId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'add', after: { ocaCharge: charge, ocaAgentId: agentId, received: '1000.10' } });
    const net = await accountNet(loan.id);
    expect(net.ocaCharges).toBe(charge);
    expect(net.ocaPayable).toBe(dec(charge).negated().toFixed(2));
    // The repayments see the money.
    const state = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: manager, query: { loanId: loan.id } }));
    expect(state.lastRepaymentDate).toBe(today);

    // A retry with the same key records nothing more.
    const again = await recover(loan.id, '1000.10', manager, { idempotencyKey: k });
    expect(dataOf(again).id).toBe(item.id);
    expect((await t.pool.query('select count(*)::int n from loan_oca_recoveries where loan_id = $1', [loan.id])).rows[0].n).toBe(1);
    expect((await recover(loan.id, '5.00', manager, { idempotencyKey: k })).statusCode).toBe(409);
    // Nor is the key of a receipt posted at the counter before the transfer.
    expect((await recover(loan.id, '5.00', manager, { idempotencyKey: counterKey })).statusCode).toBe(409);

    // A receipt credited to the repayments is not deleted here.
    const del = await post('/collection/recoveries/void', { recoveryId: item.id, reason: 'x' });
    expect(del.statusCode).toBe(422);
    expect(del.body).toMatchObject({ message: 'The recovered remaining amount already credited cannot be deleted.' });

    const list = dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: manager, query: { status: 'oca', loanNo: loan.loanNo!, pageSize: 100 } }));
    expect(list.items).toEqual([expect.objectContaining({ loanId: loan.id, recovered: '1000.10', ocaCharges: charge, agentName: expect.any(String), writtenOff: '0.00' })]);

    const recall = await post('/collection/recalls', { loanId: loan.id, reason: 'customer came back' });
    expect(recall.statusCode, JSON.stringify(recall.body)).toBe(200);
    expect(await status(loan.id)).toBe('repaying');
    expect((await post('/collection/recalls', { loanId: loan.id, reason: 'again' })).statusCode).toBe(422);
    expect((await t.pool.query(`select kind from loan_oca_assignments where loan_id = $1 order by id`, [loan.id])).rows.map((r) => r.kind)).toEqual(['transfer', 'recall']);
  });
});

describe('write-off, recovery income, cancellation', () => {
  it('writes off the unpaid principal, books recovery as income, refuses the cancel until the records are deleted', async () => {
    const loan = await repayingLoan(75);
    dataOf(await transfer(loan.id));
    const state = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: manager, query: { loanId: loan.id } }));
    const w = await post('/collection/writeOffs', { loanId: loan.id, date: today, reason: 'agent gave up' });
    expect(w.statusCode, JSON.stringify(w.body)).toBe(200);
    expect(dataOf(w)).toMatchObject({ status: 'bad', writeOffDate: today, writtenOff: state.unpaidPrincipal });
    let net = await accountNet(loan.id);
    expect(net.badDebtExpense).toBe(state.unpaidPrincipal);
    expect(net.loansReceivable).toBe('0.00');
    expect((await t.pool.query(`select count(*)::int n from audit_log where module = 'loans' and reference = $1 and after->>'action' = 'write_off'`, [String(loan.id)])).rows[0].n).toBe(1);
    // Not twice.
    expect((await post('/collection/writeOffs', { loanId: loan.id, reason: 'again' })).statusCode).toBe(422);

    const income = dataOf(await recover(loan.id, '800'));
    expect(income).toMatchObject({ kind: 'income', amount: '800.00', ocaCharge: '0.00', repaymentId: null });
    net = await accountNet(loan.id);
    expect(net.badDebtRecovered).toBe('-800.00');
    expect(await auditRows('collection', income.id)).toEqual([expect.objectContaining({ action: 'add', after: expect.objectContaining({ kind: 'income', amount: '800.00' }) })]);
    expect(dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: manager, query: { status: 'bad', loanNo: loan.loanNo! } })).items[0]).toMatchObject({
      recovered: '800.00',
      writtenOff: state.unpaidPrincipal,
    });

    const refused = await post('/collection/writeOffs/cancel', { loanId: loan.id, reason: 'paid up' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ message: 'Cannot cancel the write-off until all recovery records are deleted.' });
    expect(await status(loan.id)).toBe('bad');

    const del = await post<RecoveryItem>('/collection/recoveries/void', { recoveryId: income.id, reason: 'entered twice' });
    expect(del.statusCode, JSON.stringify(del.body)).toBe(200);
    expect(dataOf(del)).toMatchObject({ voided: true });
    expect((await post('/collection/recoveries/void', { recoveryId: income.id, reason: 'again' })).statusCode).toBe(422);

    const ok = await post('/collection/writeOffs/cancel', { loanId: loan.id, reason: 'paid up' });
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
    expect(dataOf(ok)).toMatchObject({ status: 'repaying', writtenOff: '0.00', recovered: '0.00' });
    net = await accountNet(loan.id);
    expect(net.badDebtExpense ?? '0.00').toBe('0.00');
    expect(net.badDebtRecovered ?? '0.00').toBe('0.00');
    expect((await t.pool.query(`select kind, cancels_id from loan_write_offs where loan_id = $1 order by id`, [loan.id])).rows.map((r) => r.kind)).toEqual(['write_off', 'cancel']);
    await expect(t.pool.query('update loan_write_offs set principal = 1 where loan_id = $1', [loan.id])).rejects.toThrow(/append-only/);
    await expectLedgerBalanced(t.db);
  });

  it('completes a written-off loan once its write-off is recovered in full', async () => {
    const loan = await repayingLoan(40);
    const off = dataOf(await post('/collection/writeOffs', { loanId: loan.id, reason: 'absconded' }));
    // more than was written off is refused, and nothing is recorded
    const tooMuch = dec(off.writtenOff).plus('3800').toFixed(2);
    const refused = await post('/collection/recoveries', { loanId: loan.id, amount: tooMuch, method: 'cash', idempotencyKey: key() });
    expect(refused.statusCode).toBe(422);
    expect((refused.body as { message: string }).message).toBe(`A recovery of ${tooMuch} is more than is left to recover on this write-off (${off.writtenOff}); nothing was recorded.`);
    expect((await t.pool.query('select count(*)::int n from loan_oca_recoveries where loan_id = $1', [loan.id])).rows[0].n).toBe(0);
    dataOf(await recover(loan.id, '100'));
    const left = dec(off.writtenOff).minus('100').toFixed(2);
    expect((await post('/collection/recoveries', { loanId: loan.id, amount: dec(left).plus('0.01').toFixed(2), method: 'cash', idempotencyKey: key() })).statusCode).toBe(422);
    dataOf(await recover(loan.id, left));
    expect(await status(loan.id)).toBe('complete');
    expect((await recover(loan.id, '1.00')).statusCode).toBe(422);
  });
});

describe('who may see and do what', () => {
  it('answers 403 without the key, 404 for another store, 400 for bad input, and changes nothing', async () => {
    const loan = await repayingLoan(75);
    const before = await status(loan.id);
    expect((await transfer(loan.id, {}, clerk)).statusCode).toBe(403);
    expect((await post('/collection/writeOffs', { loanId: loan.id, reason: 'x' }, accountant)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/collection/loans', { token: clerk })).statusCode).toBe(403);

    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    expect((await transfer(loan.id, {}, away)).statusCode).toBe(404);
    dataOf(await transfer(loan.id, {}, collector));
    expect((await recover(loan.id, '10.00', away)).statusCode).toBe(404);
    expect((await post('/collection/recalls', { loanId: loan.id, reason: 'x' }, away)).statusCode).toBe(404);
    const list = dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: away, query: { loanNo: loan.loanNo!, pageSize: 100 } }));
    expect(list).toMatchObject({ items: [], total: 0 });
    const mine = dataOf(await call<Page<CollectionLoan>>(t.app, 'GET', '/collection/loans', { token: collector, query: { loanNo: loan.loanNo! } }));
    expect(mine.total).toBe(1);

    const bad = [
      { loanId: loan.id, amount: '-5', method: 'cash', idempotencyKey: key() },
      { loanId: loan.id, amount: '0', method: 'cash', idempotencyKey: key() },
      { loanId: loan.id, amount: '10.001', method: 'cash', idempotencyKey: key() },
      { loanId: loan.id, amount: '10', method: 'gold', idempotencyKey: key() },
      { loanId: loan.id, amount: '10', method: 'cash', idempotencyKey: 'short' },
    ];
    for (const body of bad) expect((await post('/collection/recoveries', body, collector)).statusCode).toBe(400);
    expect((await transfer(loan.id, { chargePercent: '101' }, collector)).statusCode).toBe(400);
    expect((await post('/collection/writeOffs', { loanId: loan.id, reason: '' })).statusCode).toBe(400);
    expect((await post('/collection/writeOffs', { loanId: 'abc', reason: 'x' })).statusCode).toBe(400);
    expect((await t.pool.query('select count(*)::int n from loan_oca_recoveries where loan_id = $1', [loan.id])).rows[0].n).toBe(0);
    expect(before).toBe('repaying');
    expect(await status(loan.id)).toBe('oca');
    // A future date is refused.
    expect((await post('/collection/writeOffs', { loanId: loan.id, date: '2999-01-01', reason: 'x' })).statusCode).toBe(422);
  });
});
