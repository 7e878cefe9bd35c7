import type { LoanItem } from '@harbour/contracts';
import { canTransition, type LoanAction, type LoanStatus } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';

/**
 * Every action of the loan screens, tried on a loan in every status a loan can reach before
 * repayment starts and in `repaying`: where the domain's one status table has no such transition
 * the answer is 422 with a message in the caller's language, and nothing changes — the loan row, its
 * decisions, the audit log and the ledger are as they were.
 */
let t: TestApp;
let admin: string;
let clerk: string;
let manager: string;
let accountant: string;
let borrower: number;
let today: string;

/** Route action name → the status table's action; the body each needs to pass validation. */
const ACTIONS: readonly { route: string; domain: LoanAction; body: (today: string) => unknown }[] = [
  { route: 'submit', domain: 'submit', body: () => ({}) },
  { route: 'approve', domain: 'approve', body: () => ({}) },
  { route: 'reject', domain: 'reject', body: () => ({ remarks: 'not in the table' }) },
  { route: 'return', domain: 'return', body: () => ({ remarks: 'not in the table' }) },
  { route: 'undoApproval', domain: 'undo_approval', body: () => ({ remarks: 'not in the table' }) },
  { route: 'payout', domain: 'payout', body: (d) => ({ payoutDate: d, method: 'cash' }) },
  { route: 'cancel', domain: 'cancel', body: () => ({ reason: 'not in the table' }) },
];

beforeAll(async () => {
  t = await createTestApp();
  [admin, clerk, manager, accountant] = (await Promise.all(['admin', 'clerk', 'manager', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token))) as [string, string, string, string];
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TT0001', 'personal', '狀態測試', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const post = (token: string, id: number, action: string, body: unknown) => call<LoanItem>(t.app, 'POST', `/loans/${id}/${action}`, { token, body, lang: 'en' });

/** A clerk's application taken through the table's own transitions to `status`. */
async function loanIn(status: LoanStatus): Promise<number> {
  const loan = dataOf(
    await call<LoanItem>(t.app, 'POST', '/loans', {
      token: clerk,
      body: {
        customerId: borrower, loanType: 'private_loan', applyDate: today, loanDate: today, interestStartDate: today,
        loanAmount: '20000', totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1',
      },
    }),
  );
  const steps: Record<LoanStatus, [string, string, unknown][]> = {
    pending: [],
    wait_approve: [[clerk, 'submit', {}]],
    approved: [[clerk, 'submit', {}], [manager, 'approve', {}]],
    repaying: [[clerk, 'submit', {}], [manager, 'approve', {}], [accountant, 'signedNote', { receivedOn: today }], [accountant, 'payout', { payoutDate: today, method: 'cash' }]],
    reject: [[clerk, 'submit', {}], [manager, 'reject', { remarks: 'r' }]],
    cancel: [[clerk, 'cancel', { reason: 'c' }]],
    complete: [], reloaned: [], oca: [], bad: [],
  };
  for (const [token, action, body] of steps[status]) dataOf(await post(token, loan.id, action, body));
  const now = (await t.pool.query<{ status: string }>('select status from loans where id = $1', [loan.id])).rows[0]!.status;
  expect(now).toBe(status);
  return loan.id;
}

/** Everything a refused action might have touched. */
async function footprint(id: number) {
  const q = async (sql: string) => (await t.pool.query(sql, [id])).rows;
  return {
    loan: await q('select * from loans where id = $1'),
    approvals: await q('select count(*)::int n from loan_approvals where loan_id = $1'),
    payouts: await q('select count(*)::int n from loan_payouts where loan_id = $1'),
    instalments: await q('select count(*)::int n from loan_instalments where loan_id = $1'),
    audit: (await t.pool.query('select count(*)::int n from audit_log')).rows,
    journal: (await t.pool.query('select count(*)::int n from journal_entries')).rows,
  };
}

describe('the loan status table, enforced by every route', () => {
  const statuses: LoanStatus[] = ['pending', 'wait_approve', 'approved', 'repaying', 'reject', 'cancel'];
  for (const status of statuses) {
    it(`refuses every action the table does not allow from ${status} (422, nothing changed)`, async () => {
      const id = await loanIn(status);
      const refused = ACTIONS.filter((a) => !canTransition(status, a.domain));
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        const before = await footprint(id);
        // The super administrator holds every key: only the status table can refuse.
        const res = await post(admin, id, a.route, a.body(today));
        expect(res.statusCode, `${a.route} from ${status}`).toBe(422);
        const message = (res.body as { message: string }).message;
        expect(message.length).toBeGreaterThan(5);
        expect(message).not.toMatch(/^[a-z]+(\.[A-Za-z]+)+$/);
        expect(await footprint(id), `${a.route} from ${status} changed something`).toEqual(before);
      }
      if (status !== 'pending') {
        const before = await footprint(id);
        const edit = await call(t.app, 'PUT', `/loans/${id}`, { token: admin, body: { customerId: borrower, loanType: 'private_loan', applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '1', totalTenor: 1, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1' }, lang: 'en' });
        expect(edit.statusCode).toBe(422);
        expect(await footprint(id)).toEqual(before);
      }
      if (status !== 'approved') {
        const before = await footprint(id);
        expect((await post(admin, id, 'signedNote', { receivedOn: today })).statusCode).toBe(422);
        expect(await footprint(id)).toEqual(before);
      }
    });
  }
});
