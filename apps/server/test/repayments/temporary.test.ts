import type { DueState, LoanItem, RepaymentItem } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesDefault, fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff, shiftLoanDates, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * A loan's temporary amount on the real server and PostgreSQL: an over-payment held, then applied
 * to an instalment once it is due (no money moves: the deposit pays it), partly refunded to the
 * customer, and both voided latest first — the temporary amount comes back each time. What is not
 * held is refused and nothing is written; other stores and callers without the key get nothing.
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'TT0001', name: '溫暫存', idNumber: 'A1234563', mobile1: '91230002' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `temp-key-${++seq}-${Date.now()}`;
const repayingLoan = (opts: { daysAgo?: number; amount?: string; tenor?: number } = {}): Promise<LoanItem> =>
  repayingLoanOf(t, s, borrower, s.today, opts);

const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.collector, query: { loanId } }));
const apply = (loanId: number, over: Record<string, unknown> = {}, token = s.collector) =>
  call<RepaymentItem>(t.app, 'POST', '/repayments/applyTemporary', { token, lang: 'en', body: { loanId, idempotencyKey: key(), ...over } });
const refund = (loanId: number, amount: string, over: Record<string, unknown> = {}, token = s.manager) =>
  call<RepaymentItem>(t.app, 'POST', '/repayments/refundTemporary', {
    token,
    lang: 'en',
    body: { loanId, amount, method: 'cash', reason: 'customer asked for the over-payment back', idempotencyKey: key(), ...over },
  });
const correct = (id: number, kind = 'void', token = s.manager) =>
  call<RepaymentItem>(t.app, 'POST', `/repayments/${id}/correct`, { token, lang: 'en', body: { kind, reason: 'entered in error' } });

/** Pays instalment 1 with `extra` more than it needs: the extra is held as the temporary amount. */
async function overPaid(loan: LoanItem, extra: string): Promise<RepaymentItem> {
  const state = await due(loan.id);
  const received = dec(state.instalments[0]!.unpaid).plus(extra).toFixed(2);
  const body = { loanId: loan.id, received, method: 'cash', repayType: 'instalment', tenor: 1, idempotencyKey: key() };
  const posted = dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: s.collector, body }));
  expect(posted.tempAmount).toBe(dec(extra).toFixed(2));
  return posted;
}

/** Moves the loan's dates back so that instalment `tenor` falls due s.today. */
async function dueToday(loanId: number, tenor: number): Promise<void> {
  const { rows } = await t.pool.query<{ days: number }>(`select (due_date - $3::date)::int days from loan_instalments where loan_id = $1 and tenor = $2`, [loanId, tenor, s.today]);
  await shiftLoanDates(t, loanId, rows[0]!.days);
}

const written = async (loanId: number) =>
  (
    await t.pool.query<{ receipts: number; entries: number; audits: number }>(
      `select (select count(*)::int from loan_repayments where loan_id = $1) receipts,
              (select count(*)::int from journal_entries where loan_id = $1) entries,
              (select count(*)::int from audit_log where module = 'repayments') audits`,
      [loanId],
    )
  ).rows[0]!;

const depositsOf = async (loanId: number) =>
  (
    await t.pool.query<{ net: string }>(
      `select coalesce(sum(l.debit - l.credit), 0)::numeric(20,2)::text net from journal_lines l join journal_entries e on e.id = l.entry_id
       where e.loan_id = $1 and l.account = 'customerDeposits'`,
      [loanId],
    )
  ).rows[0]!.net;

const auditsOf = async (id: number) =>
  (await t.pool.query<{ action: string; after: Record<string, unknown> }>(`select action, after from audit_log where module = 'repayments' and reference = $1 order by id`, [String(id)])).rows;

