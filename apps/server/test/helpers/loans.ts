import type pg from 'pg';

/**
 * A personal customer written straight into the register (the register has its own tests); answers
 * its id. The monthly salary (80,000.00 unless told) is the income an unsecured personal loan's
 * approval assesses affordability on: the test loans' instalments stay well within it.
 */
export async function insertCustomer(
  pool: pg.Pool,
  c: { code: string; name: string; idNumber: string; mobile1: string; mobile2?: string | null; dateOfBirth?: string; listStatus?: 'white' | 'black'; salary?: string | null },
): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, mobile2, date_of_birth, list_status, salary)
     values ($1, 'personal', $2, 'hkid', $3, $4, $5, $6, $7, $8) returning id`,
    [c.code, c.name, c.idNumber, c.mobile1, c.mobile2 ?? null, c.dateOfBirth ?? '1980-05-01', c.listStatus ?? 'white', c.salary === undefined ? '80000.00' : c.salary],
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
