import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { call, dataOf } from './api.js';

/** A personal customer written straight into the register (the register has its own tests); answers its id. */
export async function insertCustomer(
  pool: pg.Pool,
  c: { code: string; name: string; idNumber: string; mobile1: string; mobile2?: string | null; dateOfBirth?: string; listStatus?: 'white' | 'black' },
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, mobile2, date_of_birth, list_status)
     values ($1, 'personal', $2, 'hkid', $3, $4, $5, $6, $7) returning id`,
    [c.code, c.name, c.idNumber, c.mobile1, c.mobile2 ?? null, c.dateOfBirth ?? '1980-05-01', c.listStatus ?? 'white'],
  );
  return rows[0]!.id;
}

/** A small private-loan application of a customer (30,000 over 6 months at 1% flat), with changes. */
export const smallApplication = (customerId: number, over: Record<string, unknown> = {}) => ({
  customerId,
  loanType: 'private_loan',
  applyDate: '2026-11-02',
  loanDate: '2026-11-02',
  interestStartDate: '2026-11-02',
  loanAmount: '30000',
  totalTenor: 6,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '1',
  ...over,
});

/** Who applies for, approves and pays out a loan in the demo data: clerk, manager, accountant. */
export interface LoanStaff {
  clerk: string;
  manager: string;
  accountant: string;
}

/**
 * A monthly amortization loan (1% flat unless told) applied for, approved with the overdue rate and
 * penalty given, and paid out `today` through the API — then moved `daysAgo` into the past
 * (instalments, interest start, payout) as if that many days had passed since. Answers its id.
 */
export async function repayingLoan(
  t: { app: FastifyInstance; pool: pg.Pool },
  staff: LoanStaff,
  l: { customerId: number; today: string; amount: string; tenor: number; flatRate?: string; overdueRate: string; overduePenalty: string; daysAgo?: number },
): Promise<number> {
  const { today } = l;
  const body = smallApplication(l.customerId, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: l.amount, totalTenor: l.tenor, flatRate: l.flatRate ?? '1' });
  const { id } = dataOf(await call<{ id: number }>(t.app, 'POST', '/loans', { token: staff.clerk, body }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/submit`, { token: staff.clerk, body: {} }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/approve`, { token: staff.manager, body: { overdueRate: l.overdueRate, overduePenalty: l.overduePenalty } }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/signedNote`, { token: staff.accountant, body: { receivedOn: today } }));
  dataOf(await call(t.app, 'POST', `/loans/${id}/payout`, { token: staff.accountant, body: { payoutDate: today, method: 'cash' } }));
  const days = l.daysAgo ?? 0;
  if (days > 0) {
    await t.pool.query(`update loan_instalments set due_date = due_date - $2::int where loan_id = $1`, [id, days]);
    await t.pool.query(`update loans set loan_date = loan_date - $2::int, interest_start_date = interest_start_date - $2::int, payout_date = payout_date - $2::int where id = $1`, [id, days]);
  }
  return id;
}
