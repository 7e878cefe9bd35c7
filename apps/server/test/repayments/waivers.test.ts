import type { DueState, LoanItem, RepaymentItem, RepaymentOperation, Statement, WaiverItem } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as repayingLoanOf, repaymentStaff, shiftLoanDates, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * Waivers of overdue interest and fees on the real server and PostgreSQL (issue 26). The loans:
 * 12,000 over 6 months at 1% flat (instalments of 2,120.00), 36% a year overdue and a 100.00
 * penalty, moved so that instalment 1 fell due exactly 10 days ago: 2,120 × 36% × 10/365 = 20.91
 * of overdue interest and 100.00 of fee are outstanding today.
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests void receipts directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'WV0001', name: '韋減免', idNumber: 'A7654321', mobile1: '91230077' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const key = () => `waive-key-${++seq}-${Date.now()}`;

/** A repaying loan whose instalment 1 fell due `days` days ago. */
async function overdueLoan(days = 10): Promise<LoanItem> {
  const loan = await repayingLoanOf(t, s, borrower, s.today);
  const { rows } = await t.pool.query<{ days: number }>(`select ($2::date - due_date)::int days from loan_instalments where loan_id = $1 and tenor = 1`, [loan.id, s.today]);
  await shiftLoanDates(t, loan.id, days - rows[0]!.days);
  return loan;
}

const waive = (loanId: number, amounts: { overdueInterest?: string; fee?: string }, token = s.manager, idempotencyKey = key()) =>
  call<WaiverItem>(t.app, 'POST', '/repayments/waive', { token, lang: 'en', body: { loanId, ...amounts, reason: 'hardship: hospital stay', idempotencyKey } });
const voidWaiver = (waiverId: number, token = s.manager) =>
  call<WaiverItem>(t.app, 'POST', '/repayments/waivers/void', { token, lang: 'en', body: { waiverId, reason: 'entered in error' } });
const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.manager, query: { loanId } }));
const owed = async (loanId: number) => {
  const d = await due(loanId);
  return [d.overdueInterest, d.handlingFee];
};
const written = async (loanId: number) =>
  (
    await t.pool.query<{ waivers: number; lines: number; voids: number; entries: number; audits: number }>(
      `select (select count(*)::int from loan_waivers where loan_id = $1) waivers,
              (select count(*)::int from loan_waiver_lines where loan_id = $1) lines,
              (select count(*)::int from loan_waiver_voids where loan_id = $1) voids,
              (select count(*)::int from journal_entries where loan_id = $1) entries,
              (select count(*)::int from audit_log where module = 'repayments') audits`,
      [loanId],
    )
  ).rows[0]!;

