import type { LoanItem, RepaymentItem, SettlementQuoteAnswer, SettlementResult } from '@harbour/contracts';
import { Decimal, dec, formatRate, maxDec, mloEffectiveRate, percentToFraction, s21SettlementCeiling, storedRate } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';

/**
 * Lawful at every step after payout (MLO s.21 and the 48% cap) on the real server and PostgreSQL:
 * the lock-period fee of an early settlement is bounded by s.21 (the reproduction: 12,000 with a
 * 9,000 fee settled on the payout day used to collect 21,000.00), a principal repayment whose
 * reschedule takes the whole loan above 48% is refused with nothing changed, and the loan stores
 * the rate of its accepted flows after a reschedule and after a settlement. A settlement whose s.21
 * figure would take the whole flows above 48% (12,000 with 600 kept back at payout, settled 15
 * days later: about 330% a year, once accepted and stored as such) is quoted and posted with a
 * rebate down to the largest lawful settlement; a loan without kept-back charges settles as before.
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
  borrower = await insertCustomer(t.pool, { code: 'S21001', name: '張提前', idNumber: 'A1234563', mobile1: '91230021' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `s21-key-${++seq}-${Date.now()}`;
const repayingLoan = (opts: { daysAgo?: number; amount?: string; tenor?: number; approval?: Record<string, unknown> } = {}): Promise<LoanItem> =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { amount: '12000', tenor: 12, ...opts });
const quote = async (loanId: number) => dataOf(await call<SettlementQuoteAnswer>(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId } }));
const settle = (loanId: number) => call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: clerk, lang: 'en', body: { loanId, method: 'cash', idempotencyKey: key() } });
/** The settlement's journal lines, [account, debit, credit], by account. */
const entryOf = async (loanId: number) =>
  (
    await t.pool.query<{ account: string; debit: string; credit: string }>(
      `select l.account, l.debit::text debit, l.credit::text credit from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.loan_id = $1 and e.event = 'early_settlement' order by l.account`,
      [loanId],
    )
  ).rows.map((r) => [r.account, dec(r.debit).toFixed(2), dec(r.credit).toFixed(2)]);
const loanRate = async (loanId: number) =>
  (await t.pool.query<{ rate: string; status: string }>(`select mlo_rate::text rate, mlo_status status from loans where id = $1`, [loanId])).rows[0]!;
/** Every row the loan's money touches, to show a refused step changed nothing. */
const footprint = async (loanId: number) =>
  (
    await t.pool.query(
      `select (select count(*) from loan_repayments where loan_id = $1)::int receipts,
              (select count(*) from loan_schedule_revisions where loan_id = $1)::int revisions,
              (select count(*) from loan_instalments where loan_id = $1)::int instalments,
              (select count(*) from journal_entries where loan_id = $1)::int entries,
              (select mlo_rate::text from loans where id = $1) rate,
              (select status from loans where id = $1) status`,
      [loanId],
    )
  ).rows[0];

