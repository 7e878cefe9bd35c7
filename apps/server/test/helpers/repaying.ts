import type { LoanItem } from '@harbour/contracts';
import type { TestApp } from './app.js';
import { call, dataOf } from './api.js';

export interface RepayingLoanStaff {
  clerk: string;
  manager: string;
  accountant: string;
}

/**
 * A Mong Kok loan paid out today (the clerk applies, the manager approves with a 36% overdue rate
 * and a 100.00 penalty, the accountant pays out), then moved `daysAgo` into the past — instalments,
 * interest start and payout — as if that many days had passed since. `terms` replace the
 * application's (amount, tenor, repay cycle…).
 */
export async function repayingLoan(
  t: TestApp,
  staff: RepayingLoanStaff,
  opts: { today: string; customerId: number; daysAgo?: number; terms?: Record<string, unknown> },
): Promise<LoanItem> {
  const { today } = opts;
  const body = {
    customerId: opts.customerId,
    loanType: 'private_loan',
    applyDate: today,
    loanDate: today,
    interestStartDate: today,
    loanAmount: '12000',
    totalTenor: 6,
    repayCycle: 'monthly',
    interestMethod: 'amortization',
    flatRate: '1',
    ...opts.terms,
  };
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: staff.clerk, body }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: staff.clerk, body: {} }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: staff.manager, body: { overdueRate: '36', overduePenalty: '100' } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: staff.accountant, body: { receivedOn: today } }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: staff.accountant, body: { payoutDate: today, method: 'cash' } }));
  const days = opts.daysAgo ?? 0;
  if (days > 0) {
    await t.pool.query(`update loan_instalments set due_date = due_date - $2::int where loan_id = $1`, [loan.id, days]);
    await t.pool.query(`update loans set loan_date = loan_date - $2::int, interest_start_date = interest_start_date - $2::int, payout_date = payout_date - $2::int where id = $1`, [loan.id, days]);
  }
  return dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: staff.manager }));
}
