import type { LoanItem, SettlementQuoteAnswer, SettlementResult } from '@harbour/contracts';
import { Decimal, dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';

/**
 * An early settlement is never above the 48% cap (s.24 beside s.21) on the real server: the
 * reproduction — 12,000 with 600 kept back at payout, settled 15 days later, whose s.21 figure
 * made the whole flows cost about 330% a year and was accepted and stored as such — is quoted and
 * posted with a rebate down to the largest lawful settlement; a loan without kept-back charges
 * settles as before.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let today: string;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(['manager', 'clerk', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [manager, clerk, accountant] = tokens as [string, string, string];
  today = await hongKongToday(t);
  borrower = await insertCustomer(t.pool, { code: 'CAP001', name: '陳回贈', idNumber: 'A1234563', mobile1: '91230031' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `cap-rebate-${++seq}-${Date.now()}`;
const repayingLoan = (opts: { daysAgo?: number; approval?: Record<string, unknown> }): Promise<LoanItem> =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { amount: '12000', tenor: 12, ...opts });
const quote = async (loanId: number) => dataOf(await call<SettlementQuoteAnswer>(t.app, 'GET', '/repayments/settlement', { token: clerk, query: { loanId } }));
const settle = (loanId: number) => call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: clerk, lang: 'en', body: { loanId, method: 'cash', idempotencyKey: key() } });
const entryOf = async (loanId: number) =>
  (
    await t.pool.query<{ account: string; debit: string; credit: string }>(
      `select l.account, l.debit::text debit, l.credit::text credit from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.loan_id = $1 and e.event = 'early_settlement' order by l.account`,
      [loanId],
    )
  ).rows.map((r) => [r.account, dec(r.debit).toFixed(2), dec(r.credit).toFixed(2)]);

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