describe('early settlement within s.21', () => {
  it('the reproduction: 12,000 with a 9,000 lock-period fee settled on the payout day costs 12,000.00, not 21,000.00', async () => {
    const loan = await repayingLoan({ approval: { earlySettleLockMonths: 6, lockPeriodFee: '9000' } });
    const q = await quote(loan.id);
    expect(q).toMatchObject({
      asOf: today,
      inLockPeriod: true,
      principal: '12000.00',
      interest: '0.00',
      agreedLockPeriodFee: '9000.00',
      lockPeriodFeeCeiling: '0.00',
      lockPeriodFee: '0.00',
      total: '12000.00',
      payable: '12000.00',
      // received 12,000 and paid back 12,000 the same day: no cost
      settlementRate: '0.00',
      loanRate: formatRate(percentToFraction(loan.mloRate)),
    });
    const before = await footprint(loan.id);
    const res = await call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: clerk, lang: 'en', body: { loanId: loan.id, method: 'cash', idempotencyKey: key() } });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const done = dataOf(res);
    expect(done.repayment).toMatchObject({ repayType: 'settlement', received: '12000.00', principal: '12000.00', interest: '0.00', lockPeriodFee: '0.00' });
    // one receipt, one entry; no fee income; the ledger balances
    expect(await footprint(loan.id)).toMatchObject({ receipts: before.receipts + 1, entries: before.entries + 1, revisions: 0, instalments: before.instalments, status: 'complete' });
    const entry = (
      await t.pool.query<{ account: string; debit: string; credit: string }>(
        `select l.account, l.debit::text debit, l.credit::text credit from journal_lines l join journal_entries e on e.id = l.entry_id
          where e.loan_id = $1 and e.event = 'early_settlement' and l.account in ('cash', 'loansReceivable', 'feeIncome') order by l.account`,
        [loan.id],
      )
    ).rows.map((r) => [r.account, dec(r.debit).toFixed(2), dec(r.credit).toFixed(2)]);
    expect(entry.filter(([, d, c]) => d !== '0.00' || c !== '0.00')).toEqual([
      ['cash', '12000.00', '0.00'],
      ['loansReceivable', '0.00', '12000.00'],
    ]);
    await expectLedgerBalanced(t.db);
    // the settled loan's rate: its actual flows (12,000 out and back the same day)
    expect(await loanRate(loan.id)).toEqual({ rate: '0.00000000', status: 'ok' });
    const audit = (await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1 and action = 'add'`, [String(done.repayment.id)])).rows[0];
    expect(audit.after.mloRate).toEqual({ before: dec(loan.mloRate).toFixed(8), after: '0.0000', status: 'ok' });
    expect(audit.after.quote).toMatchObject({ agreedLockPeriodFee: '9000.00', lockPeriodFee: '0.00' });
  });

  it('later in the lock period the fee is cut to what keeps the flows within the loan’s rate, and the settled loan stores that rate', async () => {
    const loan = await repayingLoan({ daysAgo: 20, approval: { earlySettleLockMonths: 6, lockPeriodFee: '9000' } });
    const q = await quote(loan.id);
    expect(q.agreedLockPeriodFee).toBe('9000.00');
    // the fee is the ceiling: the most that keeps 12,000 received 20 days ago → the total today within the loan's rate
    const lentOn = (await t.pool.query<{ d: string }>(`select to_char(payout_date, 'YYYY-MM-DD') d from loans where id = $1`, [loan.id])).rows[0]!.d;
    const history = { lentOn, received: '12000', payments: [] };
    const ceiling = s21SettlementCeiling(history, today, percentToFraction(loan.mloRate));
    const base = dec(q.principal).plus(q.interest);
    expect(q.lockPeriodFeeCeiling).toBe(maxDec(ceiling.minus(base), dec('0')).toFixed(2));
    expect(q.lockPeriodFee).toBe(q.lockPeriodFeeCeiling);
    // principal and interest to the date already earn about the loan's rate: a few cents at most are left for the fee
    expect(dec(q.lockPeriodFee).lt(1)).toBe(true);
    const rate = mloEffectiveRate({ lentOn, received: '12000', payments: [{ date: today, amount: q.total }] });
    expect(q.settlementRate).toBe(formatRate(rate));
    // the fee never takes the rate above the loan's, nor above where principal and interest alone put it
    const withoutFee = mloEffectiveRate({ lentOn, received: '12000', payments: [{ date: today, amount: base.toFixed(2) }] });
    expect(rate.lte(maxDec(percentToFraction(loan.mloRate), withoutFee))).toBe(true);
    const res = await call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: clerk, lang: 'en', body: { loanId: loan.id, method: 'cash', idempotencyKey: key() } });
    expect(dataOf(res).repayment).toMatchObject({ received: q.total, lockPeriodFee: q.lockPeriodFee });
    expect(await loanRate(loan.id)).toEqual({ rate: dec(storedRate(rate)).toFixed(8), status: 'ok' });
  });
});

describe('the lock-period fee at approval', () => {
  it('refuses a fee without a lock period or above the loan amount, and records the most the fee could be charged', async () => {
    const apply = async () => {
      const body = smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '12000', totalTenor: 12 });
      const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
      dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
      return loan;
    };
    const approve = (id: number, body: Record<string, unknown>) => call(t.app, 'POST', `/loans/${id}/approve`, { token: manager, lang: 'en', body: { overdueRate: '36', ...body } });
    const loan = await apply();
    const without = await approve(loan.id, { lockPeriodFee: '500' });
    expect(without.statusCode).toBe(422);
    expect((without.body as { message: string }).message).toBe('A lock-period fee of 500.00 needs an early-settle lock period (months).');
    const above = await approve(loan.id, { lockPeriodFee: '12000.01', earlySettleLockMonths: 6 });
    expect(above.statusCode).toBe(422);
    expect((above.body as { message: string }).message).toBe('A lock-period fee of 12000.01 is above the loan amount of 12000.00; no early settlement could charge it (MLO s.21).');
    expect((await t.pool.query(`select status from loans where id = $1`, [loan.id])).rows[0].status).toBe('wait_approve');
    expect((await approve(loan.id, { lockPeriodFee: '9000', earlySettleLockMonths: 6 })).statusCode).toBe(200);
    const audit = (await t.pool.query(`select after from audit_log where module = 'loans' and reference = $1 and action = 'edit' and after->>'action' = 'approve'`, [String(loan.id)])).rows[0];
    // paid as scheduled, the principal left on a due date already earns about the loan's rate: of the
    // 9,000 agreed, a few units at most could ever be charged (the figure moves with the months run)
    expect(audit.after).toMatchObject({ lockPeriodFee: '9000' });
    expect(audit.after.worstCase.lockPeriodFeeCeiling, JSON.stringify(audit.after)).toMatch(/^\d+\.\d\d$/);
    expect(dec(audit.after.worstCase.lockPeriodFeeCeiling).lt(100)).toBe(true);
  });
});

describe('a principal repayment is checked on the whole loan', () => {
  const principal = (loanId: number, received: string) =>
    call<RepaymentItem>(t.app, 'POST', '/repayments', { token: collector, lang: 'en', body: { loanId, received, method: 'cash', repayType: 'principal', idempotencyKey: key() } });

  it('refuses a reschedule that takes the borrower’s whole flows above 48%, and changes nothing', async () => {
    // 12,000 at 1% flat over 12 months with 600 kept back at payout: lawful over the full term
    const loan = await repayingLoan({ daysAgo: 5, approval: { handlingFee: '600' } });
    expect(dec(loan.mloRate).lte(48)).toBe(true);
    const before = await footprint(loan.id);
    // 10,000 of principal five days in: the 600 kept back now pays for a few days' use of 11,400
    const res = await principal(loan.id, '10000');
    expect(res.statusCode, JSON.stringify(res.body)).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/^Repaying 10000\.00 of principal would reschedule the loan so that the borrower’s whole cash flows cost \d+\.\d\d% a year \(the loan’s rate is \d+\.\d\d%\), above the Money Lenders Ordinance limit of 48%; the repayment is refused\. To repay this much, settle the loan in full: the settlement quote takes off what keeps it within the cap\.$/);
    // the same refusal in the counter's default language points to the settlement too
    const zh = await call(t.app, 'POST', '/repayments', { token: collector, lang: 'zh-TW', body: { loanId: loan.id, received: '10000', method: 'cash', repayType: 'principal', idempotencyKey: key() } });
    expect(zh.statusCode).toBe(422);
    expect((zh.body as { message: string }).message).toMatch(/超過《放債人條例》上限 48%，不可收款。如要償還這麼多，請改用提前清還：清還報價會扣減超出上限的部分。$/);
    const preview = await call(t.app, 'POST', '/repayments/preview', { token: collector, lang: 'en', body: { loanId: loan.id, received: '10000', repayType: 'principal' } });
    expect(preview.statusCode).toBe(422);
    expect(await footprint(loan.id)).toEqual(before);
  });

  it('stores the whole loan’s new rate on an accepted reschedule, and its audit row records it', async () => {
    const loan = await repayingLoan({ daysAgo: 5 });
    const res = await principal(loan.id, '2000');
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const receipt = dataOf(res);
    // the whole loan: 12,000 received, 2,000 five days in, then the new schedule on its due dates
    const lentOn = (await t.pool.query<{ d: string }>(`select to_char(payout_date, 'YYYY-MM-DD') d from loans where id = $1`, [loan.id])).rows[0]!.d;
    const rows = (
      await t.pool.query<{ due: string; amount: string }>(
        `select to_char(due_date, 'YYYY-MM-DD') due, (principal + interest)::text amount from loan_instalments
          where loan_id = $1 and revision = (select max(revision) from loan_instalments where loan_id = $1) order by tenor`,
        [loan.id],
      )
    ).rows;
    // the first rescheduled row carries the 2,000 as paid
    const payments = [{ date: today, amount: '2000.00' }, ...rows.map((r, k) => ({ date: r.due, amount: k === 0 ? dec(r.amount).minus(2000).toFixed(2) : r.amount }))];
    const rate = mloEffectiveRate({ lentOn, received: '12000', payments });
    const stored = await loanRate(loan.id);
    expect(stored.rate).toBe(dec(storedRate(rate)).toFixed(8));
    expect(stored.rate).not.toBe(dec(loan.mloRate).toFixed(8));
    const audit = (await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1 and action = 'add'`, [String(receipt.id)])).rows[0];
    expect(audit.after.mloRate).toMatchObject({ after: storedRate(rate), status: 'ok', excessConfirmed: false });
    // voided: the loan's rate is again that of its flows as they stand (the original schedule)
    dataOf(await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: manager, body: { kind: 'void', reason: 'entered in error' } }));
    expect((await loanRate(loan.id)).rate).toBe(dec(loan.mloRate).toFixed(8));
  });
});

