import type { DueState, RepaymentItem, SettlementResult, WaiverItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { statementsDuring } from '../helpers/queries.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff, shiftLoanDates, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * The money events that post on a receipt's two statements (docs/repayments.md → Posting a
 * receipt) beside the receipt itself (kept-totals.test.ts counts it): how many statements each
 * sends to PostgreSQL, and that another store's loan answers as a missing one and nothing is written.
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'OT0001', name: '單程測', idNumber: 'A1234563', mobile1: '91230004' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `one-trip-${++seq}-${Date.now()}`;

const ONE_TRIP = ['begin', 'harbour-receipt-context', 'harbour-post-receipt', 'commit'];

/** What a money event on a loan would have written: its rows, entries, numbers and audit rows. */
const written = async (loanId: number) =>
  (
    await t.pool.query<Record<string, string>>(
      `select (select count(*) from loan_repayments where loan_id = $1)::text receipts,
              (select count(*) from loan_repayment_corrections where loan_id = $1)::text corrections,
              (select count(*) from loan_waivers where loan_id = $1)::text waivers,
              (select count(*) from journal_entries where loan_id = $1)::text entries,
              (select coalesce(sum(value), 0) from code_counters where kind = 'repayNo')::text numbers,
              (select count(*) from audit_log)::text audits,
              (select status || ' ' || mlo_rate::text from loans where id = $1) loan`,
      [loanId],
    )
  ).rows[0]!;

/**
 * The collector granted `permission` and working in the other store (Kwun Tong; the loans here are
 * Mong Kok's) sends `send`: it answers 404 without the loan's number, and nothing of `loanId` is written.
 */
async function awayWith(permission: string, loanId: number, send: (away: string) => Promise<{ statusCode: number; body: unknown }>): Promise<void> {
  await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, $1 from roles where name = 'collector' on conflict do nothing`, [permission]);
  try {
    const away = (await loginAs(t.app, 'collector')).access_token;
    expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
    const loanNo = (await t.pool.query<{ n: string }>('select loan_no n from loans where id = $1', [loanId])).rows[0]!.n;
    const before = await written(loanId);
    const res = await send(away);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(loanNo);
    expect(await written(loanId)).toEqual(before);
  } finally {
    await t.pool.query(`delete from role_permissions where permission_key = $1 and role_id in (select id from roles where name = 'collector')`, [permission]);
  }
}

describe('early settlement', () => {
  it('sends five statements: the session, begin, the read under the lock, the write, commit', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today, { daysAgo: 20 });
    const body = { loanId: loan.id, method: 'cash', idempotencyKey: key() };
    let settled: SettlementResult | undefined;
    const n = await statementsDuring(async () => {
      settled = dataOf(await call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: s.clerk, body }));
    });
    expect(settled!.loanStatus).toBe('complete');
    expect(settled!.repayment.balanceAfter?.outstanding).toBe('0.00');
    expect(n.all).toBe(5);
    expect(n.tx).toEqual(ONE_TRIP);
    // its retry: the lock's read finds the row its key posted (answered as GET /repayments/:id answers it)
    const retry = dataOf(await call<SettlementResult>(t.app, 'POST', '/repayments/settle', { token: s.clerk, body }));
    expect(retry.repayment).toEqual(settled!.repayment);
    expect(retry.loanStatus).toBe('complete');
  });

  it('answers another store’s loan as missing and writes nothing', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today, { daysAgo: 20 });
    await awayWith('repayment.settlement', loan.id, (away) => call(t.app, 'POST', '/repayments/settle', { token: away, lang: 'en', body: { loanId: loan.id, method: 'cash', idempotencyKey: key() } }));
  });
});

describe('a principal receipt', () => {
  it('sends the read and the write with its reschedule: the read brings the loan’s flows, the write the new schedule and rate', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today);
    const body = { loanId: loan.id, received: '3000.00', method: 'cash', repayType: 'principal', idempotencyKey: key() };
    let posted: RepaymentItem | undefined;
    const n = await statementsDuring(async () => {
      posted = dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: s.collector, body }));
    });
    expect(posted!.reschedule?.outstandingPrincipal).toBe('9000.00');
    // the session lookup (and the collector's grants, read once) before it
    expect(n.tx).toEqual(ONE_TRIP);
    // the new schedule names the receipt, and the receipt's audit row names the schedule and the loan's rate
    const { rows } = await t.pool.query<{ revision: number; repayment_id: number; n: number }>(
      `select v.revision, v.repayment_id, (select count(*)::int from loan_instalments i where i.loan_id = v.loan_id and i.revision = v.revision) n
         from loan_schedule_revisions v where v.loan_id = $1`,
      [loan.id],
    );
    expect(rows).toEqual([{ revision: 1, repayment_id: posted!.id, n: posted!.reschedule!.lines.length }]);
    const audits = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'repayments' and action = 'add' and reference = $1`, [String(posted!.id)]);
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]!.after).toMatchObject({ repayNo: posted!.repayNo, scheduleRevision: 1, mloRate: { status: 'ok' } });
    const rate = await t.pool.query<{ r: string }>(`select mlo_rate::text r from loans where id = $1`, [loan.id]);
    expect(Number((audits.rows[0]!.after.mloRate as { after: string }).after)).toBe(Number(rate.rows[0]!.r));
  });

  it('answers another store’s loan as missing and writes nothing', async () => {
    const loan = await repayingLoanOf(t, s, borrower, s.today);
    await awayWith('repayment.process', loan.id, (away) =>
      call(t.app, 'POST', '/repayments', { token: away, lang: 'en', body: { loanId: loan.id, received: '3000.00', method: 'cash', repayType: 'principal', idempotencyKey: key() } }),
    );
    expect((await t.pool.query(`select 1 from loan_schedule_revisions where loan_id = $1`, [loan.id])).rowCount).toBe(0);
  });
});