describe('a temporary amount held, applied, refunded and voided', () => {
  it('applies the held amount to the next instalment once it is due, refunds part, and voiding each gives the amount back', async () => {
    const loan = await repayingLoan();
    await overPaid(loan, '2500');
    expect((await due(loan.id)).tempAmount).toBe('2500.00');
    expect(await depositsOf(loan.id)).toBe('-2500.00');

    // Nothing is due yet: the held amount waits.
    const early = await apply(loan.id);
    expect(early.statusCode).toBe(422);
    expect((early.body as { message: string }).message).toBe('Nothing is due on this date for the temporary amount to pay.');

    await dueToday(loan.id, 2);
    const before = await due(loan.id);
    expect(before.instalments.find((i) => i.tenor === 2)).toMatchObject({ state: 'due' });
    expect(dec(before.amountDue).gt(0) && dec(before.amountDue).lt(2500)).toBe(true);

    const res = await apply(loan.id);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Temporary amount applied.' });
    const applied = dataOf(res);
    expect(applied).toMatchObject({ repayType: 'temporary', received: '0.00', tempUsed: before.amountDue, tempAmount: '0.00', paidOut: '0.00', method: null, latest: true });
    expect(applied.lines.map((l) => l.tenor)).toEqual([2]);
    expect(dec(applied.interest).plus(applied.principal).toFixed(2)).toBe(before.amountDue);

    const held = dec('2500').minus(before.amountDue).toFixed(2);
    const after = await due(loan.id);
    expect(after).toMatchObject({ tempAmount: held, nextTenor: 3, amountDue: '0.00' });
    expect(after.instalments.find((i) => i.tenor === 2)!.state).toBe('paid');
    // No money came in: the deposit paid the instalment.
    expect(await depositsOf(loan.id)).toBe(dec(held).negated().toFixed(2));
    const entry = await t.pool.query(`select event from journal_entries where loan_id = $1 order by id desc limit 1`, [loan.id]);
    expect(entry.rows[0].event).toBe('temporary_applied');
    const applyAudit = await auditsOf(applied.id);
    expect(applyAudit).toHaveLength(1);
    expect(applyAudit[0]).toMatchObject({ action: 'add', after: { repayNo: applied.repayNo, tempUsed: before.amountDue, tempAmount: held } });

    // Part of what is left is paid back by cheque.
    const noCheque = await refund(loan.id, '100.00', { method: 'cheque' });
    expect(noCheque.statusCode).toBe(400);
    const refunded = dataOf(await refund(loan.id, '100.00', { method: 'cheque', chequeNo: 'HSB-000123' }));
    expect(refunded).toMatchObject({ repayType: 'temp-refund', received: '0.00', tempUsed: '100.00', paidOut: '100.00', method: 'cheque', chequeNo: 'HSB-000123', lines: [], latest: true });
    const left = dec(held).minus(100).toFixed(2);
    expect((await due(loan.id)).tempAmount).toBe(left);
    expect(await depositsOf(loan.id)).toBe(dec(left).negated().toFixed(2));
    const refundAudit = await auditsOf(refunded.id);
    expect(refundAudit).toHaveLength(1);
    expect(refundAudit[0]).toMatchObject({ action: 'refund', after: { paidOut: '100.00', method: 'cheque', tempAmount: left } });

    // Corrected latest first, by voiding: each gives the temporary amount back.
    expect((await correct(applied.id)).statusCode).toBe(422);
    expect((await correct(refunded.id, 'refund')).statusCode).toBe(422);
    expect(dataOf(await correct(refunded.id)).correction).toBe('void');
    expect((await due(loan.id)).tempAmount).toBe(held);
    expect(dataOf(await correct(applied.id)).correction).toBe('void');
    const back = await due(loan.id);
    expect({ ...back, asOf: undefined }).toEqual({ ...before, asOf: undefined });
    expect(await depositsOf(loan.id)).toBe('-2500.00');
  });

  it('takes only what the allocation uses of an amount asked for, and may pay a later instalment by its tenor', async () => {
    const loan = await repayingLoan({ amount: '3000', tenor: 3 });
    await overPaid(loan, '1500');
    const state = await due(loan.id);
    const second = state.instalments.find((i) => i.tenor === 2)!;
    // Auto pays no future instalment in part: of 900.00 asked, nothing is due or whole.
    expect((await apply(loan.id, { amount: '900.00' })).statusCode).toBe(422);
    const byTenor = dataOf(await apply(loan.id, { repayType: 'instalment', tenor: 2, amount: '1500.00' }));
    expect(byTenor).toMatchObject({ tempUsed: second.unpaid, tenor: 2 });
    expect((await due(loan.id)).tempAmount).toBe(dec('1500').minus(second.unpaid).toFixed(2));
  });

  it('completes the loan when the held amount pays the last instalment; a refund from the completed loan voided leaves it complete', async () => {
    const loan = await repayingLoan({ amount: '2000', tenor: 2 });
    await overPaid(loan, '1500');
    const last = (await due(loan.id)).instalments[1]!;
    const applied = dataOf(await apply(loan.id, { repayType: 'instalment' }));
    expect(applied.tempUsed).toBe(last.unpaid);
    const status = async () => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: s.manager })).status;
    expect(await status()).toBe('complete');
    const rest = dec('1500').minus(last.unpaid).toFixed(2);
    const refunded = dataOf(await refund(loan.id, rest));
    expect((await due(loan.id)).tempAmount).toBe('0.00');
    expect((await refund(loan.id, '0.01')).statusCode).toBe(422);
    dataOf(await correct(refunded.id));
    expect(await status()).toBe('complete');
    expect((await due(loan.id)).tempAmount).toBe(rest);
    dataOf(await correct(applied.id));
    expect(await status()).toBe('repaying');
    expect((await due(loan.id)).tempAmount).toBe('1500.00');
  });
});