describe('waiving overdue interest and fees', () => {
  it('waives part of the overdue interest: owed no more, no journal entry, one audit row with the figures before and after', async () => {
    const loan = await overdueLoan();
    expect(await owed(loan.id)).toEqual(['20.91', '100.00']);
    const before = await written(loan.id);
    const res = await waive(loan.id, { overdueInterest: '10.00' });
    expect(res.statusCode).toBe(200);
    const w = dataOf(res);
    expect(w).toMatchObject({ waiveDate: s.today, overdueInterestBefore: '20.91', feeBefore: '100.00', overdueInterest: '10.00', fee: '0.00', total: '10.00', voided: false, latest: true });
    expect(w.lines).toEqual([{ tenor: 1, overdueInterestCharged: '20.91', feeCharged: '100.00', accruedTo: s.today, overdueInterestWaived: '10.00', feeWaived: '0.00' }]);
    expect(await owed(loan.id)).toEqual(['10.91', '100.00']);
    const after = await written(loan.id);
    // overdue interest and fees are income only when received: nothing to take out of the ledger
    expect(after).toEqual({ waivers: 1, lines: 1, voids: 0, entries: before.entries, audits: before.audits + 1 });
    const { rows } = await t.pool.query(`select action, before, after from audit_log where module = 'repayments' and reference = $1`, [`waiver:${w.id}`]);
    expect(rows).toEqual([
      {
        action: 'add',
        before: { loanNo: loan.loanNo, overdueInterest: '20.91', fee: '100.00' },
        after: expect.objectContaining({ waived: { overdueInterest: '10.00', fee: '0.00' }, overdueInterest: '10.91', fee: '100.00', reason: 'hardship: hospital stay' }),
      },
    ]);
    // the tips list and reports read the due summary: it has the waiver too
    const { rows: sum } = await t.pool.query(`select overdue_interest::text oi, handling_fee::text fee from loan_due_summaries where loan_id = $1`, [loan.id]);
    expect(sum).toEqual([{ oi: '10.91', fee: '100.00' }]);
  });

  it('waives in whole: the rest of the overdue interest and the whole fee; a retry with the same key answers the same waiver', async () => {
    const loan = await overdueLoan();
    const k = key();
    const w = dataOf(await waive(loan.id, { overdueInterest: '20.91', fee: '100.00' }, s.manager, k));
    expect([w.overdueInterest, w.fee, w.total]).toEqual(['20.91', '100.00', '120.91']);
    expect(await owed(loan.id)).toEqual(['0.00', '0.00']);
    const again = dataOf(await waive(loan.id, { overdueInterest: '20.91', fee: '100.00' }, s.manager, k));
    expect(again.id).toBe(w.id);
    expect((await waive(loan.id, { fee: '50.00' }, s.manager, k)).statusCode).toBe(409);
    expect((await written(loan.id)).waivers).toBe(1);
  });

  it('refuses more than is outstanding, in the caller’s words, and writes nothing', async () => {
    const loan = await overdueLoan();
    const before = await written(loan.id);
    const res = await waive(loan.id, { overdueInterest: '5.00', fee: '100.01' });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe('The handling fee to waive (100.01) is above what is outstanding today (100.00).');
    const zh = await call(t.app, 'POST', '/repayments/waive', { token: s.manager, lang: 'zh-TW', body: { loanId: loan.id, overdueInterest: '20.92', reason: 'x', idempotencyKey: key() } });
    expect(zh.statusCode).toBe(422);
    expect(zh.body.message).toBe('減免的逾期利息（20.92）超過今日尚欠（20.91）。');
    expect(await written(loan.id)).toEqual(before);
    expect(await owed(loan.id)).toEqual(['20.91', '100.00']);
    // nothing asked, or a third decimal: the contract's 400
    expect((await call(t.app, 'POST', '/repayments/waive', { token: s.manager, lang: 'en', body: { loanId: loan.id, reason: 'x', idempotencyKey: key() } })).statusCode).toBe(400);
    expect((await waive(loan.id, { fee: '1.005' })).statusCode).toBe(400);
  });

  it('refuses a loan whose status owes nothing, another store’s loan as missing, and a caller without the key', async () => {
    const loan = await overdueLoan();
    // the clerk holds the repayment pages but not the waiver (a manager's)
    expect((await waive(loan.id, { fee: '10.00' }, s.clerk)).statusCode).toBe(403);
    // settled in full: complete, nothing owed
    const quote = dataOf(await call<{ total: string }>(t.app, 'GET', '/repayments/settlement', { token: s.manager, query: { loanId: loan.id } }));
    dataOf(await call(t.app, 'POST', '/repayments/settle', { token: s.manager, body: { loanId: loan.id, received: quote.total, method: 'cash', idempotencyKey: key() } }));
    const res = await waive(loan.id, { fee: '10.00' });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe('Nothing can be waived on this loan in its status (complete).');
    // a Kwun Tong loan, for a Mong Kok clerk given the key
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'repayment.waive' from roles where name = 'clerk'`);
    const { rows } = await t.pool.query<{ id: number }>(`select l.id from loans l join stores st on st.id = l.store_id where st.name_en = 'Kwun Tong' and l.status = 'repaying' limit 1`);
    const other = await waive(rows[0]!.id, { fee: '10.00' }, s.clerk);
    expect(other.statusCode).toBe(404);
    await t.pool.query(`delete from role_permissions where permission_key = 'repayment.waive' and role_id = (select id from roles where name = 'clerk')`);
  });

  it('a later receipt pays what is left after the waiver; the waiver is voided only once that receipt is', async () => {
    const loan = await overdueLoan();
    const w = dataOf(await waive(loan.id, { overdueInterest: '20.91', fee: '60.00' }));
    // what is left: 40.00 of fee and instalment 1 (2,120.00: 202.88 interest, 1,917.12 principal on the schedule)
    const receipt = dataOf(
      await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: s.manager, body: { loanId: loan.id, received: '2160.00', method: 'cash', repayType: 'auto', idempotencyKey: key() } }),
    );
    expect([receipt.overdueInterest, receipt.handlingFee, receipt.interest, receipt.principal, receipt.tempAmount]).toEqual(['0.00', '40.00', '202.88', '1917.12', '0.00']);
    const blocked = await voidWaiver(w.id);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.body.message).toBe("Only a waiver that is the loan's latest event can be voided; correct the later receipts or waivers first.");
    const op = dataOf(await call<RepaymentOperation>(t.app, 'GET', '/repayments/operation', { token: s.manager, query: { loanId: loan.id } }));
    expect(op.waivers.map((x) => [x.id, x.latest, x.voided])).toEqual([[w.id, false, false]]);
    expect(op.instalments[0]).toMatchObject({ overdueInterestWaived: '20.91', feeWaived: '60.00', feePaid: '40.00', outstanding: '0.00', state: 'paid' });
    // the receipt came after the waiver: it is corrected first, then the waiver
    expect((await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: s.manager, lang: 'en', body: { kind: 'void', reason: 'entered in error' } })).statusCode).toBe(200);
    const voided = dataOf(await voidWaiver(w.id));
    expect([voided.voided, voided.voidReason, voided.voidedOn]).toEqual([true, 'entered in error', s.today]);
    expect(await owed(loan.id)).toEqual(['20.91', '100.00']);
    expect((await voidWaiver(w.id)).body.message).toBe('This waiver has already been voided.');
    const { rows } = await t.pool.query(`select action, before, after from audit_log where reference = $1 and action = 'void'`, [`waiver:${w.id}`]);
    expect(rows).toEqual([
      {
        action: 'void',
        before: { waiverId: w.id, loanNo: loan.loanNo, overdueInterest: '0.00', fee: '40.00' },
        after: { reason: 'entered in error', restored: { overdueInterest: '20.91', fee: '60.00' }, overdueInterest: '20.91', fee: '100.00' },
      },
    ]);
  });

  it('a receipt posted before a standing waiver cannot be voided until the waiver is', async () => {
    const loan = await overdueLoan();
    // a receipt dated 5 days ago pays the charges of then: 2,120 × 36% × 5/365 = 10.45, and the 100.00 fee
    const { rows } = await t.pool.query<{ d: string }>(`select to_char($1::date - 5, 'YYYY-MM-DD') d`, [s.today]);
    const receipt = dataOf(
      await call<RepaymentItem>(t.app, 'POST', '/repayments', {
        token: s.manager,
        body: { loanId: loan.id, repayDate: rows[0]!.d, received: '110.45', method: 'cash', repayType: 'auto', idempotencyKey: key() },
      }),
    );
    expect([receipt.overdueInterest, receipt.handlingFee]).toEqual(['10.45', '100.00']);
    // 5 more days on the unpaid instalment since: 10.45 again
    expect(await owed(loan.id)).toEqual(['10.45', '0.00']);
    const w = dataOf(await waive(loan.id, { overdueInterest: '10.45' }));
    expect(await owed(loan.id)).toEqual(['0.00', '0.00']);
    const res = await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: s.manager, lang: 'en', body: { kind: 'void', reason: 'entered in error' } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe('A waiver was posted after this receipt: void the waiver first.');
    expect((await voidWaiver(w.id)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: s.manager, lang: 'en', body: { kind: 'void', reason: 'entered in error' } })).statusCode).toBe(200);
    expect(await owed(loan.id)).toEqual(['20.91', '100.00']);
  });

  it('the settlement quote leaves the waived amounts out; the statement lists the waiver', async () => {
    const loan = await overdueLoan();
    const quoteBefore = dataOf(await call<{ total: string; overdueInterest: string; handlingFee: string }>(t.app, 'GET', '/repayments/settlement', { token: s.manager, query: { loanId: loan.id } }));
    expect([quoteBefore.overdueInterest, quoteBefore.handlingFee]).toEqual(['20.91', '100.00']);
    dataOf(await waive(loan.id, { overdueInterest: '0.91', fee: '100.00' }));
    const quote = dataOf(await call<{ total: string; overdueInterest: string; handlingFee: string }>(t.app, 'GET', '/repayments/settlement', { token: s.manager, query: { loanId: loan.id } }));
    expect([quote.overdueInterest, quote.handlingFee]).toEqual(['20.00', '0.00']);
    expect(dec(quoteBefore.total).minus(quote.total).toFixed(2)).toBe('100.91');
    const st = dataOf(await call<Statement>(t.app, 'GET', `/loans/${loan.id}/statement`, { token: s.manager }));
    expect(st.waived).toEqual([{ date: s.today, overdueInterest: '0.91', fee: '100.00', amount: '100.91', reason: 'hardship: hospital stay' }]);
    expect([st.totalWaived, st.overdueInterest, st.handlingFee]).toEqual(['100.91', '20.00', '0.00']);
  });
});