describe('a waiver', () => {
  /** A repaying loan whose instalment 1 fell due 10 days ago: overdue interest and a fee to waive. */
  async function overdueLoan() {
    const loan = await repayingLoanOf(t, s, borrower, s.today);
    const { rows } = await t.pool.query<{ days: number }>(`select ($2::date - due_date)::int days from loan_instalments where loan_id = $1 and tenor = 1`, [loan.id, s.today]);
    await shiftLoanDates(t, loan.id, 10 - rows[0]!.days);
    return loan;
  }
  const waiveBody = (loanId: number, fee: string) => ({ loanId, fee, reason: 'hardship: hospital stay', idempotencyKey: key() });

  it('sends the read and the write (harbour_post_waiver), and answers what it wrote', async () => {
    const loan = await overdueLoan();
    const d = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.manager, query: { loanId: loan.id } }));
    expect(Number(d.handlingFee)).toBeGreaterThan(0);
    const body = waiveBody(loan.id, d.handlingFee);
    let waived: WaiverItem | undefined;
    const n = await statementsDuring(async () => {
      waived = dataOf(await call<WaiverItem>(t.app, 'POST', '/repayments/waive', { token: s.manager, body }));
    });
    expect(n.tx).toEqual(['begin', 'harbour-receipt-context', 'harbour-post-waiver', 'commit']);
    expect(waived).toMatchObject({ loanId: loan.id, fee: d.handlingFee, latest: true, voided: false });
    // the answer is what GET would read, and the retry answers the same waiver
    const retry = dataOf(await call<WaiverItem>(t.app, 'POST', '/repayments/waive', { token: s.manager, body }));
    expect(retry).toEqual(waived);
    const audits = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'repayments' and action = 'add' and reference = $1`, [`waiver:${waived!.id}`]);
    expect(audits.rows).toHaveLength(1);
    expect(audits.rows[0]!.after).toMatchObject({ waiverId: waived!.id, waived: { fee: d.handlingFee } });
    const after = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.manager, query: { loanId: loan.id } }));
    expect(after.handlingFee).toBe('0.00');
  });

  it('answers another store’s loan as missing and writes nothing', async () => {
    const loan = await overdueLoan();
    await awayWith('repayment.waive', loan.id, (away) => call(t.app, 'POST', '/repayments/waive', { token: away, lang: 'en', body: waiveBody(loan.id, '1.00') }));
  });
});
