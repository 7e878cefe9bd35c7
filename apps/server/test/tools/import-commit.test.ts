import type { CalculatorResult, ImportBatch, ImportDryRun, RepaymentItem, TrialBalance } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, rollBack, uploadBook, workbook } from './import-book.js';

/**
 * A lender's book brought in (docs/import.md): a workbook as a real export looks — mixed names,
 * HKIDs with and without brackets, phones with +852 and spaces, dates in several spellings —
 * checked, committed as one batch by the server's job, and rolled back.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let store: { id: number; code: string };
const RUN = String(Date.now()).slice(-6);
/** The cut-over date: yesterday, within the active period the next receipt must fall in. */
let CUT_OVER = '';
/** Today's business date: the period whose numbers the import's own-format numbers move on. */
let TODAY = '';

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const r = await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`);
  store = r.rows[0]!;
  const dates = await t.pool.query<{ d: string; y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d, to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`);
  TODAY = dates.rows[0]!.d;
  CUT_OVER = dates.rows[0]!.y;
});
afterAll(() => t.close());

const TERMS = { loanAmount: '12000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', loanDate: '2026-01-15' };

/** The schedule the server's own calculator gives these terms (the figures the opening position is written from). */
async function schedule(): Promise<CalculatorResult> {
  return dataOf(await call<CalculatorResult>(t.app, 'POST', '/tools/calculator', { token: manager, body: TERMS }));
}

/** A loan number in Harbour's own default format for this month (LN + store + YYMM + 4 digits), high in the sequence. */
const HARBOUR_STYLE_NO = () => `LN${store.code}${TODAY.slice(2, 4)}${TODAY.slice(5, 7)}0950`;

const sumOf = (xs: string[]) => xs.reduce((s, x) => s.plus(x), dec('0')).toFixed(2);

const upload = <T>(path: string, file: Buffer, token = manager) => uploadBook<T>(t, path, file, { token, storeId: store.id, cutOverDate: CUT_OVER, fileName: `book-${RUN}.xlsx` });
const committed = (id: number) => finishedBatch(t, id, manager);

const trialBalance = async () => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager }));
const count = async (table: string) => Number((await t.pool.query<{ n: string }>(`select count(*) n from ${table}`)).rows[0]!.n);
const COUNTED = ['customers', 'loans', 'loan_instalments', 'loan_payouts', 'loan_approvals', 'loan_repayments', 'loan_repayment_lines', 'loan_due_summaries', 'loan_totals'];
const counts = async (): Promise<Record<string, number>> => Object.fromEntries(await Promise.all(COUNTED.map(async (table) => [table, await count(table)] as const)));

