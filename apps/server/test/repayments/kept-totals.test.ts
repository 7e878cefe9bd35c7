import type { DueState, LoanItem, RepaymentItem } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { statementsDuring } from '../helpers/queries.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff, shiftLoanDates, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * The kept per-loan and per-instalment figures (`loan_totals`, `loan_instalment_paid`) are added to
 * as receipts post (migration 0057), not recounted: after a mixed sequence — receipts, one held as
 * a temporary amount, a void, the temporary amount applied, an early settlement — they equal a
 * full recount of each loan's history (`harbour_kept_totals_drift()` is empty), and the check finds
 * a figure that does not. Also how many statements one receipt sends to PostgreSQL.
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'KT0001', name: '簡累計', idNumber: 'A1234563', mobile1: '91230003' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `kept-key-${++seq}-${Date.now()}`;
const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.collector, query: { loanId } }));
const receipt = (body: Record<string, unknown>) => call<RepaymentItem>(t.app, 'POST', '/repayments', { token: s.collector, body: { method: 'cash', idempotencyKey: key(), ...body } });
const posted = async (body: Record<string, unknown>) => {
  const res = await receipt(body);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return dataOf(res);
};
const ok = (res: { statusCode: number; body: unknown }) => expect(res.statusCode, JSON.stringify(res.body)).toBe(200);

/** Loans whose kept figures differ from a recount of their history (run with every store in reach). */
const drift = async () => (await t.pool.query<{ loan_id: number }>(`select loan_id from harbour_kept_totals_drift() order by loan_id`)).rows.map((r) => r.loan_id);
const totalsOf = async (loanId: number) =>
  (
    await t.pool.query<{ p: string; i: string; ch: string; rebate: string; last: string | null; type: string | null }>(
      `select paid_principal::text p, paid_interest::text i, paid_charges::text ch, rebate::text rebate, to_char(last_receipt_on, 'YYYY-MM-DD') "last", last_receipt_type "type"
         from loan_totals where loan_id = $1`,
      [loanId],
    )
  ).rows[0]!;

describe('kept totals by increments', () => {
  it('equal a full recount after receipts, a void, a temporary amount applied and a settlement', async () => {
    const loan: LoanItem = await repayingLoanOf(t, s, borrower, s.today);
    const first = await due(loan.id);
    // instalment 1 (paid ahead) and 2,500.00 over, held as the temporary amount
    const held = await posted({ loanId: loan.id, received: dec(first.instalments[0]!.unpaid).plus(2500).toFixed(2), repayType: 'instalment', tenor: 1 });
    expect(held.tempAmount).toBe('2500.00');
    // a small receipt, then voided: the figures go back to what the first receipt left
    const afterFirst = await totalsOf(loan.id);
    const small = await posted({ loanId: loan.id, received: '100.00', repayType: 'auto' });
    expect(await drift()).toEqual([]);
    ok(await call(t.app, 'POST', `/repayments/${small.id}/correct`, { token: s.manager, body: { kind: 'void', reason: 'entered in error' } }));
    expect(await totalsOf(loan.id)).toEqual(afterFirst);
    expect(await drift()).toEqual([]);
    // the temporary amount pays instalment 2 once it is due
    const { rows } = await t.pool.query<{ days: number }>(`select (due_date - $2::date)::int days from loan_instalments where loan_id = $1 and tenor = 2`, [loan.id, s.today]);
    await shiftLoanDates(t, loan.id, rows[0]!.days);
    const applied = dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments/applyTemporary', { token: s.collector, body: { loanId: loan.id, idempotencyKey: key() } }));
    expect(applied.repayType).toBe('temporary');
    expect(await drift()).toEqual([]);
    // paid off early: the rebate and the settlement's figures are added too
    const settled = await call<{ repayment: RepaymentItem }>(t.app, 'POST', '/repayments/settle', { token: s.clerk, body: { loanId: loan.id, method: 'cash', idempotencyKey: key() } });
    ok(settled);
    expect(await drift()).toEqual([]);

    // the kept row is the standing receipts' sums, to the cent
    const { rows: standing } = await t.pool.query<{ p: string; i: string; ch: string; rebate: string }>(
      `select sum(principal)::text p, sum(interest)::text i, sum(overdue_interest + handling_fee + lock_period_fee)::text ch, sum(rebate)::text rebate
         from loan_repayments r where loan_id = $1 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)`,
      [loan.id],
    );
    const kept = await totalsOf(loan.id);
    expect([kept.p, kept.i, kept.ch, kept.rebate]).toEqual([standing[0]!.p, standing[0]!.i, standing[0]!.ch, standing[0]!.rebate]);
    expect(kept.p).toBe('12000.00');
    expect(kept.type).toBe('settlement');
    expect(kept.last).toBe(s.today);
    const { rows: paid } = await t.pool.query<{ p: string }>(`select sum(principal)::text p from loan_instalment_paid where loan_id = $1`, [loan.id]);
    expect(paid[0]!.p).toBe('12000.00');
  });

  it('finds a kept figure that differs from the recount, and the recount repairs it', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today, { daysAgo: 10 });
    await posted({ loanId: loan.id, received: '300.00', repayType: 'auto' });
    await t.pool.query(`update loan_totals set paid_interest = paid_interest + 0.01 where loan_id = $1`, [loan.id]);
    await t.pool.query(`update loan_instalment_paid set principal = principal - 0.01 where loan_id = $1 and tenor = 1`, [loan.id]);
    expect(await drift()).toEqual([loan.id]);
    await t.pool.query(`select harbour_keep_loan_totals($1::int[]), harbour_keep_instalment_paid($1::int[])`, [[loan.id]]);
    expect(await drift()).toEqual([]);
  });
});

describe('round trips', () => {
  it('counts the statements one receipt sends to PostgreSQL', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today, { daysAgo: 10 });
    await posted({ loanId: loan.id, received: '50.00', repayType: 'auto' });
    // every query any pg client of this process submits while one receipt posts (the app's pool only: the test sends none meanwhile)
    const { all } = await statementsDuring(() => posted({ loanId: loan.id, received: '50.00', repayType: 'auto' }));
    // the figure the bench and docs/repayments.md report; a change to the posting path updates it
    // the session lookup, begin, the read (harbour_receipt_context: the store scope, the loan's lock and every read), the write (harbour_post_receipt), commit
    expect(all).toBe(5);
  });
});
