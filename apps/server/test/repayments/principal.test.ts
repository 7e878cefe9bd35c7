import type { AllocationPreview, DueState, LoanItem, RepaymentItem } from '@harbour/contracts';
import { type RescheduleRule, allocateReceipt, createRepaymentState, dec, rescheduleAfterPrincipal, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/platform/context.js';
import { withReadTx } from '../../src/platform/tx.js';
import { type Engine, loadEngine } from '../../src/modules/repayments/state.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';

/**
 * Partial principal repayment on the real server: the counter's preview shows the remaining
 * schedule the domain computes (by the setting: a lower instalment, or a shorter tenor), posting
 * writes it as a new schedule revision in the receipt's transaction, a void brings the earlier
 * schedule back as a further revision, refusals change nothing, and the ledger balances.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let admin: string;
let today: string;
let borrower: number;
let engine: Engine;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  const tokens = await Promise.all(['manager', 'clerk', 'collector', 'accountant', 'admin'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [manager, clerk, collector, accountant, admin] = tokens as [string, string, string, string, string];
  today = await hongKongToday(t);
  borrower = await insertCustomer(t.pool, { code: 'PR0001', name: '區還本', idNumber: 'A1234563', mobile1: '91230003' });
  engine = await withReadTx(systemContext(t.db, 'principal-test'), (tx) => loadEngine(tx));
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `principal-key-${++seq}-${Date.now()}`;
const repayingLoan = (opts: { daysAgo?: number; amount?: string; tenor?: number } = {}): Promise<LoanItem> =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { amount: '12000', tenor: 6, ...opts });
const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: collector, query: { loanId } }));
const principalBody = (loanId: number, received: string) => ({ loanId, received, method: 'cash', repayType: 'principal', idempotencyKey: key() });
const preview = (loanId: number, received: string) =>
  call<AllocationPreview>(t.app, 'POST', '/repayments/preview', { token: collector, body: { loanId, received, repayType: 'principal' }, lang: 'en' });
const post = (loanId: number, received: string) => call<RepaymentItem>(t.app, 'POST', '/repayments', { token: collector, body: principalBody(loanId, received), lang: 'en' });
const setRule = async (rule: RescheduleRule) => dataOf(await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { principalRepaymentRule: rule } }));

/** What the domain says a principal receipt today leaves, from the loan's instalments as paid out. */
async function expected(loan: LoanItem, received: string, rule: RescheduleRule) {
  const { rows } = await t.pool.query<{ tenor: number; due: string; principal: string; interest: string }>(
    `select tenor, to_char(due_date, 'YYYY-MM-DD') due, principal::text, interest::text from loan_instalments where loan_id = $1 and revision = 0 order by tenor`,
    [loan.id],
  );
  const lines = rows.map((r) => ({ tenor: r.tenor, dueDate: r.due, principal: dec(r.principal), interest: dec(r.interest) }));
  const start = (await t.pool.query<{ d: string }>(`select to_char(interest_start_date, 'YYYY-MM-DD') d from loans where id = $1`, [loan.id])).rows[0]!.d;
  const before = createRepaymentState({ loanDate: start, totalInterest: sum(lines.map((l) => l.interest)), lines }, { overdueRate: '36', overduePenalty: '100', allowPartialPrincipal: true });
  const a = allocateReceipt(before, { date: today, received, mode: 'principal' }, engine.settings, engine.holidays);
  const terms = { loanAmount: loan.loanAmount, loanDate: start, totalTenor: loan.totalTenor, repayCycle: { kind: 'monthly' as const }, interestMethod: 'amortization' as const, flatRate: '1' };
  return rescheduleAfterPrincipal({ terms, before, after: a.state, rule, settings: engine.settings, holidays: engine.holidays });
}

const counts = async (loanId: number) =>
  (
    await t.pool.query<{ receipts: number; revisions: number; rows: number; entries: number }>(
      `select (select count(*)::int from loan_repayments where loan_id = $1) receipts,
              (select count(*)::int from loan_schedule_revisions where loan_id = $1) revisions,
              (select count(*)::int from loan_instalments where loan_id = $1) "rows",
              (select count(*)::int from journal_entries where loan_id = $1) entries`,
      [loanId],
    )
  ).rows[0]!;

const money = (d: { toFixed(n: number): string }) => d.toFixed(2);

describe('a partial principal repayment', () => {
  it('lower instalment (the default): the preview and the receipt show the domain schedule to the cent; the due state follows it; the ledger moves principal only', async () => {
    const loan = await repayingLoan();
    const original = await due(loan.id);
    const want = await expected(loan, '3000.00', 'lower-instalment');

    const p = dataOf(await preview(loan.id, '3000.00'));
    expect(p).toMatchObject({ principal: '3000.00', interest: '0.00', tempAmount: '0.00', completes: false });
    expect(p.lines).toEqual([{ tenor: 1, overdueInterest: '0.00', handlingFee: '0.00', interest: '0.00', principal: '3000.00' }]);
    expect(p.reschedule).toMatchObject({
      rule: 'lower-instalment',
      fromTenor: 1,
      totalTenor: 6,
      remainingBefore: 6,
      remainingAfter: 6,
      instalmentBefore: money(want.instalmentBefore),
      instalmentAfter: money(want.instalmentAfter),
      outstandingPrincipal: '9000.00',
      droppedInterest: money(want.droppedInterest),
    });
    expect(p.reschedule!.lines).toEqual(want.lines.map((l) => ({ tenor: l.tenor, dueDate: l.dueDate, principal: money(l.principal), interest: money(l.interest), instalment: money(l.instalment), balance: money(l.balance) })));
    expect(dec(p.reschedule!.instalmentAfter).lt(dec(original.instalmentAmount))).toBe(true);
    expect(money(sum(p.reschedule!.lines.map((l) => dec(l.principal))))).toBe('9000.00');
    expect((await counts(loan.id)).receipts).toBe(0);

    const res = await post(loan.id, '3000.00');
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const posted = dataOf(res);
    expect(posted.reschedule).toEqual(p.reschedule);
    expect(posted.lines).toEqual([{ tenor: 1, overdueInterest: '0.00', handlingFee: '0.00', interest: '0.00', principal: '3000.00' }]);
    // read back, the receipt shows the same schedule
    const read = dataOf(await call<RepaymentItem>(t.app, 'GET', `/repayments/${posted.id}`, { token: collector }));
    expect(read.reschedule).toEqual(p.reschedule);

    const after = await due(loan.id);
    expect(after).toMatchObject({ unpaidPrincipal: '9000.00', instalmentAmount: p.reschedule!.instalmentAfter, totalTenor: 6 });
    expect(after.instalments.map((i) => [i.tenor, i.dueDate, i.unpaid])).toEqual(want.lines.map((l) => [l.tenor, l.dueDate, money(l.instalment)]));
    expect(after.remainingScheduled).toBe(money(sum(want.lines.map((l) => l.instalment))));

    // history kept: the payout's rows and the new revision's, one revision row
    const { rows: revs } = await t.pool.query(`select revision, cause, based_on, rule, repayment_id from loan_schedule_revisions where loan_id = $1`, [loan.id]);
    expect(revs).toEqual([{ revision: 1, cause: 'principal', based_on: 0, rule: 'lower-instalment', repayment_id: posted.id }]);
    const { rows: byRev } = await t.pool.query(`select revision, count(*)::int n, sum(principal)::text p from loan_instalments where loan_id = $1 group by revision order by revision`, [loan.id]);
    expect(byRev).toEqual([
      { revision: 0, n: 6, p: '12000.00' },
      { revision: 1, n: 6, p: '12000.00' },
    ]);
    // the entry: cash in, loans receivable down by the principal; nothing to income
    const { rows: lines } = await t.pool.query(
      `select l.account, l.debit::text, l.credit::text from journal_lines l join journal_entries e on e.id = l.entry_id where e.id = (select journal_entry_id from loan_repayments where id = $1) order by l.account`,
      [posted.id],
    );
    expect(lines).toEqual([
      { account: 'cash', debit: '3000.00', credit: '0.00' },
      { account: 'loansReceivable', debit: '0.00', credit: '3000.00' },
    ]);
    const { rows: audits } = await t.pool.query(`select after from audit_log where module = 'repayments' and reference = $1::text and action = 'add'`, [String(posted.id)]);
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({ scheduleRevision: 1, reschedule: { rule: 'lower-instalment', instalmentAfter: p.reschedule!.instalmentAfter } });

    // the next instalment is paid as the new schedule says
    const next = await call<RepaymentItem>(t.app, 'POST', '/repayments', {
      token: collector,
      body: { loanId: loan.id, received: after.instalments[0]!.unpaid, method: 'cash', repayType: 'instalment', idempotencyKey: key() },
    });
    expect(next.statusCode, JSON.stringify(next.body)).toBe(200);
    expect(dataOf(next).principal).toBe(p.reschedule!.lines[0]!.principal);
    const voidNext = await call(t.app, 'POST', `/repayments/${dataOf(next).id}/correct`, { token: manager, body: { kind: 'void', reason: 'entered twice' } });
    expect(voidNext.statusCode).toBe(200);

    // voiding the principal receipt brings the paid-out schedule back as a new revision
    const voided = await call<RepaymentItem>(t.app, 'POST', `/repayments/${posted.id}/correct`, { token: manager, body: { kind: 'void', reason: 'wrong loan' } });
    expect(voided.statusCode, JSON.stringify(voided.body)).toBe(200);
    const restored = await due(loan.id);
    expect(restored.instalments.map((i) => [i.tenor, i.dueDate, i.principal, i.interest, i.unpaid])).toEqual(original.instalments.map((i) => [i.tenor, i.dueDate, i.principal, i.interest, i.unpaid]));
    expect(restored).toMatchObject({ unpaidPrincipal: '12000.00', instalmentAmount: original.instalmentAmount, totalTenor: 6 });
    const { rows: revs2 } = await t.pool.query(`select revision, cause, based_on from loan_schedule_revisions where loan_id = $1 order by revision`, [loan.id]);
    expect(revs2).toEqual([
      { revision: 1, cause: 'principal', based_on: 0 },
      { revision: 2, cause: 'restore', based_on: 0 },
    ]);
    const { rows: same } = await t.pool.query(
      `select count(*)::int n from loan_instalments a join loan_instalments b on b.loan_id = a.loan_id and b.tenor = a.tenor and b.revision = 2
        where a.loan_id = $1 and a.revision = 0 and a.principal = b.principal and a.interest = b.interest and a.due_date = b.due_date`,
      [loan.id],
    );
    expect(same[0].n).toBe(6);
    // the loan's balance is back to the loan amount
    const { rows: receivable } = await t.pool.query(
      `select sum(l.debit - l.credit)::text net from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 and l.account = 'loansReceivable'`,
      [loan.id],
    );
    expect(receivable[0].net).toBe('12000.00');
  });

  it('two principal receipts voided latest first: the paid-out schedule is back (the second void undoes a restore copy of the first\'s schedule)', async () => {
    const loan = await repayingLoan();
    const original = await due(loan.id);
    const first = dataOf(await post(loan.id, '3000.00'));
    const second = dataOf(await post(loan.id, '2000.00'));
    expect((await due(loan.id)).unpaidPrincipal).toBe('7000.00');
    for (const r of [second, first]) {
      const res = await call(t.app, 'POST', `/repayments/${r.id}/correct`, { token: manager, body: { kind: 'void', reason: 'wrong loan' } });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    }
    const back = await due(loan.id);
    expect(back.instalments.map((i) => [i.tenor, i.dueDate, i.principal, i.interest, i.unpaid])).toEqual(original.instalments.map((i) => [i.tenor, i.dueDate, i.principal, i.interest, i.unpaid]));
    expect(back).toMatchObject({ unpaidPrincipal: '12000.00', remainingScheduled: original.remainingScheduled, instalmentAmount: original.instalmentAmount, totalTenor: 6 });
    const { rows: revs } = await t.pool.query(`select revision, cause, based_on, outstanding_principal::text op from loan_schedule_revisions where loan_id = $1 order by revision`, [loan.id]);
    expect(revs).toEqual([
      { revision: 1, cause: 'principal', based_on: 0, op: '9000.00' },
      { revision: 2, cause: 'principal', based_on: 1, op: '7000.00' },
      { revision: 3, cause: 'restore', based_on: 1, op: '9000.00' },
      { revision: 4, cause: 'restore', based_on: 0, op: '12000.00' },
    ]);
    // the reports' kept totals follow: the paid-out schedule's interest, nothing paid
    const { rows: kept } = await t.pool.query(`select scheduled_interest::text si, paid_principal::text pp from loan_totals where loan_id = $1`, [loan.id]);
    const { rows: paidOut } = await t.pool.query(`select sum(interest)::text si from loan_instalments where loan_id = $1 and revision = 0`, [loan.id]);
    expect(kept).toEqual([{ si: paidOut[0].si, pp: '0.00' }]);
  });

  it('shorter tenor: the same instalment at most, over the fewest instalments, to the cent', async () => {
    await setRule('shorter-tenor');
    try {
      const loan = await repayingLoan();
      const want = await expected(loan, '5000.00', 'shorter-tenor');
      const p = dataOf(await preview(loan.id, '5000.00'));
      expect(p.reschedule).toMatchObject({ rule: 'shorter-tenor', totalTenor: want.totalTenor, remainingAfter: want.remainingAfter, instalmentAfter: money(want.instalmentAfter) });
      expect(want.totalTenor).toBeLessThan(6);
      expect(dec(p.reschedule!.instalmentAfter).lte(dec(p.reschedule!.instalmentBefore))).toBe(true);
      const posted = dataOf(await post(loan.id, '5000.00'));
      expect(posted.reschedule).toEqual(p.reschedule);
      const after = await due(loan.id);
      expect(after.totalTenor).toBe(want.totalTenor);
      expect(after.instalments).toHaveLength(want.totalTenor);
      expect(after.instalments.map((i) => i.unpaid)).toEqual(want.lines.map((l) => money(l.instalment)));
      expect(after.unpaidPrincipal).toBe('7000.00');
      // the loan view shows the current schedule
      const view = dataOf(await call<LoanItem & { instalments: { tenor: number }[] }>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
      expect(view.instalments).toHaveLength(want.totalTenor);
    } finally {
      await setRule('lower-instalment');
    }
  });

  it('refusals change nothing: above the unpaid principal, all of it (early settlement), an earlier instalment unpaid, bad input', async () => {
    const loan = await repayingLoan();
    const before = await counts(loan.id);
    const exceeds = await post(loan.id, '12000.01');
    expect(exceeds.statusCode).toBe(422);
    expect((exceeds.body as { message: string }).message).toMatch(/cannot exceed/i);
    const all = await post(loan.id, '12000.00');
    expect(all.statusCode).toBe(422);
    expect((all.body as { message: string }).message).toMatch(/early settlement/i);
    expect((await preview(loan.id, '12000.00')).statusCode).toBe(422);
    const bad = await call(t.app, 'POST', '/repayments', { token: collector, body: { ...principalBody(loan.id, 'abc') }, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(await counts(loan.id)).toEqual(before);

    const overdue = await repayingLoan({ daysAgo: 40 });
    const overdueBefore = await counts(overdue.id);
    const earlier = await post(overdue.id, '1000.00');
    expect(earlier.statusCode).toBe(422);
    expect((earlier.body as { message: string }).message).toMatch(/earlier instalments/i);
    expect(await counts(overdue.id)).toEqual(overdueBefore);
  });

  it('another store or a caller without the key: nothing, and no schedule revision', async () => {
    const loan = await repayingLoan();
    const before = await counts(loan.id);
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    const peek = await call(t.app, 'POST', '/repayments/preview', { token: away, body: { loanId: loan.id, received: '100.00', repayType: 'principal' }, lang: 'en' });
    expect(peek.statusCode).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain('instalmentAfter');
    expect((await call(t.app, 'POST', '/repayments', { token: away, body: principalBody(loan.id, '100.00') })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/repayments', { token: accountant, body: principalBody(loan.id, '100.00') })).statusCode).toBe(403);
    expect(await counts(loan.id)).toEqual(before);
  });
});