describe('a lender’s book brought in', () => {
  let calc: CalculatorResult;
  let book: Book;
  let batch: ImportBatch;
  let before: Record<string, number>;
  let tbBefore: TrialBalance;
  const paid3 = { principal: '', interest: '' };

  it('the dry run names exactly the deliberate errors, by sheet, row and column', async () => {
    calc = await schedule();
    paid3.principal = sumOf(calc.schedule.slice(0, 3).map((l) => l.principal));
    paid3.interest = sumOf(calc.schedule.slice(0, 3).map((l) => l.interest));
    const all = { principal: sumOf(calc.schedule.map((l) => l.principal)), interest: sumOf(calc.schedule.map((l) => l.interest)) };
    const c = (n: number) => `IMPC-${RUN}-${n}`;
    const loan = (n: number, customer: string, status: string, extra: unknown[] = []) => [`IMPL-${RUN}-${n}`, customer, store.code, status, 'private_loan', '10/01/2026', '2026/01/15', '12,000', 12, 'monthly', 'amortization', '1.5', 'cash', '', ...extra];
    book = {
      customers: [
        [c(1), 'personal', '陳大文', 'CHAN Tai Man', 'hkid', 'A123456(3)', '+852 9123 4567', '15/08/1980'],
        [c(2), 'personal', 'Wong Siu Ming', '', 'hkid', 'B2345671', 61234567, '1975/01/02'],
      ],
      loans: [loan(1, c(1), 'repaying'), loan(2, c(2), 'complete'), [HARBOUR_STYLE_NO(), ...loan(3, c(1), 'repaying').slice(1)]],
      openings: [
        [`IMPL-${RUN}-1`, CUT_OVER, paid3.principal, paid3.interest, '35.50', dec('12000').minus(paid3.principal).toFixed(2)],
        [`IMPL-${RUN}-2`, CUT_OVER, all.principal, all.interest, '0', '0'],
        [HARBOUR_STYLE_NO(), CUT_OVER, '0', '0', '0', '12000'],
      ],
    };
    // three deliberate errors: a bad check digit, a rate above the Ordinance's cap, an outstanding figure that does not add up
    const broken: Book = {
      customers: [book.customers[0]!, [...book.customers[1]!.slice(0, 5), 'B2345672', ...book.customers[1]!.slice(6)]],
      loans: [book.loans[0]!, book.loans[1]!, [...book.loans[2]!.slice(0, 11), '9', ...book.loans[2]!.slice(12)]],
      openings: [[...book.openings[0]!.slice(0, 5), '9000.00'], book.openings[1]!, book.openings[2]!],
    };
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(broken));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems).toEqual([
      { sheet: 'customers', row: 4, column: 'idNumber', message: expect.any(String) },
      { sheet: 'loans', row: 5, column: 'flatRate', message: expect.stringMatching(/above the 48%/) },
      { sheet: 'openingPositions', row: 3, column: 'outstandingPrincipal', message: `Should be ${dec('12000').minus(paid3.principal).toFixed(2)}: the loan amount less the principal paid` },
    ]);
    expect(res.body.data.counts).toEqual([
      { sheet: 'customers', read: 2, valid: 1, rejected: 1 },
      { sheet: 'loans', read: 3, valid: 2, rejected: 1 },
      { sheet: 'openingPositions', read: 3, valid: 2, rejected: 1 },
    ]);
    // committing that file is refused, nothing written
    before = await counts();
    const refused = await upload<ImportBatch>('/tools/import/batches', await workbook(broken));
    expect(refused.statusCode).toBe(422);
    expect(refused.body.message).toBe('The file has 3 problems: run the check, fix them and upload again');
    expect(await counts()).toEqual(before);
  });

  it('checks a historical loan at its own dates: a borrower under 18 on the application date, a loan type the company lacks', async () => {
    const young: Book = {
      customers: [[`IMPC-${RUN}-7`, 'personal', '小明', '', 'hkid', 'C1234569', '91234570', '2010-01-01']],
      loans: [[`IMPL-${RUN}-7`, `IMPC-${RUN}-7`, store.code, 'repaying', 'no_such_type', ...book.loans[0]!.slice(5)]],
      openings: [[`IMPL-${RUN}-7`, ...book.openings[2]!.slice(1)]],
    };
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(young));
    expect(res.body.data.problems.map((p) => [p.sheet, p.row, p.column])).toEqual([
      ['loans', 3, 'customerCode'],
      ['loans', 3, 'loanType'],
    ]);
  });

  it('a caller without the import key is refused', async () => {
    expect((await upload('/tools/import/dryRun', await workbook(book), clerk)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/tools/import/batches', { token: clerk })).statusCode).toBe(403);
  });

  it('commits the fixed file as one batch: the trial balance balances and the receivable is the outstanding principal', async () => {
    tbBefore = await trialBalance();
    const fixed = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    expect(fixed.body.data.problems).toEqual([]);
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(book));
    expect(started.statusCode).toBe(200);
    expect(started.body.data).toMatchObject({ state: 'committing', storeId: store.id, rowsTotal: 5 });
    batch = await committed(started.body.data.id);
    expect(batch).toMatchObject({ state: 'committed', rowsWritten: 5, failure: null });
    const after = await counts();
    expect(after.customers! - before.customers!).toBe(2);
    expect(after.loans! - before.loans!).toBe(3);
    expect(after.loan_instalments! - before.loan_instalments!).toBe(36);
    expect(after.loan_repayments! - before.loan_repayments!).toBe(2); // nothing was paid on the third loan
    const tb = await trialBalance();
    expect(tb.balanced).toBe(true);
    const moved = (key: string, x: TrialBalance) => dec(x.rows.find((r) => r.key === key)!.balance);
    const outstanding = dec('12000').minus(paid3.principal).plus('0').plus('12000');
    expect(moved('loansReceivable', tb).minus(moved('loansReceivable', tbBefore)).toFixed(2)).toBe(outstanding.toFixed(2));
    expect(moved('migrationEquity', tb).toFixed(2)).toBe(outstanding.toFixed(2));
    // no income: what was paid before the cut-over was the previous books'
    expect(moved('interestIncome', tb).toFixed(2)).toBe(moved('interestIncome', tbBefore).toFixed(2));
    const statuses = await t.pool.query<{ loan_no: string; status: string }>(`select loan_no, status from loans where loan_no like $1 or loan_no = $2 order by loan_no`, [`IMPL-${RUN}-%`, HARBOUR_STYLE_NO()]);
    expect(statuses.rows).toEqual([
      { loan_no: `IMPL-${RUN}-1`, status: 'repaying' },
      { loan_no: `IMPL-${RUN}-2`, status: 'complete' },
      { loan_no: HARBOUR_STYLE_NO(), status: 'repaying' },
    ].sort((a, b) => a.loan_no.localeCompare(b.loan_no)));
    // the next loan number Harbour takes this month follows the imported one of its own format
    const counter = await t.pool.query<{ value: number }>(`select value from code_counters where kind = 'loanNo' and period = $1 and store_key in (0, $2)`, [TODAY.slice(0, 7).replace('-', ''), store.id]);
    expect(counter.rows.map((r) => Number(r.value))).toContain(950);
    const check = dataOf(await call<{ consistent: boolean }>(t.app, 'GET', '/ledger/balanceCheck', { token: manager }));
    expect(check.consistent).toBe(true);
  });

  it('the imported loan’s next receipt pays its fourth instalment, as on a loan paid out here', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from loans where loan_no = $1`, [`IMPL-${RUN}-1`]);
    const fourth = calc.schedule[3]!;
    const res = await call<RepaymentItem>(t.app, 'POST', '/repayments', {
      token: manager,
      body: { loanId: rows[0]!.id, repayDate: CUT_OVER, received: fourth.instalment, repayType: 'auto', method: 'cash', idempotencyKey: `imp-${RUN}` },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const receipt = dataOf(res);
    expect(receipt).toMatchObject({ received: fourth.instalment, principal: fourth.principal, interest: fourth.interest, overdueInterest: '0.00' });
    expect(receipt.lines.map((l) => l.tenor)).toEqual([4]);
  });

  it('the same file again creates nothing: every record is reported as held', async () => {
    const again = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    expect(again.body.data.problems.map((p) => [p.sheet, p.column, p.message])).toEqual([
      ['customers', 'customerCode', 'Harbour already holds this record'],
      ['customers', 'customerCode', 'Harbour already holds this record'],
      ['loans', 'loanNo', 'Harbour already holds this record'],
      ['loans', 'loanNo', 'Harbour already holds this record'],
      ['loans', 'loanNo', 'Harbour already holds this record'],
    ]);
  });

  it('refuses a rollback once a loan has had a receipt, and rolls a clean batch back to the counts and trial balance before it', async () => {
    // refused by the job's checks: the batch committed again, the refusal naming the loan as its failure
    const blocked = await rollBack(t, batch.id, manager);
    expect(blocked.statusCode, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.batch!.state).toBe('committed');
    expect(blocked.batch!.failure).toMatch(new RegExp(`IMPL-${RUN}-1`));
    // a second, untouched batch: brought in and rolled back
    const RUN2 = `${RUN}b`;
    const re = (x: unknown) => (typeof x === 'string' ? x.replace(`-${RUN}-`, `-${RUN2}-`) : x);
    const other: Book = {
      customers: [[`IMPC-${RUN2}-9`, 'personal', '何美玲', 'HO Mei Ling', 'hkid', 'C1234569', '9876 5432', '1990-05-05']],
      loans: [[...book.loans[0]!.map(re).slice(0, 1), `IMPC-${RUN2}-9`, ...book.loans[0]!.slice(2)]],
      openings: [book.openings[0]!.map(re)],
    };
    const countsBefore = await counts();
    const tb0 = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(other));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect((await committed(started.body.data.id)).state).toBe('committed');
    expect((await counts()).loans).toBe(countsBefore.loans! + 1);
    const rolled = await rollBack(t, started.body.data.id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch!.state).toBe('rolledBack');
    expect(await counts()).toEqual(countsBefore);
    const tb1 = await trialBalance();
    expect(tb1.rows.map((r) => [r.key, r.balance])).toEqual(tb0.rows.map((r) => [r.key, r.balance]));
    // a rolled-back batch cannot be rolled back again
    expect((await call(t.app, 'POST', `/tools/import/batches/${started.body.data.id}/rollback`, { token: manager })).statusCode).toBe(409);
  });

  it('rolls back as a server job: rollingBack while it runs (a second start refused), committed again with why when it fails, rolledBack with its progress complete when it ends', async () => {
    const RUN3 = `${RUN}c`;
    const re = (x: unknown) => (typeof x === 'string' ? x.replace(`-${RUN}-`, `-${RUN3}-`) : x);
    // the ID number of the batch rolled back above, free again
    const third: Book = {
      customers: [[`IMPC-${RUN3}-9`, 'personal', '何美玲', 'HO Mei Ling', 'hkid', 'C1234569', '9876 5432', '1990-05-05']],
      loans: [[...book.loans[0]!.map(re).slice(0, 1), `IMPC-${RUN3}-9`, ...book.loans[0]!.slice(2)]],
      openings: [book.openings[0]!.map(re)],
    };
    const countsBefore = await counts();
    const tb0 = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(third));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    expect((await committed(id)).state).toBe('committed');
    const get = async () => dataOf(await call<ImportBatch>(t.app, 'GET', `/tools/import/batches/${id}`, { token: manager }));
    const sleep = () => new Promise((r) => setTimeout(r, 50));
    // the store's import lock held by another session: the job waits for it, the batch shows it rolling back
    const holder = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(hashtext($1))', [`harbour.import.${store.id}`]);
      const res = await call<ImportBatch>(t.app, 'POST', `/tools/import/batches/${id}/rollback`, { token: manager, lang: 'en' });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(dataOf(res).state).toBe('rollingBack');
      expect((await get()).state).toBe('rollingBack');
      const again = await call(t.app, 'POST', `/tools/import/batches/${id}/rollback`, { token: manager, lang: 'en' });
      expect(again.statusCode).toBe(409);
      expect((again.body as { message: string }).message).toBe('Only a committed batch can be rolled back');
      // the job's statement cancelled while it waits: nothing of it is kept, the batch is committed again with why
      let waiting: number | undefined;
      for (let i = 0; i < 200 && waiting === undefined; i++) {
        const { rows } = await t.pool.query<{ pid: number }>(`select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock%' and pid <> pg_backend_pid()`);
        waiting = rows[0]?.pid;
        if (waiting === undefined) await sleep();
      }
      expect(waiting).toBeDefined();
      await t.pool.query('select pg_cancel_backend($1)', [waiting]);
      let after = await get();
      for (let i = 0; i < 200 && after.state === 'rollingBack'; i++) {
        await sleep();
        after = await get();
      }
      expect(after.state).toBe('committed');
      expect(after.failure).toBe('The rollback could not be completed; nothing of it was kept and the batch is still imported. Try again, or ask the administrator to look at the server log.');
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect((await counts()).loans).toBe(countsBefore.loans! + 1);
    // started again, it runs to its end: every entry reversed and record removed, counted in its progress
    const rolled = await rollBack(t, id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch).toMatchObject({ state: 'rolledBack', failure: null });
    expect(rolled.batch!.rollbackTotal).toBeGreaterThan(0);
    expect(rolled.batch!.rollbackDone).toBe(rolled.batch!.rollbackTotal);
    expect(await counts()).toEqual(countsBefore);
    expect((await trialBalance()).rows.map((r) => [r.key, r.balance])).toEqual(tb0.rows.map((r) => [r.key, r.balance]));
  });
  it('rolls back again a batch whose rollback job was interrupted (its server stopped), never one whose job is running', async () => {
    const RUN4 = `${RUN}d`;
    const re = (x: unknown) => (typeof x === 'string' ? x.replace(`-${RUN}-`, `-${RUN4}-`) : x);
    const fourth: Book = {
      customers: [[`IMPC-${RUN4}-9`, 'personal', '何美玲', 'HO Mei Ling', 'hkid', 'C1234569', '9876 5432', '1990-05-05']],
      loans: [[...book.loans[0]!.map(re).slice(0, 1), `IMPC-${RUN4}-9`, ...book.loans[0]!.slice(2)]],
      openings: [book.openings[0]!.map(re)],
    };
    const countsBefore = await counts();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(fourth));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    expect((await committed(id)).state).toBe('committed');
    // shown rolling back, just now: a job may be taking the lock — refused
    await t.pool.query(`update import_batches set state = 'rollingBack', updated_at = now() where id = $1`, [id]);
    expect((await call(t.app, 'POST', `/tools/import/batches/${id}/rollback`, { token: manager })).statusCode).toBe(409);
    // shown rolling back for minutes with the store's import lock held (a job at work): refused
    await t.pool.query(`update import_batches set updated_at = now() - interval '5 minutes' where id = $1`, [id]);
    const holder = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(hashtext($1))', [`harbour.import.${store.id}`]);
      expect((await call(t.app, 'POST', `/tools/import/batches/${id}/rollback`, { token: manager })).statusCode).toBe(409);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    // the lock free as well: the job was interrupted, and the rollback runs again to its end
    const rolled = await rollBack(t, id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch).toMatchObject({ state: 'rolledBack', failure: null });
    expect(await counts()).toEqual(countsBefore);
  });
});