describe('the rebate that keeps an early settlement within 48%', () => {
  it('the reproduction: 12,000 with 600 kept back settled 15 days after payout is quoted and posted at the largest lawful amount', async () => {
    const loan = await repayingLoan({ daysAgo: 15, approval: { handlingFee: '600' } });
    const q = await quote(loan.id);
    // the largest lawful settlement, computed here: 11,400 received 15 days ago grown at 48% a year, floored to the cent
    const largest = new Decimal(11400).times(new Decimal('1.48').pow(new Decimal(15).div(365))).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
    const s21Figure = dec(q.principal).plus(q.interest);
    expect(q.principal).toBe('12000.00');
    expect(q.total).toBe(largest.toFixed(2));
    expect(q.payable).toBe(largest.toFixed(2));
    expect(q.capRebate).toBe(s21Figure.minus(largest).toFixed(2));
    expect(q.settlementRate).toBe('48.00');
    const res = await settle(loan.id);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const done = dataOf(res);
    expect(done.loanStatus).toBe('complete');
    expect(done.repayment).toMatchObject({ repayType: 'settlement', received: largest.toFixed(2), principal: largest.toFixed(2), interest: '0.00' });
    // principal and interest credited in full, the rebate given up in settlement rebates, cash what was received
    expect(await entryOf(loan.id)).toEqual([
      ['cash', largest.toFixed(2), '0.00'],
      ['interestIncome', '0.00', q.interest],
      ['loansReceivable', '0.00', '12000.00'],
      ['settlementRebate', q.capRebate, '0.00'],
    ]);
    await expectLedgerBalanced(t.db);
    const stored = (await t.pool.query<{ rate: string; mlo_status: string; status: string }>(`select mlo_rate::text rate, mlo_status, status from loans where id = $1`, [loan.id])).rows[0]!;
    expect(stored.status).toBe('complete');
    expect(dec(stored.rate).lte(48)).toBe(true);
    expect(dec(stored.rate).toFixed(2)).toBe('48.00');
    const audit = (await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1 and action = 'add'`, [String(done.repayment.id)])).rows[0];
    expect(audit.after).toMatchObject({ capRebate: q.capRebate, mloRate: { after: dec(stored.rate).toFixed(4), status: 'extortionate' } });
  });

  it('a settlement above the company’s maximum APR asks to confirm when the settings say so, and records the confirmation', async () => {
    const admin = (await loginAs(t.app, 'admin')).access_token;
    const presets = dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: admin }));
    const loan = await repayingLoan({ daysAgo: 15, approval: { handlingFee: '600' } });
    try {
      dataOf(await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...presets, maxApr: '30', maxAprExcessAction: 'prompt-and-confirm' } }));
      // the Ordinance's cap still bounds it (48.00%); the company's 30% asks to confirm
      const q = await quote(loan.id);
      expect(q).toMatchObject({ settlementRate: '48.00', confirmMaxApr: '30' });
      const ask = await settle(loan.id);
      expect(ask.statusCode).toBe(422);
      expect((ask.body as { message: string }).message).toBe('Settling on this date costs the borrower 48.00% a year, above the company’s maximum APR of 30%; confirm to go ahead.');
      expect((await t.pool.query(`select status from loans where id = $1`, [loan.id])).rows[0]).toEqual({ status: 'repaying' });
      const done = dataOf(await call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: clerk, body: { loanId: loan.id, method: 'cash', idempotencyKey: key(), confirmExcess: true } }));
      expect(done.repayment.received).toBe(q.payable);
      const audit = (await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1 and action = 'add'`, [String(done.repayment.id)])).rows[0];
      expect(audit.after).toMatchObject({ excessConfirmed: true });
      // "nothing": no question asked
      dataOf(await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...presets, maxApr: '30', maxAprExcessAction: 'nothing' } }));
      expect((await quote((await repayingLoan({ daysAgo: 15, approval: { handlingFee: '600' } })).id)).confirmMaxApr).toBeNull();
    } finally {
      await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: presets });
    }
  });

  it('an ordinary loan without kept-back charges settles exactly as before: no rebate', async () => {
    const loan = await repayingLoan({ daysAgo: 15 });
    const q = await quote(loan.id);
    expect(q.capRebate).toBe('0.00');
    expect(q.total).toBe(dec(q.principal).plus(q.interest).toFixed(2));
    const res = await settle(loan.id);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).repayment.received).toBe(q.total);
    expect((await entryOf(loan.id)).map(([a]) => a)).toEqual(['cash', 'interestIncome', 'loansReceivable']);
  });
});
