import type { ApprovalQuote, DueState, LoanItem, LoanListItem, LoanPapers, Page, PayoutQuote } from '@harbour/contracts';
import { addDays, addMonthsClamped, dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';

/**
 * The Ordinance's cap at approval (worst case: the late drawdown fee on a re-based schedule) and at
 * payout (real figures), the late payout re-based on the payout date or refused by the company's
 * policy, receipts never dated before the payout, and one stored rate on every screen and paper.
 */
let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let accountant: string;
let borrower: number;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TR0001', 'personal', '易利率', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const message = (res: { body: unknown }) => (res.body as { message: string }).message;

/** A clerk's application of `amount` at 1.5% flat a month × 6, agreed `daysBack` days ago, submitted. */
async function submitted(amount: string, daysBack: number, extra: Record<string, unknown> = {}): Promise<LoanItem> {
  const loanDate = addDays(today, -daysBack);
  const body = { customerId: borrower, loanType: 'private_loan', applyDate: loanDate, loanDate, interestStartDate: loanDate, loanAmount: amount, totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', ...extra };
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
  expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} })).statusCode).toBe(200);
  return loan;
}

async function approvedWithNote(loan: LoanItem, body: Record<string, unknown>): Promise<LoanItem> {
  const res = await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body });
  expect(res.statusCode, message(res)).toBe(200);
  // the borrower signed the s.18 note on the day of the agreement (within its 7 days)
  return dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: loan.loanDate } }));
}

/** Nothing of a payout was written: still approved, no payout row, no instalment, no journal entry. */
async function expectNotPaidOut(loanId: number): Promise<void> {
  const q = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql, [loanId])).rows[0]!.n);
  expect((await t.pool.query<{ status: string }>(`select status from loans where id = $1`, [loanId])).rows[0]!.status).toBe('approved');
  expect(await q(`select count(*) n from loan_payouts where loan_id = $1`)).toBe(0);
  expect(await q(`select count(*) n from loan_instalments where loan_id = $1`)).toBe(0);
  expect(await q(`select count(*) n from journal_entries where loan_id = $1`)).toBe(0);
}

