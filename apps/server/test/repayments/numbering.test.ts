import type { LoanItem, RepaymentItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * Receipt numbers under concurrency: receipts on different loans of one store run side by side
 * up to the number, which each takes with its last writes and holds until commit — so the
 * numbers of a store are gapless and committed in their order: whoever looks, at any moment,
 * sees the store's numbers of the day as an unbroken run from the first.
 */
let t: TestApp;
let staff: RepaymentStaff;
let loans: LoanItem[];
const LOANS = 30;

beforeAll(async () => {
  t = await createTestApp();
  staff = await repaymentStaff(t);
  const borrower = await insertCustomer(t.pool, { code: 'TN0001', name: '何編號', idNumber: 'A1234563', mobile1: '91230002' });
  loans = [];
  for (let i = 0; i < LOANS; i += 5) {
    loans.push(...(await Promise.all(Array.from({ length: 5 }, () => repayingLoan(t, staff, borrower, staff.today, { daysAgo: 40 })))));
  }
}, 240_000);
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

/** The sequence part of the store's receipt numbers of the day, in number order. */
async function sequences(storeId: number): Promise<number[]> {
  const { rows } = await t.pool.query<{ seq: number }>(
    `select right(repay_no, 4)::int seq from loan_repayments where store_id = $1 and repay_date = $2 order by repay_no`,
    [storeId, staff.today],
  );
  return rows.map((r) => r.seq);
}

const unbroken = (seqs: number[]) => seqs.every((s, k) => s === seqs[0]! + k);

describe('receipt numbers', () => {
  it('stay gapless and in commit order per store under 30 concurrent receipts on different loans of one store', async () => {
    const storeId = loans[0]!.storeId;
    expect(loans.every((l) => l.storeId === storeId)).toBe(true);
    const before = await sequences(storeId);
    const first = (before.at(-1) ?? 0) + 1;

    // Another connection watches the committed numbers while the receipts are posted.
    let posting = true;
    const seen: number[][] = [];
    const watching = (async () => {
      while (posting) {
        seen.push((await sequences(storeId)).filter((s) => s >= first));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const answers = await Promise.all(
      loans.map((l, k) =>
        call<RepaymentItem>(t.app, 'POST', '/repayments', {
          token: staff.collector,
          body: { loanId: l.id, received: '500.00', method: 'cash', repayType: 'auto', idempotencyKey: `numbering-${k}-${Date.now()}` },
        }),
      ),
    );
    posting = false;
    await watching;

    const posted = answers.map((a) => dataOf(a));
    const numbers = posted.map((p) => p.repayNo).sort();
    expect(new Set(numbers).size).toBe(LOANS);
    const after = (await sequences(storeId)).filter((s) => s >= first);
    expect(after).toEqual(Array.from({ length: LOANS }, (_, k) => first + k));
    // Every snapshot taken while they committed was a run from the first number: no number was
    // ever committed before a smaller one.
    expect(seen.length).toBeGreaterThan(1);
    for (const snapshot of seen) expect(snapshot.length === 0 || (snapshot[0] === first && unbroken(snapshot)), JSON.stringify(snapshot)).toBe(true);

    // The number the answer shows is the row's, its entry's memo's, and its audit row's.
    const { rows } = await t.pool.query<{ id: number; repay_no: string; memo_no: string; audit_no: string; lines: number }>(
      `select r.id, r.repay_no, e.memo->>'repayNo' memo_no,
              (select a.after->>'repayNo' from audit_log a where a.module = 'repayments' and a.action = 'add' and a.reference = r.id::text) audit_no,
              (select count(*)::int from loan_repayment_lines l where l.repayment_id = r.id) lines
         from loan_repayments r join journal_entries e on e.id = r.journal_entry_id
        where r.id = any($1::int[])`,
      [posted.map((p) => p.id)],
    );
    expect(rows).toHaveLength(LOANS);
    for (const row of rows) {
      expect(row.memo_no).toBe(row.repay_no);
      expect(row.audit_no).toBe(row.repay_no);
      expect(row.lines).toBeGreaterThan(0);
      expect(posted.find((p) => p.id === row.id)?.repayNo).toBe(row.repay_no);
    }
  }, 120_000);
});
