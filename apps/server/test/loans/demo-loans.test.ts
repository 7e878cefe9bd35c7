import type { LoanItem, LoanListItem, Page } from '@harbour/contracts';
import { DEFAULT_CODE_FORMATS } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';

/**
 * The demo loans (demo/loans.ts) as the quick start shows them: every status before
 * repayment, over the three stores, made through the loan services by the staff of each step.
 * The test template is seeded with the demo data, so this file reads it untouched.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let loans: LoanListItem[];
let stores: Map<number, string>;

beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  loans = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: manager, query: { pageSize: '100' } })).items;
  stores = new Map((await t.pool.query<{ id: number; code: string }>('select id, code from stores')).rows.map((s) => [s.id, s.code]));
});
afterAll(() => t.close());

const detail = async (id: number) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token: manager }));

describe('demo loans', () => {
  it('are a dozen over the three stores, one or more in every status before repayment', async () => {
    expect(loans.length).toBeGreaterThanOrEqual(12);
    expect(new Set(loans.map((l) => stores.get(l.storeId)))).toEqual(new Set(['MK', 'KT', 'TW']));
    const statuses = new Set(loans.map((l) => l.status));
    for (const s of ['pending', 'wait_approve', 'reject', 'approved', 'cancel', 'repaying'] as const) expect(statuses, s).toContain(s);

    const items = await Promise.all(loans.map((l) => detail(l.id)));
    // sent back by the approver: pending again, with the return decision and its reason
    const returned = items.filter((l) => l.status === 'pending' && l.approvals.some((a) => a.decision === 'return'));
    expect(returned).toHaveLength(1);
    expect(returned[0]!.approvals.at(-1)!.remarks).toBeTruthy();
    // approved, one waiting for the signed s.18 note and one with it received
    const approved = items.filter((l) => l.status === 'approved');
    expect(approved.some((l) => l.signedNoteReceivedOn === null)).toBe(true);
    expect(approved.some((l) => l.signedNoteReceivedOn !== null && l.signedNoteReceivedByName !== null)).toBe(true);
    expect(items.filter((l) => l.status === 'cancel').every((l) => !!l.cancelReason)).toBe(true);
    expect(items.filter((l) => l.status === 'reject').every((l) => l.approvals.at(-1)!.decision === 'reject')).toBe(true);
  });

  it('carry numbers from the code format, and the repaying ones their schedule and payout', async () => {
    const month = (date: string) => `${date.slice(2, 4)}${date.slice(5, 7)}`;
    for (const l of loans) {
      const code = stores.get(l.storeId)!;
      expect(l.applyNo).toBe(`${DEFAULT_CODE_FORMATS.applyNo.prefix}${code}${month(l.applyDate)}${l.applyNo.slice(-4)}`);
      expect(l.applyNo.slice(-4)).toMatch(/^\d{4}$/);
    }
    const repaying = loans.filter((l) => l.status === 'repaying');
    expect(new Set(repaying.map((l) => stores.get(l.storeId))).size).toBeGreaterThanOrEqual(3);
    for (const l of repaying) {
      const item = await detail(l.id);
      expect(item.loanNo).toBe(`${DEFAULT_CODE_FORMATS.loanNo.prefix}${stores.get(l.storeId)}${month(item.payoutDate!)}${item.loanNo!.slice(-4)}`);
      expect(item.instalments).toHaveLength(item.totalTenor);
      expect(item.payout).not.toBeNull();
      expect(item.payout!.paidByName).toBe('黃會計');
      const { rows } = await t.pool.query(`select event, store_id from journal_entries where id = $1`, [item.payout!.journalEntryId]);
      expect(rows).toEqual([{ event: 'payout', store_id: l.storeId }]);
    }
    // a loan passed on to collection was paid out too; none of the others (not yet paid out) has a
    // loan number, a payout or a journal entry
    const paidOut = new Set(['repaying', 'oca', 'bad', 'complete', 'reloaned']);
    expect(loans.filter((l) => l.status === 'oca').every((l) => l.loanNo !== null)).toBe(true);
    const others = loans.filter((l) => !paidOut.has(l.status)).map((l) => l.id);
    expect(loans.filter((l) => !paidOut.has(l.status)).every((l) => l.loanNo === null)).toBe(true);
    expect((await t.pool.query(`select count(*)::int as n from journal_entries where loan_id = any($1)`, [others])).rows[0].n).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('were made and decided by different staff, each step with its audit row', async () => {
    const { rows } = await t.pool.query<{ id: number; created_by: number; decided_by: number }>(
      `select l.id, l.created_by, a.staff_id as decided_by from loans l join loan_approvals a on a.loan_id = l.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.decided_by, `loan ${r.id}`).not.toBe(r.created_by);
    // a new application is an `add` row; each status change an `edit` row naming its step
    const audit = await t.pool.query<{ reference: string; action: string; step: string | null; staff_id: number | null }>(
      `select reference, action, after->>'action' as step, staff_id from audit_log where module = 'loans' order by id`,
    );
    for (const l of loans) expect(audit.rows.some((a) => a.reference === l.applyNo && a.action === 'add'), l.applyNo).toBe(true);
    expect(audit.rows.every((a) => a.staff_id !== null)).toBe(true);
    const steps = new Set(audit.rows.map((a) => a.step));
    for (const step of ['submit', 'approve', 'reject', 'return', 'cancel', 'payout']) expect(steps, step).toContain(step);
    // the signed note's row, by the accountant
    const accountant = (await t.pool.query<{ id: number }>(`select id from staff where username = 'accountant'`)).rows[0]!.id;
    expect(
      (await t.pool.query(`select 1 from audit_log where module = 'loans' and after ? 'signedNoteReceivedOn' and staff_id = $1`, [accountant])).rowCount,
    ).toBeGreaterThanOrEqual(3);
  });

  it('show a clerk only the clerk’s store', async () => {
    const mine = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query: { pageSize: '100' } }));
    const mk = loans.filter((l) => stores.get(l.storeId) === 'MK');
    expect(mine.total).toBe(mk.length);
    expect(mine.items.every((l) => stores.get(l.storeId) === 'MK')).toBe(true);
  });
});
