import type { DueState, LoanItem, RepaymentItem, SettlementQuoteAnswer, SettlementResult } from '@harbour/contracts';
import { addDays, addMonthsClamped, dec, lockPeriodFeeCeiling, minDec, percentToFraction, roundMoney, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff } from '../helpers/repaying.js';

/**
 * Early settlement (MLO s.21) on the real server and PostgreSQL: the quote on a date (actuarial and
 * rule of 78, in and out of the lock period, with overdue interest), posting it (one receipt whose
 * lines leave nothing to pay, one balanced entry, the loan completed, one audit row), the key
 * posting once, a void reopening the loan, and callers of another store or without the key.
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
  ({ manager, clerk, collector, accountant, today } = await repaymentStaff(t));
  borrower = await insertCustomer(t.pool, { code: 'TS0001', name: '陳清數', idNumber: 'A1234563', mobile1: '91230002' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `settle-key-${++seq}-${Date.now()}`;

/**
 * A Mong Kok loan of 12,000 over 6 months at 1% flat (720 interest), approved with a 36% overdue
 * rate, a 100.00 penalty and the given lock period, paid out today, then moved `daysAgo` into the past.
 */
const repayingLoan = (opts: { daysAgo?: number; ruleOf78?: boolean; lockMonths?: number; lockFee?: string } = {}) =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, {
    daysAgo: opts.daysAgo,
    terms: { ruleOf78: opts.ruleOf78 ?? false },
    approval: opts.lockMonths ? { earlySettleLockMonths: opts.lockMonths, lockPeriodFee: opts.lockFee ?? '500' } : {},
  });

const quote = async (loanId: number, date?: string, token = clerk) =>
  dataOf(await call<SettlementQuoteAnswer>(t.app, 'GET', '/repayments/settlement', { token, query: { loanId, ...(date ? { date } : {}) } }));