describe('approval: the worst case includes the late drawdown fee', () => {
  it('refuses a 5,000 late drawdown fee on 12,000 (the rate and the fee named, en and zh-TW); nothing changes', async () => {
    const loan = await submitted('12000', 8);
    const body = { overdueRate: '36', lateDrawdownFee: '5000' };
    const en = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body });
    expect(en.statusCode).toBe(422);
    expect(message(en)).toMatch(/^Paid out after the agreed loan date \d{4}-\d{2}-\d{2}, the late drawdown fee of 5,000\.00 would bring the borrower’s rate to \d+\.\d{2}% a year, above the Money Lenders Ordinance limit of 48%; it cannot be approved$/);
    const zh = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'zh-TW', body });
    expect(message(zh)).toMatch(/逾期提款費 5,000\.00 會令借款人的實際年利率升至 \d+\.\d{2}%，超過《放債人條例》上限 48%，不可批核/);
    const after = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(after.status).toBe('wait_approve');
    expect(after.approvals).toEqual([]);
  });

  it('approves a fee the cap can carry and stores the on-time rate, which the list and the papers show', async () => {
    const loan = await submitted('12000', 0);
    const ok = await approvedWithNote(loan, { overdueRate: '36', lateDrawdownFee: '100' });
    const list = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: manager, query: { q: ok.applyNo } }));
    const papers = dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${loan.id}/papers`, { token: manager }));
    expect(list.items.find((l) => l.id === loan.id)?.mloRate).toBe(ok.mloRate);
    expect(dec(papers.loan.mloRate).eq(dec(ok.mloRate))).toBe(true);
    const audit = await t.pool.query<{ after: { worstCase: Record<string, string | null> } }>(`select after from audit_log where module = 'loans' and action = 'edit' and after->>'action' = 'approve' and reference = $1`, [String(loan.id)]);
    expect(dec(audit.rows[0]!.after.worstCase['lateDrawdownWorstRate']!).gt(dec(ok.mloRate))).toBe(true);
  });
});

describe('approval: the worst case includes a payout on a later interest start', () => {
  it('refuses deductions the on-time payout carries but a payout on the interest start, 10 days on, does not (en, zh-TW); nothing changes', async () => {
    const loan = await submitted('12000', 0, { interestStartDate: addDays(today, 10) });
    // 320 kept back: about 43.6% on time, about 48.6% paid out on the interest start (the same schedule, ten days less)
    const body = { overdueRate: '36', handlingFee: '320', confirmExcess: true };
    const en = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body });
    expect(en.statusCode).toBe(422);
    // the approve dialog's live figure: the on-time rate, and the same refusal before the approver presses Approve
    const quote = dataOf(await call<ApprovalQuote>(t.app, 'GET', `/loans/${loan.id}/approvalQuote`, { token: manager, lang: 'en', query: { handlingFee: '320' } }));
    expect(dec(quote.rate).lt(48)).toBe(true);
    expect(quote.refusal).toBe(message(en));
    expect(message(en)).toMatch(
      new RegExp(`^Paid out on ${addDays(today, 10)}, 10 days after the agreed loan date ${today} \\(the late payout rule allows it; the interest starts on ${addDays(today, 10)}\\), the borrower would have the money for fewer days on the same schedule: the rate would be 48\\.\\d{2}% a year, above the Money Lenders Ordinance limit of 48%; it cannot be approved$`),
    );
    const zh = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'zh-TW', body });
    expect(message(zh)).toMatch(/還款時間表不變而借款人持有款項的日數較少，實際年利率會升至 48\.\d{2}%，超過《放債人條例》上限 48%，不可批核$/);
    const after = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(after.status).toBe('wait_approve');
    expect(after.approvals).toEqual([]);
  });

  it('approves smaller deductions and keeps the delayed payout\'s rate in the audit row', async () => {
    const loan = await submitted('12000', 0, { interestStartDate: addDays(today, 10) });
    const res = await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: { overdueRate: '36', handlingFee: '200', confirmExcess: true } });
    expect(res.statusCode, message(res)).toBe(200);
    const audit = await t.pool.query<{ after: { worstCase: Record<string, string | null> } }>(`select after from audit_log where module = 'loans' and action = 'edit' and after->>'action' = 'approve' and reference = $1`, [String(loan.id)]);
    const worst = audit.rows[0]!.after.worstCase;
    expect(worst['lateDrawdownWorstRate']).toBeNull();
    expect(dec(worst['delayedPayoutWorstRate']!).gt(dec(dataOf(res).mloRate!))).toBe(true);
    expect(dec(worst['delayedPayoutWorstRate']!).lt(48)).toBe(true);
  });
});

describe('payout: the real figures', () => {
  it('refuses a payout whose late drawdown fee breaks the cap (an approval kept from before the rule); nothing is written', async () => {
    const loan = await submitted('12000', 8);
    await approvedWithNote(loan, { overdueRate: '36', lateDrawdownFee: '100' });
    // the approval of an older release, which did not check the late fee
    await t.pool.query(`update loan_approvals set late_drawdown_fee = 5000 where loan_id = $1`, [loan.id]);
    const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${loan.id}/payoutQuote`, { token: accountant, lang: 'en', query: { payoutDate: today } }));
    expect(quote).toMatchObject({ late: true, lateDays: 8, lateDrawdownFee: '5000.00', amountReceived: '7000.00', mloStatus: 'illegal', interestStartDate: today });
    const rate = dec(quote.mloRate!).toFixed(2);
    expect(quote.refusal).toEqual({
      message: `Paid out on ${today}, 8 days after the agreed loan date ${addDays(today, -8)}, the late drawdown fee of 5,000.00 brings the borrower’s rate to ${rate}% a year, above the Money Lenders Ordinance limit of 48%; it cannot be paid out`,
      needsConfirmation: false,
    });
    const en = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cash' } });
    expect(en.statusCode).toBe(422);
    expect(message(en)).toBe(quote.refusal!.message);
    const zh = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'zh-TW', body: { payoutDate: today, method: 'cash' } });
    expect(message(zh)).toBe(`於 ${today} 放款，即議定貸款日 ${addDays(today, -8)} 後 8 日，逾期提款費 5,000.00 令借款人的實際年利率升至 ${rate}%，超過《放債人條例》上限 48%，不可放款`);
    await expectNotPaidOut(loan.id);
  });

  it('re-bases a payout 45 days after the agreed date: interest from today, nothing due or overdue today, receipts not before it', async () => {
    const loan = await submitted('20000', 45);
    const approved = await approvedWithNote(loan, { overdueRate: '36', handlingFee: '200', overduePenalty: '200' });
    const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    expect(paid).toMatchObject({ status: 'repaying', interestStartDate: today, loanDate: addDays(today, -45) });
    expect(paid.instalments.map((i) => [i.tenor, i.dueDate, i.instalment])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, addMonthsClamped(today, n, Number(today.slice(8))), n === 6 ? '3633.35' : '3633.33']));
    // the stored rate is the payout's real figures', not the approval's
    expect(paid.mloRate).not.toBe(approved.mloRate);
    const due = dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: clerk, query: { loanId: loan.id } }));
    expect(due).toMatchObject({ overdueAmount: '0.00', overdueInterest: '0.00', handlingFee: '0.00', amountDue: '0.00', nextTenor: 1, nextDueDate: addMonthsClamped(today, 1, Number(today.slice(8))) });
    const audit = await t.pool.query<{ after: { rebased: unknown; mloRate: unknown } }>(`select after from audit_log where module = 'loans' and action = 'edit' and after->>'action' = 'payout' and reference = $1`, [String(loan.id)]);
    expect(audit.rows[0]!.after.rebased).toEqual({ before: { interestStartDate: addDays(today, -45), firstDueDate: null }, after: { interestStartDate: today, firstDueDate: null } });
    expect(audit.rows[0]!.after.mloRate).toEqual({ before: expect.stringMatching(/^\d+\.\d{8}$/), after: paid.mloRate });

    // one figure: the loan, the list and the papers
    const list = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: manager, query: { q: paid.applyNo } }));
    const papers = dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${loan.id}/papers`, { token: manager }));
    expect(list.items.find((l) => l.id === loan.id)?.mloRate).toBe(paid.mloRate);
    expect(dec(papers.loan.mloRate).eq(dec(paid.mloRate))).toBe(true);
    expect(papers.loan.firstDueDate).toBe(paid.instalments[0]!.dueDate);

    // a receipt dated before the payout: refused, in the caller's language
    const before = await call(t.app, 'POST', '/repayments', { token: clerk, lang: 'en', body: { loanId: loan.id, repayDate: addDays(today, -1), received: '100', repayType: 'auto', method: 'cash', idempotencyKey: 'beforePayout01' } });
    expect(before.statusCode).toBe(422);
    expect(message(before)).toBe(`The date ${addDays(today, -1)} is before the loan was paid out (${today}): nothing was owed yet.`);
    const settle = await call(t.app, 'GET', '/repayments/settlement', { token: clerk, lang: 'zh-TW', query: { loanId: loan.id, date: addDays(today, -1) } });
    expect(settle.statusCode).toBe(422);
    expect(message(settle)).toBe(`日期 ${addDays(today, -1)} 早於此貸款的放款日（${today}），當時尚未欠款。`);
  });

  it('under the `refuse` policy, refuses a payout more than N days late and says how to approve it again', async () => {
    const presets = dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: admin }));
    expect((await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...presets, latePayoutPolicy: 'refuse', latePayoutRefuseAfterDays: 30 } })).statusCode).toBe(200);
    try {
      const loan = await submitted('20000', 45);
      await approvedWithNote(loan, { overdueRate: '36' });
      const res = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cash' } });
      expect(res.statusCode).toBe(422);
      expect(message(res)).toBe(
        `The payout date ${today} is 45 days after the agreed loan date ${addDays(today, -45)}, more than the 30 days the company allows. Undo the approval, return the application for changes, set a new loan date, then submit and approve it again`,
      );
      const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${loan.id}/payoutQuote`, { token: accountant, lang: 'en', query: { payoutDate: today } }));
      expect(quote).toMatchObject({ lateDays: 45, mloRate: null, interestStartDate: null, refusal: { message: message(res), needsConfirmation: false } });
      await expectNotPaidOut(loan.id);
      // within the days allowed it is re-based and paid out
      const soon = await submitted('20000', 30);
      await approvedWithNote(soon, { overdueRate: '36' });
      const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${soon.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
      expect(paid.interestStartDate).toBe(today);
    } finally {
      await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: presets });
    }
  });
});

describe('messages show rates with two places', () => {
  it('submit names the rate as 12.34%, never with eight places', async () => {
    const loanDate = today;
    const body = { customerId: borrower, loanType: 'private_loan', applyDate: loanDate, loanDate, interestStartDate: loanDate, loanAmount: '10000', totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '3' };
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
    const res = await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, lang: 'en', body: {} });
    expect(res.statusCode).toBe(422);
    expect(message(res)).toBe(`The effective rate of ${dec(loan.mloRate).toFixed(2)}% a year is above the Money Lenders Ordinance limit of 48%; the application cannot be submitted`);
  });
});
