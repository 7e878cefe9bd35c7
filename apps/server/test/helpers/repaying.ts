import type { LoanItem } from '@harbour/contracts';
import type { TestApp } from './app.js';
import { call, dataOf, loginAs } from './api.js';

/** The staff who take a loan from application to payout (clerk, manager, accountant tokens). */
export interface LoanMakers {
  clerk: string;
  manager: string;
  accountant: string;
}

/**
 * A Mong Kok loan paid out today (clerk applies, manager approves with a 36% overdue rate and a
 * 100.00 penalty, accountant pays out), then moved `daysAgo` into the past — instalments, interest
 * start and payout — as if that many days had passed since.
 */
export async function repayingLoan(
  t: TestApp,
  who: LoanMakers,
  customerId: number,
  today: string,
  /** `terms` replace the application's (repay cycle, rate…) */
  opts: { daysAgo?: number; amount?: string; tenor?: number; terms?: Record<string, unknown> } = {},
): Promise<LoanItem> {
  const body = {
    customerId,
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: opts.amount ?? '12000',
    totalTenor: opts.tenor ?? 6,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1',
    ...opts.terms,
  };
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: who.clerk, body }));
  await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: who.clerk, body: {} });
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: who.manager, body: { overdueRate: '36', overduePenalty: '100' } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: who.accountant, body: { receivedOn: today } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: who.accountant, body: { payoutDate: today, method: 'cash' } }));
  await shiftLoanDates(t, loan.id, opts.daysAgo ?? 0);
  return dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: who.manager }));
}

/** Today in Hong Kong, as the database reads it. */
export async function hongKongToday(t: TestApp): Promise<string> {
  return (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
}

/** Moves a loan's instalments, interest start and payout `days` into the past (as if that many days had passed). */
export async function shiftLoanDates(t: TestApp, loanId: number, days: number): Promise<void> {
  if (days <= 0) return;
  await t.pool.query(`update loan_instalments set due_date = due_date - $2::int where loan_id = $1`, [loanId, days]);
  await t.pool.query(`update loans set loan_date = loan_date - $2::int, interest_start_date = interest_start_date - $2::int, payout_date = payout_date - $2::int where id = $1`, [loanId, days]);
}

/** The demo staff a repayment test acts as (logged in), and today in Hong Kong. */
export interface RepaymentStaff extends LoanMakers {
  collector: string;
  today: string;
}

export async function repaymentStaff(t: TestApp): Promise<RepaymentStaff> {
  const [manager, clerk, collector, accountant] = await Promise.all(['manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  return { manager: manager!, clerk: clerk!, collector: collector!, accountant: accountant!, today: await hongKongToday(t) };
}