const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: clerk, query: { loanId } }));
const settle = (body: Record<string, unknown>, token = clerk) => call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token, body, lang: 'en' });
const settleBody = (loanId: number, over: Record<string, unknown> = {}) => ({ loanId, method: 'cash', idempotencyKey: key(), ...over });
const statusOf = async (loanId: number) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loanId}`, { token: manager })).status;
const count = async (loanId: number) => (await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loanId])).rows[0].n as number;
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
const m = (d: { toFixed(n: number): string }) => d.toFixed(2);

/**
 * The lock-period fee s.21 allows on the quote's date (MLO s.21, docs/loan-mathematics.md §9): the
 * agreed fee, or the domain's ceiling if less — from the loan's flows as the database holds them
 * (received at payout on the payout date, every standing receipt less money paid back and default
 * charges) and its stored rate.
 */
async function s21Fee(loanId: number, q: SettlementQuoteAnswer, agreed: string): Promise<string> {
  const [l] = (await t.pool.query<{ d: string; r: string; rcv: string }>(
    `select to_char(l.payout_date, 'YYYY-MM-DD') d, l.mlo_rate::text r, (p.amount_received + p.old_loan_settled)::text rcv from loans l join loan_payouts p on p.loan_id = l.id where l.id = $1`,
    [loanId],
  )).rows;
  const payments = (await t.pool.query<{ date: string; amount: string }>(
    `select to_char(repay_date, 'YYYY-MM-DD') date, (received - paid_out - overdue_interest - handling_fee)::text amount from loan_repayments r
      where loan_id = $1 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id) order by repay_date, id`,
    [loanId],
  )).rows;
  const ceiling = lockPeriodFeeCeiling({ history: { lentOn: l!.d, received: l!.rcv, payments }, loanRate: percentToFraction(l!.r) }, q.asOf, dec(q.principal).plus(q.interest).minus(q.tempAmount));
  return m(minDec(dec(agreed), ceiling));
}

describe('the quote', () => {
  it('actuarial, in the lock period, with an overdue instalment: principal, interest to the date, overdue interest, fee and lock-period fee', async () => {
    const loan = await repayingLoan({ daysAgo: 45, lockMonths: 3, lockFee: '500' });
    const q = await quote(loan.id);
    const state = await due(loan.id);
    const [first, second] = state.instalments;
    // tenor 1 is overdue: owed whole; tenor 2 runs: its interest pro rata to the days elapsed
    const period = days(first!.dueDate, second!.dueDate);
    const elapsed = days(first!.dueDate, today);
    const pro = roundMoney(dec(second!.interest).times(elapsed).div(period));
    expect(q).toMatchObject({
      method: 'actuarial',
      loanNo: loan.loanNo,
      customerName: '陳清數',
      asOf: today,
      principal: '12000.00',
      interest: m(dec(first!.interest).plus(pro)),
      rebate: '0.00',
      // The agreed 500.00 was charged whole before s.21 bounded it: now the fee is what keeps the
      // borrower's flows (12,000 received 45 days ago, principal and interest to the date today)
      // within the loan's own rate — nothing or a few cents, as interest to the date already earns it.
      agreedLockPeriodFee: '500.00',
      lockPeriodFee: await s21Fee(loan.id, q, '500'),
      overdueInterest: state.overdueInterest,
      handlingFee: '100.00',
      inLockPeriod: true,
      tempAmount: '0.00',
      remainingScheduled: '12720.00',
    });
    expect(dec(state.overdueInterest).gt(0)).toBe(true);
    expect(q.lockPeriodEnds).toBe(addDays(addMonthsClamped(loan.interestStartDate!, 3), -1));
    expect(q.total).toBe(m(sum([q.principal, q.interest, q.lockPeriodFee, q.overdueInterest, q.handlingFee].map(dec))));
    expect(q.payable).toBe(q.total);
    // the lines add up to the quote; the interest not yet run is waived
    expect(m(sum(q.lines.map((l) => dec(l.principal))))).toBe(q.principal);
    expect(m(sum(q.lines.map((l) => dec(l.interest))))).toBe(q.interest);
    expect(m(sum(q.lines.map((l) => dec(l.interest).plus(l.interestWaived))))).toBe('720.00');
    expect((await t.pool.query('select count(*)::int n from loan_repayments where loan_id = $1', [loan.id])).rows[0].n).toBe(0);
  });

  it('rule of 78 out of the lock period: all unpaid interest less the rebate, and no lock-period fee; in it on an earlier date', async () => {
    await t.pool.query(`insert into settings (key, value) values ('ruleOf78', 'true'::jsonb) on conflict (key) do update set value = excluded.value`);
    const loan = await repayingLoan({ daysAgo: 100, ruleOf78: true, lockMonths: 3, lockFee: '300' });
    const state = await due(loan.id);
    const future = (on: string) => state.instalments.filter((i) => i.dueDate > on);
    const rebateOn = (on: string) => {
      const r = future(on).length;
      // finance charge 720 over 6 periods: 720 × r(r+1) / (6·7), never more than the periods' interest
      const computed = roundMoney(dec('720').times(r * (r + 1)).div(42));
      const cap = sum(future(on).map((i) => dec(i.interest)));
      return computed.lt(cap) ? computed : cap;
    };
    expect(future(today)).toHaveLength(3);
    const q = await quote(loan.id);
    expect(q).toMatchObject({ method: 'rule-of-78', rebate: m(rebateOn(today)), interest: m(dec('720').minus(rebateOn(today))), lockPeriodFee: '0.00', inLockPeriod: false, handlingFee: '300.00' });
    expect(q.overdueInterest).toBe(state.overdueInterest);
    expect(m(sum(q.lines.map((l) => dec(l.interestWaived))))).toBe(q.rebate);
    // the day after the first due date it was still in the lock period: fee charged, one period run
    const early = addDays(state.instalments[0]!.dueDate, 1);
    const then = await quote(loan.id, early);
    // in the lock period the agreed 300.00 is charged only as far as s.21 allows (it was charged whole
    // before): the rule of 78 already charges more than the interest to the date at the loan's rate
    expect(then.agreedLockPeriodFee).toBe('300.00');
    expect(then.lockPeriodFee).toBe(await s21Fee(loan.id, then, '300'));
    expect(then).toMatchObject({ asOf: early, inLockPeriod: true, rebate: m(rebateOn(early)), interest: m(dec('720').minus(rebateOn(early))), handlingFee: '100.00' });
    expect(m(rebateOn(early))).toBe('514.29');
  });

  it('refuses a date in the future, before the loan, and a loan that takes no repayments', async () => {
    const loan = await repayingLoan({ daysAgo: 10 });
    const future = await call(t.app, 'GET', '/repayments/settlement', { token: clerk, lang: 'en', query: { loanId: loan.id, date: '2999-01-01' } });
    expect(future.statusCode).toBe(422);
    expect((await call(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId: loan.id, date: '2000-01-01' } })).statusCode).toBe(422);
    for (const bad of [{ loanId: 'x' }, { loanId: loan.id, date: '2024-02-30' }, { loanId: -1 }]) {
      expect((await call(t.app, 'GET', '/repayments/settlement', { token: clerk, query: bad as never })).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('posting an early settlement', () => {
  it('posts the quote, completes the loan, balances the ledger, writes one audit row, and a void reopens it', async () => {
    const loan = await repayingLoan({ daysAgo: 45, lockMonths: 3 });
    // 1,000 more than the first instalment and its charges: held as a temporary amount
    const before = await due(loan.id);
    dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: clerk, body: { loanId: loan.id, received: m(dec(before.amountDue).plus(1000)), method: 'cash', idempotencyKey: key() } }));
    const q = await quote(loan.id);
    expect(q.tempAmount).toBe('1000.00');
    expect(q.payable).toBe(m(dec(q.total).minus(1000)));

    const res = await settle(settleBody(loan.id, { method: 'cheque', chequeNo: 'HSBC-001234', remarks: 'paid off early' }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Early settlement posted.' });
    const done = dataOf(res);
    expect(done.loanStatus).toBe('complete');
    expect(done.repayment).toMatchObject({
      repayType: 'settlement',
      received: q.payable,
      tempUsed: '1000.00',
      principal: q.principal,
      interest: q.interest,
      lockPeriodFee: q.lockPeriodFee,
      overdueInterest: q.overdueInterest,
      handlingFee: q.handlingFee,
      method: 'cheque',
      chequeNo: 'HSBC-001234',
      latest: true,
    });
    expect(await statusOf(loan.id)).toBe('complete');
    // nothing is left: every instalment paid (waived interest counts as settled), no temporary amount
    const lines = (
      await t.pool.query<{ tenor: number; interest: string; waived: string }>(
        `select tenor, sum(interest)::text interest, sum(interest_waived)::text waived from loan_repayment_lines where loan_id = $1 group by tenor order by tenor`,
        [loan.id],
      )
    ).rows;
    expect(lines.map((l) => m(dec(l.interest).plus(l.waived)))).toEqual(before.instalments.map((i) => i.interest));
    const waived = sum(lines.map((l) => dec(l.waived)));
    expect(done.repayment.rebate).toBe(m(waived));
    const temp = (await t.pool.query(`select sum(temp_in - temp_out)::text t from loan_repayments where loan_id = $1`, [loan.id])).rows[0].t;
    expect(m(dec(temp))).toBe('0.00');
    // the settlement's entry: the bank (cheque) for what was received, the deposit applied
    const entry = (
      await t.pool.query<{ account: string; debit: string; credit: string }>(
        `select l.account, l.debit::text debit, l.credit::text credit from journal_lines l join journal_entries e on e.id = l.entry_id
         where e.loan_id = $1 and e.event = 'early_settlement' order by l.account`,
        [loan.id],
      )
    ).rows;
    const line = (a: string) => entry.find((e) => e.account === a);
    expect(m(dec(line('bank')!.debit))).toBe(q.payable);
    expect(m(dec(line('customerDeposits')!.debit))).toBe('1000.00');
    expect(m(dec(line('loansReceivable')!.credit))).toBe(q.principal);
    expect(m(dec(line('feeIncome')!.credit))).toBe(m(dec(q.lockPeriodFee).plus(q.handlingFee)));
    await expectLedgerBalanced(t.db);
    const audits = await t.pool.query(`select action, after from audit_log where module = 'repayments' and reference = $1`, [String(done.repayment.id)]);
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]).toMatchObject({ action: 'add', after: { repayNo: done.repayment.repayNo, repayType: 'settlement', loanStatus: 'complete', received: q.payable } });
    expect((await t.pool.query(`select count(*)::int n from audit_log where module = 'loans' and reference = $1 and created_at > now() - interval '1 minute' and action = 'settle'`, [String(loan.id)])).rows[0].n).toBe(0);

    // a completed loan takes no settlement and no quote
    expect((await settle(settleBody(loan.id))).statusCode).toBe(422);
    expect((await call(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId: loan.id } })).statusCode).toBe(422);

    // voided: the entry reversed, the loan repaying again with the quote as before
    dataOf(await call(t.app, 'POST', `/repayments/${done.repayment.id}/correct`, { token: manager, body: { kind: 'void', reason: 'cheque bounced' } }));
    expect(await statusOf(loan.id)).toBe('repaying');
    const again = await quote(loan.id);
    // the loan's rate is again that of its flows as they stand (received, the receipt, the schedule
    // left), which bounds the lock-period fee: the same principal and interest, the fee s.21 allows
    expect(again).toMatchObject({ principal: q.principal, interest: q.interest, tempAmount: '1000.00', lockPeriodFee: await s21Fee(loan.id, again, '500') });
    expect(again.total).toBe(m(sum([again.principal, again.interest, again.lockPeriodFee, again.overdueInterest, again.handlingFee].map(dec))));
    await expectLedgerBalanced(t.db);
    const net = (await t.pool.query(`select sum(l.debit - l.credit)::text n from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 and l.account = 'customerDeposits'`, [loan.id])).rows[0].n;
    expect(m(dec(net))).toBe('-1000.00');
  });

  it('without the temporary amount: the whole total is received and the deposit stays held', async () => {
    const loan = await repayingLoan({ daysAgo: 5 });
    dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: clerk, body: { loanId: loan.id, received: '3000.00', method: 'cash', idempotencyKey: key() } }));
    const q = await quote(loan.id);
    const held = dec(q.tempAmount);
    expect(held.gt(0)).toBe(true);
    const done = dataOf(await settle(settleBody(loan.id, { useTemporary: false })));
    expect(done.repayment).toMatchObject({ received: q.total, tempUsed: '0.00' });
    const temp = (await t.pool.query(`select sum(temp_in - temp_out)::text t from loan_repayments where loan_id = $1`, [loan.id])).rows[0].t;
    expect(m(dec(temp))).toBe(m(held));
  });

  it('posts a key once however often it is sent, and refuses the key reused for another way of paying', async () => {
    const loan = await repayingLoan({ daysAgo: 20 });
    const body = settleBody(loan.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => settle(body)));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => dataOf(a).repayment.id)).size).toBe(1);
    expect(answers.every((a) => dataOf(a).loanStatus === 'complete')).toBe(true);
    expect(await count(loan.id)).toBe(1);
    expect((await t.pool.query(`select count(*)::int n from journal_entries where loan_id = $1 and event = 'early_settlement'`, [loan.id])).rows[0].n).toBe(1);
    expect((await settle({ ...body, method: 'bank-transfer' })).statusCode).toBe(409);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const loan = await repayingLoan({ daysAgo: 20 });
    const cheque = await settle(settleBody(loan.id, { method: 'cheque' }));
    expect(cheque.statusCode).toBe(400);
    expect(JSON.stringify(cheque.body)).toContain('Enter the cheque number.');
    for (const bad of [{ method: 'gold' }, { idempotencyKey: 'short' }, { loanId: 'abc' }, { repayDate: '2024-13-01' }, { useTemporary: 'maybe' }, { remarks: 'x'.repeat(1001) }]) {
      expect((await settle({ ...settleBody(loan.id), ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await settle(settleBody(loan.id, { repayDate: '2999-01-01' }))).statusCode).toBe(422);
    expect((await settle(settleBody(loan.id, { repayDate: '2000-01-01' }))).statusCode).toBe(422);
    expect(await count(loan.id)).toBe(0);
    expect(await statusOf(loan.id)).toBe('repaying');
  });
});

describe('who may see and do what', () => {
  it('keeps callers without the key out, and hides another store’s loan from one with it', async () => {
    const loan = await repayingLoan({ daysAgo: 20 });
    // the collector takes receipts but not settlements; the accountant neither
    for (const token of [collector, accountant]) {
      expect((await call(t.app, 'GET', '/repayments/settlement', { token, query: { loanId: loan.id } })).statusCode).toBe(403);
      expect((await settle(settleBody(loan.id), token)).statusCode).toBe(403);
    }
    // granted the key, the collector working in the other store sees nothing of the loan
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'repayment.settlement' from roles where name = 'collector'`);
    try {
      const away = (await loginAs(t.app, 'collector')).access_token;
      expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
      const hidden = await call(t.app, 'GET', '/repayments/settlement', { token: away, lang: 'en', query: { loanId: loan.id } });
      expect(hidden.statusCode).toBe(404);
      expect(JSON.stringify(hidden.body)).not.toContain(loan.loanNo!);
      expect((await settle(settleBody(loan.id), away)).statusCode).toBe(404);
    } finally {
      await t.pool.query(`delete from role_permissions where permission_key = 'repayment.settlement' and role_id in (select id from roles where name = 'collector')`);
    }
    expect(await count(loan.id)).toBe(0);
    expect(await statusOf(loan.id)).toBe('repaying');
  });
});
