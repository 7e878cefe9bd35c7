import type { AllocationPreview, DueState, LoanItem, Page, RepaymentItem, RepaymentListItem } from '@harbour/contracts';
import { dec, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';

/**
 * Receipts on the real server and PostgreSQL: the due state, the allocation previewed and posted,
 * the ledger, idempotency, concurrency under the loan's row lock, void and refund by reversal, and
 * what a caller of another store or without the key can do (nothing).
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
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  const tokens = await Promise.all(['manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [manager, clerk, collector, accountant] = tokens as [string, string, string, string];
  today = await hongKongToday(t);
  borrower = await insertCustomer(t.pool, { code: 'TR0001', name: '何還款', idNumber: 'A1234563', mobile1: '91230001' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `test-key-${++seq}-${Date.now()}`;

const repayingLoan = (opts: { daysAgo?: number; amount?: string; tenor?: number } = {}): Promise<LoanItem> =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, opts);

const due = async (loanId: number, token = collector, date?: string) =>
  dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token, query: { loanId, ...(date ? { date } : {}) } }));

const receipt = (loanId: number, received: string, over: Record<string, unknown> = {}) => ({ loanId, received, method: 'cash', repayType: 'auto', idempotencyKey: key(), ...over });

const post = (body: Record<string, unknown>, token = collector) => call<RepaymentItem>(t.app, 'POST', '/repayments', { token, body, lang: 'en' });

const accountTotals = async (loanId: number) =>
  (
    await t.pool.query<{ account: string; net: string }>(
      `select l.account, sum(l.debit - l.credit)::text net from journal_lines l join journal_entries e on e.id = l.entry_id
       where e.loan_id = $1 group by l.account order by l.account`,
      [loanId],
    )
  ).rows;

describe('the due state and a receipt', () => {
  it('shows an overdue loan with overdue interest on the unpaid instalment only, and posts a receipt as the preview said', async () => {
    const loan = await repayingLoan({ daysAgo: 75 });
    const state = await due(loan.id);
    expect(state.loanNo).toBe(loan.loanNo);
    const overdue = state.instalments.filter((i) => i.state === 'overdue');
    expect(overdue.map((i) => i.tenor)).toEqual([1, 2]);
    expect(overdue.every((i) => dec(i.overdueInterest).gt(0) && i.handlingFee === '100.00')).toBe(true);
    expect(state.instalments.find((i) => i.tenor === 3)).toMatchObject({ state: 'future', overdueInterest: '0.00', overdueDays: 0 });
    expect(state.amountDue).toBe(sum([state.overdueAmount, state.overdueInterest, state.handlingFee].map(dec)).toFixed(2));
    // the next due is the instalment still to fall due, not the oldest overdue one; the phones leave masked
    const third = state.instalments.find((i) => i.tenor === 3)!;
    expect({ nextTenor: state.nextTenor, nextDueDate: state.nextDueDate }).toEqual({ nextTenor: 3, nextDueDate: third.dueDate });
    expect(state.customerPhones).toEqual(['****0001']);

    // Two instalments and what is owed on them, plus 1,000 more: held as a temporary amount.
    const received = dec(state.amountDue).plus(1000).toFixed(2);
    const preview = dataOf(await call<AllocationPreview>(t.app, 'POST', '/repayments/preview', { token: collector, body: { loanId: loan.id, received } }));
    expect(preview).toMatchObject({ received, overdueInterest: state.overdueInterest, handlingFee: state.handlingFee, tempAmount: '1000.00', completes: false });
    expect(preview.lines.map((l) => l.tenor)).toEqual([1, 2]);
    expect((await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loan.id])).rows[0].n).toBe(0);

    const res = await post(receipt(loan.id, received));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Repayment posted.' });
    const posted = dataOf(res);
    expect(posted).toMatchObject({ loanNo: loan.loanNo, received, overdueInterest: preview.overdueInterest, handlingFee: preview.handlingFee, interest: preview.interest, principal: preview.principal, tempAmount: '1000.00', method: 'cash', latest: true, correction: null });
    expect(posted.lines).toEqual(preview.lines);
    expect(posted.repayNo).toMatch(/\S+/);

    const after = await due(loan.id);
    expect(after.instalments.filter((i) => i.state === 'overdue')).toEqual([]);
    expect(after).toMatchObject({ tempAmount: '1000.00', overdueInterest: '0.00', handlingFee: '0.00', lastRepaymentDate: today, nextTenor: 3 });

    // The entry: cash in; overdue interest, fees and interest earned; principal and the deposit owed.
    const net = Object.fromEntries((await accountTotals(loan.id)).map((r) => [r.account, r.net]));
    expect(dec(net.customerDeposits!).toFixed(2)).toBe('-1000.00');
    expect(dec(net.overdueInterestIncome!).negated().toFixed(2)).toBe(preview.overdueInterest);
    const audit = await t.pool.query(`select action, after from audit_log where module = 'repayments' and reference = $1`, [String(posted.id)]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'add', after: { repayNo: posted.repayNo, received } });
  });

  it('refuses what the spec §5 rules refuse, in the caller’s language, and writes nothing', async () => {
    const loan = await repayingLoan({ daysAgo: 40 });
    const state = await due(loan.id);
    const count = async () => (await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loan.id])).rows[0].n;
    const tooLittle = await post(receipt(loan.id, '1.00'));
    expect(tooLittle.statusCode).toBe(422);
    expect((tooLittle.body as { message: string }).message).toBe('The amount received must cover the overdue interest plus fees.');
    const zh = await call(t.app, 'POST', '/repayments', { token: collector, body: receipt(loan.id, '1.00'), lang: 'zh-TW' });
    expect((zh.body as { message: string }).message).not.toMatch(/[A-Za-z]{4}/);
    expect((await post(receipt(loan.id, state.amountDue, { repayType: 'instalment', tenor: 2 }))).statusCode).toBe(422);
    expect((await post(receipt(loan.id, '100.00', { repayType: 'principal' }))).statusCode).toBe(422);
    const future = await post(receipt(loan.id, '5000.00', { repayDate: '2999-01-01' }));
    expect(future.statusCode).toBe(422);
    const before = await post(receipt(loan.id, '5000.00', { repayDate: '2000-01-01' }));
    expect(before.statusCode).toBe(422);
    const cheque = await post(receipt(loan.id, '5000.00', { method: 'cheque' }));
    expect(cheque.statusCode).toBe(400);
    for (const bad of [{ received: '-5' }, { received: '1.234' }, { received: 'abc' }, { repayType: 'gift' }, { method: 'gold' }, { idempotencyKey: 'short' }]) {
      expect((await post({ ...receipt(loan.id, '5000.00'), ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await count()).toBe(0);
  });

  it('posts one instalment by repay type, and completes the loan when nothing is left', async () => {
    const loan = await repayingLoan({ amount: '3000', tenor: 2 });
    const state = await due(loan.id);
    const first = dataOf(await post(receipt(loan.id, state.instalments[0]!.unpaid, { repayType: 'instalment' })));
    expect(first.lines.map((l) => l.tenor)).toEqual([1]);
    const rest = await due(loan.id);
    expect(rest.nextTenor).toBe(2);
    const last = dataOf(await post(receipt(loan.id, rest.remainingScheduled)));
    expect(last.tempAmount).toBe('0.00');
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).status).toBe('complete');
    const closed = await post(receipt(loan.id, '10.00'));
    expect(closed.statusCode).toBe(422);
    // Voiding the receipt that completed it opens the loan again.
    dataOf(await call(t.app, 'POST', `/repayments/${last.id}/correct`, { token: manager, body: { kind: 'void', reason: 'wrong loan' } }));
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).status).toBe('repaying');
    expect((await due(loan.id)).nextTenor).toBe(2);
  });
});

describe('what a receipt left owing (printed on it)', () => {
  it('answers the schedule unpaid after it and the next due date, then and when read again later', async () => {
    const loan = await repayingLoan({ amount: '3000', tenor: 2 });
    const rows = (
      await t.pool.query<{ tenor: number; due: string; principal: string; interest: string }>(
        `select tenor, to_char(due_date, 'YYYY-MM-DD') due, principal::text, interest::text from loan_instalments where loan_id = $1 and revision = 0 order by tenor`,
        [loan.id],
      )
    ).rows;
    const [one, two] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const whole = (r: typeof one) => dec(r.principal).plus(r.interest).toFixed(2);
    const first = dataOf(await post(receipt(loan.id, whole(one), { repayType: 'instalment' })));
    const leftAfterFirst = { outstanding: whole(two), outstandingPrincipal: dec(two.principal).toFixed(2), nextDueDate: two.due, nextDueAmount: whole(two) };
    expect(first.balanceAfter).toEqual(leftAfterFirst);

    const last = dataOf(await post(receipt(loan.id, whole(two))));
    expect(last.balanceAfter).toEqual({ outstanding: '0.00', outstandingPrincipal: '0.00', nextDueDate: null, nextDueAmount: null });
    // Read again after the loan is repaid: the first receipt still says what it left at the time.
    const reread = dataOf(await call<RepaymentItem>(t.app, 'GET', `/repayments/${first.id}`, { token: collector }));
    expect(reread.balanceAfter).toEqual(leftAfterFirst);
    // A corrected receipt no longer stands: it says nothing of a balance.
    dataOf(await call(t.app, 'POST', `/repayments/${last.id}/correct`, { token: manager, body: { kind: 'void', reason: 'wrong loan' } }));
    expect(dataOf(await call<RepaymentItem>(t.app, 'GET', `/repayments/${last.id}`, { token: collector })).balanceAfter).toBeNull();
  });
});

describe('idempotency and concurrency', () => {
  it('posts a key once however often it is sent, and refuses the key with other figures', async () => {
    const loan = await repayingLoan();
    const body = receipt(loan.id, '500.00');
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(body)));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => dataOf(a).id)).size).toBe(1);
    expect((await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loan.id])).rows[0].n).toBe(1);
    expect((await t.pool.query(`select count(*)::int n from journal_entries where loan_id = $1 and event = 'repayment'`, [loan.id])).rows[0].n).toBe(1);
    const other = await post({ ...body, received: '600.00' });
    expect(other.statusCode).toBe(409);
  });

  it('loses none of 50 receipts posted at once on one loan, each with its own number', async () => {
    const loan = await repayingLoan({ amount: '60000', tenor: 12 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(receipt(loan.id, '100.00'))));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const numbers = answers.map((a) => dataOf(a).repayNo);
    expect(new Set(numbers).size).toBe(50);
    const state = await due(loan.id);
    expect(state.tempAmount).toBe('5000.00');
    const net = Object.fromEntries((await accountTotals(loan.id)).map((r) => [r.account, r.net]));
    expect(dec(net.customerDeposits!).toFixed(2)).toBe('-5000.00');
  });

  it('accepts exactly one of two receipts racing to pay the last instalment', async () => {
    const loan = await repayingLoan({ amount: '2000', tenor: 2 });
    const state = await due(loan.id);
    dataOf(await post(receipt(loan.id, state.instalments[0]!.unpaid)));
    const last = (await due(loan.id)).remainingScheduled;
    const [a, b] = await Promise.all([post(receipt(loan.id, last)), post(receipt(loan.id, last))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loan.id])).rows[0].n).toBe(2);
  });
});

describe('void and refund', () => {
  it('reverses the latest receipt only, once, with a reason; the receipt stays and the state goes back', async () => {
    const loan = await repayingLoan({ daysAgo: 35 });
    const before = await due(loan.id);
    const first = dataOf(await post(receipt(loan.id, before.amountDue)));
    const second = dataOf(await post(receipt(loan.id, '300.00')));
    const notLatest = await call(t.app, 'POST', `/repayments/${first.id}/correct`, { token: manager, lang: 'en', body: { kind: 'void', reason: 'x' } });
    expect(notLatest.statusCode).toBe(422);
    expect(await call(t.app, 'POST', `/repayments/${second.id}/correct`, { token: clerk, body: { kind: 'void', reason: 'x' } })).toMatchObject({ statusCode: 403 });
    const noReason = await call(t.app, 'POST', `/repayments/${second.id}/correct`, { token: manager, body: { kind: 'void', reason: ' ' } });
    expect(noReason.statusCode).toBe(400);

    const refunded = dataOf(await call<RepaymentItem>(t.app, 'POST', `/repayments/${second.id}/correct`, { token: manager, body: { kind: 'refund', reason: 'customer asked for the money back' } }));
    expect(refunded).toMatchObject({ correction: 'refund', correctionReason: 'customer asked for the money back', latest: false, received: '300.00' });
    expect((await call(t.app, 'POST', `/repayments/${second.id}/correct`, { token: manager, body: { kind: 'void', reason: 'again' } })).statusCode).toBe(422);
    const voided = dataOf(await call<RepaymentItem>(t.app, 'POST', `/repayments/${first.id}/correct`, { token: manager, body: { kind: 'void', reason: 'entered on the wrong day' } }));
    expect(voided.correction).toBe('void');

    const back = await due(loan.id);
    expect({ ...back, asOf: undefined }).toEqual({ ...before, asOf: undefined });
    expect((await accountTotals(loan.id)).filter((r) => !['cash', 'loansReceivable', 'interestIncome', 'feeIncome'].includes(r.account)).every((r) => dec(r.net).isZero())).toBe(true);
    const audits = await t.pool.query(`select action from audit_log where module = 'repayments' and reference in ($1, $2) order by id`, [String(first.id), String(second.id)]);
    expect(audits.rows.map((r) => r.action)).toEqual(['add', 'add', 'refund', 'void']);
    // Rows are written once: the database refuses to edit or delete a receipt.
    await expect(t.pool.query('update loan_repayments set received = 1 where id = $1', [first.id])).rejects.toThrow(/append-only/);
    // a delete is checked once per statement over the rows it deleted (migration 0065): a counter
    // receipt's lines are refused, and the receipt itself (its lines' foreign key refuses it first)
    await expect(t.pool.query('delete from loan_repayment_lines where repayment_id = $1', [first.id])).rejects.toThrow(/append-only/);
    await expect(t.pool.query('delete from loan_repayments where id = $1', [first.id])).rejects.toThrow(/append-only|foreign key/);
    expect((await t.pool.query('select count(*)::int n from loan_repayments where id = $1', [first.id])).rows[0].n).toBe(1);
  });
});

describe('who may see and do what', () => {
  it('hides another store’s loan and receipts, and keeps callers without the key out', async () => {
    const loan = await repayingLoan();
    const posted = dataOf(await post(receipt(loan.id, '200.00')));
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/repayments/due', { token: away, query: { loanId: loan.id } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/repayments/preview', { token: away, body: { loanId: loan.id, received: '10.00' } })).statusCode).toBe(404);
    expect((await post(receipt(loan.id, '10.00'), away)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/repayments/${posted.id}`, { token: away })).statusCode).toBe(404);
    const list = dataOf(await call<Page<RepaymentListItem>>(t.app, 'GET', '/repayments', { token: away, query: { loanNo: loan.loanNo!, pageSize: 100 } }));
    expect(list).toMatchObject({ items: [], total: 0 });
    // The key that posted in another store is not a way to read its receipt either.
    expect((await call(t.app, 'POST', '/repayments', { token: away, body: receipt(loan.id, '200.00', { idempotencyKey: 'x'.repeat(8) }) })).statusCode).toBe(404);

    expect((await call(t.app, 'POST', '/repayments', { token: accountant, body: receipt(loan.id, '10.00') })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/repayments/due', { token: accountant, query: { loanId: loan.id } })).statusCode).toBe(403);
    const mine = dataOf(await call<Page<RepaymentListItem>>(t.app, 'GET', '/repayments', { token: accountant, query: { loanNo: loan.loanNo! } }));
    expect(mine.items.map((r) => r.id)).toEqual([posted.id]);
  });

  it('answers a receipt on another store’s loan as on a loan that does not exist, and writes nothing', async () => {
    // The receipt's first statement sets the caller's store scope and reads under it (harbour_receipt_context):
    // the scope must hold there as it did when it was a statement of its own.
    const loan = await repayingLoan();
    const body = receipt(loan.id, '200.00');
    dataOf(await post(body));
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    const written = async () =>
      (
        await t.pool.query(
          `select (select count(*) from loan_repayments where loan_id = $1)::int receipts, (select count(*) from audit_log where module = 'repayments')::int audits,
                  (select coalesce(sum(value), 0)::int from code_counters where kind = 'repayNo') numbers, (select count(*) from journal_entries where loan_id = $1)::int entries`,
          [loan.id],
        )
      ).rows[0];
    const before = await written();
    // the very key that posted on it, and a new one: both the answer of a loan that is not there
    const again = await post(body, away);
    const fresh = await post(receipt(loan.id, '10.00'), away);
    const missing = await post(receipt(2_000_000_000, '10.00'), away);
    expect([again.statusCode, fresh.statusCode, missing.statusCode]).toEqual([404, 404, 404]);
    expect(again.body).toEqual(missing.body);
    expect(fresh.body).toEqual(missing.body);
    expect(await written()).toEqual(before);
  });
});