describe('refusals', () => {
  it('refuses more than is held, and what is not a temporary amount to apply, writing nothing', async () => {
    const loan = await repayingLoan();
    const none = await apply(loan.id, { amount: '10.00' });
    expect(none.statusCode).toBe(422);
    expect((none.body as { message: string }).message).toBe('This loan holds no temporary amount.');
    await overPaid(loan, '300');
    const start = await written(loan.id);
    const tooMuch = await apply(loan.id, { amount: '300.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect((tooMuch.body as { message: string }).message).toBe('The amount is more than the temporary amount held (300.00).');
    const zh = await call(t.app, 'POST', '/repayments/applyTemporary', { token: s.collector, lang: 'zh-TW', body: { loanId: loan.id, amount: '300.01', idempotencyKey: key() } });
    expect((zh.body as { message: string }).message).toBe('金額多於暫存金額（300.00）。');
    expect((await refund(loan.id, '300.01')).statusCode).toBe(422);
    // Instalment 1 is paid; the held 300.00 cannot pay instalment 2 whole.
    expect((await apply(loan.id, { repayType: 'instalment' })).statusCode).toBe(422);
    expect((await apply(loan.id, { repayDate: '2999-01-01' })).statusCode).toBe(422);
    for (const bad of [{ amount: '-5' }, { amount: '0' }, { amount: '1.234' }, { amount: 'abc' }, { repayType: 'principal' }, { idempotencyKey: 'short' }, { loanId: 'x' }]) {
      expect((await apply(loan.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (const bad of [{ amount: '' }, { amount: '-1' }, { method: 'gold' }, { reason: ' ' }, { reason: 'r'.repeat(501) }, { idempotencyKey: undefined }]) {
      expect((await refund(loan.id, '10.00', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await written(loan.id)).toEqual(start);
    expect((await due(loan.id)).tempAmount).toBe('300.00');
  });

  it('posts a key once however often it is sent, and refuses the key with other figures', async () => {
    const loan = await repayingLoan();
    await overPaid(loan, '800');
    const body = { amount: '50.00', idempotencyKey: key() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(loan.id, body.amount, body)));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => dataOf(a).id)).size).toBe(1);
    expect((await due(loan.id)).tempAmount).toBe('750.00');
    expect((await refund(loan.id, '60.00', { idempotencyKey: body.idempotencyKey })).statusCode).toBe(409);
    expect((await apply(loan.id, { idempotencyKey: body.idempotencyKey })).statusCode).toBe(409);
  });
});

describe('who may apply or refund', () => {
  it('keeps other stores and callers without the key out', async () => {
    const loan = await repayingLoan();
    await overPaid(loan, '2500');
    const start = await written(loan.id);
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    const hidden = await apply(loan.id, {}, away);
    expect(hidden.statusCode).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain(loan.loanNo!);
    // Refunding is a manager's: the s.clerk lacks the key; the s.accountant may not apply. The
    // s.collector holds the void key to ask for corrections: under four eyes a refund is a request.
    await fourEyesDefault(t);
    try {
      expect((await refund(loan.id, '10.00', {}, s.collector)).statusCode).toBe(202);
    } finally {
      await fourEyesOff(t);
    }
    expect((await refund(loan.id, '10.00', {}, s.clerk)).statusCode).toBe(403);
    expect((await apply(loan.id, {}, s.accountant)).statusCode).toBe(403);
    expect((await refund(999999, '10.00')).statusCode).toBe(404);
    expect((await apply(999999)).statusCode).toBe(404);
    expect(await written(loan.id)).toEqual(start);
    // The s.clerk may apply (repayment.process).
    const mine = await apply(loan.id, { repayType: 'instalment' }, s.clerk);
    expect(mine.statusCode, JSON.stringify(mine.body)).toBe(200);
  });
});
