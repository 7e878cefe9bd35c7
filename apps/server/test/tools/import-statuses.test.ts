import type { CalculatorResult, ImportBatch, ImportDryRun, Page, TrialBalance } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, rollBack, uploadBook, workbook } from './import-book.js';

/**
 * Loans brought in as the previous system left them (docs/import.md): with an OCA agent, written
 * off, and closed by a reloan — each checked against what its receipts or opening position paid,
 * written with its collection record, and taken back by the rollback.
 */
let t: TestApp;
let manager: string;
let store: { id: number; code: string };
const RUN = String(Date.now()).slice(-6);
let CUT_OVER = '';
const AGENT = 'Eastern Collection Agency';

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  store = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`)).rows[0]!;
  CUT_OVER = (await t.pool.query<{ y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`)).rows[0]!.y;
});
afterAll(() => t.close());

const upload = <T>(path: string, file: Buffer) => uploadBook<T>(t, path, file, { token: manager, storeId: store.id, cutOverDate: CUT_OVER, fileName: `statuses-${RUN}.xlsx` });
const trialBalance = async () => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager }));
const balanceOf = (tb: TrialBalance, key: string) => dec(tb.rows.find((r) => r.key === key)?.balance ?? '0');
const sumOf = (xs: string[]) => xs.reduce((s, x) => s.plus(x), dec('0')).toFixed(2);

describe('loans with an OCA agent, written off and reloaned', () => {
  const L = (n: number) => `IMPS-${RUN}-${n}`;
  let book: Book;
  let batch: ImportBatch;
  let paid2: { principal: string; interest: string };
  let tb0: TrialBalance;

  it('the dry run asks each status for what it needs and checks it against what was paid', async () => {
    const calc = dataOf(await call<CalculatorResult>(t.app, 'POST', '/tools/calculator', { token: manager, body: { loanAmount: '12000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', loanDate: '2026-01-15' } }));
    paid2 = { principal: sumOf(calc.schedule.slice(0, 2).map((l) => l.principal)), interest: sumOf(calc.schedule.slice(0, 2).map((l) => l.interest)) };
    const c = `IMPSC-${RUN}`;
    // loan no., customer, store, status, type, dates, amount, tenor, cycle, method, rate, payout, overdue rate, application no., penalty, referral agent, OCA agent, OCA date, OCA charge, write-off date, reason
    const loan = (n: number, status: string, extra: string[] = []) => [L(n), c, store.code, status, 'private_loan', '10/01/2026', '2026/01/15', '12,000', 12, 'monthly', 'amortization', '1.5', 'cash', '', '', '', '', ...extra];
    const opening = (n: number, principal: string, interest: string) => [L(n), CUT_OVER, principal, interest, '0', dec('12000').minus(principal).toFixed(2)];
    book = {
      customers: [[c, 'personal', '周收數', 'CHAU Sau Sou', 'hkid', 'G123456(A)', '9876 1234', '1975-05-05']],
      loans: [
        loan(1, 'oca', [AGENT, '2026-06-01', '']),
        loan(2, 'bad', ['', '', '', '2026-09-30', 'Borrower left Hong Kong']),
        loan(3, 'reloaned'),
      ],
      openings: [opening(1, paid2.principal, paid2.interest), opening(2, paid2.principal, paid2.interest), opening(3, '12000', paid2.interest)],
    };
    const broken: Book = {
      ...book,
      loans: [
        loan(1, 'oca', ['Nobody Collects', '2026-06-01', '']), // no such agent
        loan(2, 'bad'), // no write-off date
        book.loans[2]!,
        loan(4, 'pending'), // not a book to bring in
      ],
      openings: [...book.openings, opening(4, '0', '0')],
    };
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(broken));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems.map((p) => [p.sheet, p.row, p.column])).toEqual([
      ['loans', 3, 'ocaAgent'],
      ['loans', 4, 'writeOffDate'],
      ['loans', 6, 'status'],
    ]);
    // a reloaned loan must be settled: its principal paid
    const unsettled: Book = { ...book, openings: [book.openings[0]!, book.openings[1]!, opening(3, paid2.principal, paid2.interest)] };
    const again = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(unsettled));
    expect(again.body.data.problems).toEqual([
      { sheet: 'loans', row: 5, column: 'status', message: `Marked reloaned but ${dec('12000').minus(paid2.principal).toFixed(2)} of its principal is still unpaid: a reloan settles the old loan` },
    ]);
    expect((await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book))).body.data.problems).toEqual([]);
  });

  it('commits them with their collection records; the written-off principal never enters the receivable', async () => {
    tb0 = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(book));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    batch = await finishedBatch(t, started.body.data.id, manager);
    expect(batch).toMatchObject({ state: 'committed', failure: null });
    const statuses = await t.pool.query<{ loan_no: string; status: string }>(`select loan_no, status from loans where loan_no like $1 order by loan_no`, [`IMPS-${RUN}-%`]);
    expect(statuses.rows.map((r) => r.status)).toEqual(['oca', 'bad', 'reloaned']);
    const list = dataOf(await call<Page<{ loanNo: string; status: string; agentName: string | null; ocaDate: string | null; chargePercent: string | null; writeOffDate: string | null; writtenOff: string }>>(t.app, 'GET', '/collection/loans', { token: manager, query: { loanNo: `IMPS-${RUN}` } }));
    const byNo = new Map(list.items.map((l) => [l.loanNo, l]));
    expect(byNo.get(L(1))).toMatchObject({ status: 'oca', agentName: '東方收數代理', ocaDate: '2026-06-01', chargePercent: '25.00' });
    const left = dec('12000').minus(paid2.principal).toFixed(2);
    expect(byNo.get(L(2))).toMatchObject({ status: 'bad', writeOffDate: '2026-09-30', writtenOff: left });
    const tb = await trialBalance();
    expect(tb.balanced).toBe(true);
    // only the OCA loan's principal is still receivable; no bad-debt expense moved
    expect(balanceOf(tb, 'loansReceivable').minus(balanceOf(tb0, 'loansReceivable')).toFixed(2)).toBe(left);
    expect(balanceOf(tb, 'badDebtExpense').toFixed(2)).toBe(balanceOf(tb0, 'badDebtExpense').toFixed(2));
    // the OCA loan is serviced: the collection desk and reminders read its due summary
    const due = await t.pool.query(`select 1 from loan_due_summaries s join loans l on l.id = s.loan_id where l.loan_no = $1`, [L(1)]);
    expect(due.rowCount).toBe(1);
  });

  it('rolls the batch back: the transfer and the write-off go with their loans, the ledger as before', async () => {
    const count = async () => (await t.pool.query<{ n: string }>(`select (select count(*) from loan_oca_assignments) + (select count(*) from loan_write_offs) n`)).rows[0]!.n;
    const before = Number(await count());
    const rolled = await rollBack(t, batch.id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch!.state).toBe('rolledBack');
    expect(Number(await count())).toBe(before - 2);
    expect((await trialBalance()).rows.map((r) => [r.key, r.balance])).toEqual(tb0.rows.map((r) => [r.key, r.balance]));
    // a collection record of a loan not rolling back stays append-only
    const { rows } = await t.pool.query<{ id: number }>(`select id from loan_oca_assignments order by id limit 1`);
    if (rows[0]) await expect(t.pool.query(`delete from loan_oca_assignments where id = $1`, [rows[0].id])).rejects.toThrow(/append-only/);
  });
});
