import type { LoanItem } from '@harbour/contracts';
import type { TestApp } from './app.js';
import { call, dataOf, loginAs } from './api.js';
import { smallApplication, type LoanStaff } from './loans.js';

/**
 * A loan of the clerk's store (12,000 over 6 months at 1% flat unless told) paid out today (clerk
 * applies, manager approves with a 36% overdue rate and a 100.00 penalty unless told, accountant
 * pays out), then moved `daysAgo` into the past — instalments, interest start and payout — as if
 * that many days had passed since. Every servicing test makes its loans here.
 */
export async function repayingLoan(
  t: Pick<TestApp, 'app' | 'pool'>,
  who: LoanStaff,
  customerId: number,
  today: string,
  /** `terms` replace the application's (repay cycle, rate…), `approval` the approval's (overdue rate, lock period…) */
  opts: { daysAgo?: number; amount?: string; tenor?: number; terms?: Record<string, unknown>; approval?: Record<string, unknown> } = {},
): Promise<LoanItem> {
  const body = smallApplication(customerId, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: opts.amount ?? '12000', totalTenor: opts.tenor ?? 6, ...opts.terms });
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: who.clerk, body }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: who.clerk, body: {} }));
  // servicing tests draw any amount and tenor: a short loan can be above the debt-to-income limit
  const approval = { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'Servicing test loan', ...opts.approval };
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: who.manager, body: approval }));
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
export async function shiftLoanDates(t: Pick<TestApp, 'pool'>, loanId: number, days: number): Promise<void> {
  if (days <= 0) return;
  await t.pool.query(`update loan_instalments set due_date = due_date - $2::int where loan_id = $1`, [loanId, days]);
  await t.pool.query(`update loans set loan_date = loan_date - $2::int, interest_start_date = interest_start_date - $2::int, payout_date = payout_date - $2::int where id = $1`, [loanId, days]);
}

/** The demo staff a repayment test acts as (logged in), and today in Hong Kong. */
export interface RepaymentStaff extends LoanStaff {
  collector: string;
  today: string;
}

export async function repaymentStaff(t: TestApp): Promise<RepaymentStaff> {
  const [manager, clerk, collector, accountant] = await Promise.all(['manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  return { manager: manager!, clerk: clerk!, collector: collector!, accountant: accountant!, today: await hongKongToday(t) };
}
