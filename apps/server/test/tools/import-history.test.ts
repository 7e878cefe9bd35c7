import type { CalculatorResult, ImportBatch, ImportDryRun, ImportReconciliation, RepaymentItem, TrialBalance } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, rollBack, uploadBook, workbook } from './import-book.js';

/**
 * A book whose loans come with the previous system's receipts (docs/import.md): each receipt
 * posted again, in date order, by Harbour's own allocation — overdue interest and the penalty
 * accrued to its date, a surplus held as the temporary amount — so the loan's due state on the
 * cut-over date is the one Harbour would hold had it taken them; the previous system's opening
 * figures, where the file gives them too, are set beside Harbour's in the batch's reconciliation.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let store: { id: number; code: string };
const RUN = String(Date.now()).slice(-6);
let CUT_OVER = '';
let TODAY = '';

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  store = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`)).rows[0]!;
  const dates = await t.pool.query<{ d: string; y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d, to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`);
  TODAY = dates.rows[0]!.d;
  CUT_OVER = dates.rows[0]!.y;
});
afterAll(() => t.close());

const TERMS = { loanAmount: '12000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', loanDate: '2026-01-15' };
const upload = <T>(path: string, file: Buffer, token = manager) => uploadBook<T>(t, path, file, { token, storeId: store.id, cutOverDate: CUT_OVER, fileName: `history-${RUN}.xlsx` });
const trialBalance = async () => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager }));
const balanceOf = (tb: TrialBalance, key: string) => dec(tb.rows.find((r) => r.key === key)?.balance ?? '0');

describe('a book brought in with its receipts', () => {
  let calc: CalculatorResult;
  let book: Book;
  let batch: ImportBatch;
  const L1 = `IMPH-${RUN}-1`;
  const L2 = `IMPH-${RUN}-2`;
  const R = (n: number) => `OLD-${RUN}-${n}`;

  it('the dry run posts each loan’s receipts and names the ones the rules refuse, by sheet, row and column', async () => {
    calc = dataOf(await call<CalculatorResult>(t.app, 'POST', '/tools/calculator', { token: manager, body: TERMS }));
    const [i1, i2, i3] = calc.schedule;
    const c = (n: number) => `IMPHC-${RUN}-${n}`;
    // 36% a year overdue interest and a 100.00 penalty an overdue instalment, as the old loans had them
    const loan = (no: string, customer: string) => [no, customer, store.code, 'repaying', 'private_loan', '10/01/2026', '2026/01/15', '12,000', 12, 'monthly', 'amortization', '1.5', 'cash', '36', '', '100'];
    book = {
      customers: [
        [c(1), 'personal', '李小龍', 'LEE Siu Lung', 'hkid', 'D123456(1)', '+852 6123 4567', '1970-03-04'],
        [c(2), 'personal', 'Tam Ka Yan', '', 'hkid', 'E234567A', '5123 4567', '02/02/1985'],
      ],
      loans: [loan(L1, c(1)), loan(L2, c(2))],
      receipts: [
        // out of date order in the file: Harbour posts them by date
        [L1, R(3), '2026-04-25', dec(i3!.instalment).plus('200').toFixed(2), 'cash'], // ten days late, 200.00 over the instalment
        [L1, R(1), '15/02/2026', i1!.instalment, 'bank-transfer'],
        [L1, R(2), '2026/03/15', i2!.instalment, 'cheque'],
        [L2, '', '2026-02-15', i1!.instalment, 'cash'],
      ],
      // 300.00 the previous system held for L2's borrower
      temporaryAmounts: [[c(2), L2, '300', '2026-03-01']],
      // the previous system's own figures for L1: its interest paid is 10.00 short of what its receipts paid
      openings: [[L1, CUT_OVER, dec(i1!.principal).plus(i2!.principal).plus(i3!.principal).toFixed(2), dec(i1!.interest).plus(i2!.interest).plus(i3!.interest).minus('10').toFixed(2), '0', dec('12000').minus(i1!.principal).minus(i2!.principal).minus(i3!.principal).toFixed(2)]],
    };
    const broken: Book = {
      ...book,
      receipts: [
        ...book.receipts!,
        [L1, R(1), '2026-05-15', '100', 'cash'], // row 7: a receipt number seen on row 4
        [L2, '', TODAY, '100', 'cash'], // row 8: after the cut-over date
        [L2, '', '2026-04-20', '5', 'cash'], // row 9: below the overdue interest and penalty owed then
        [`IMPH-${RUN}-9`, '', '2026-02-15', '100', 'cash'], // row 10: no such loan
      ],
      // row 4: held for someone who is not L2's borrower
      temporaryAmounts: [...book.temporaryAmounts!, [c(1), L2, '50', '2026-03-01']],
    };
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(broken));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems.map((p) => [p.sheet, p.row, p.column])).toEqual([
      ['receipts', 7, 'receiptNo'],
      ['receipts', 8, 'receiptDate'],
      ['receipts', 9, 'amount'],
      ['receipts', 10, 'loanNo'],
      ['temporaryAmounts', 4, 'customerCode'],
    ]);
    const messages = res.body.data.problems.map((p) => p.message);
    expect(messages[0]).toBe('Same as row 4 of this file');
    expect(messages[1]).toBe(`The receipt date is after the cut-over date ${CUT_OVER}`);
    expect(messages[3]).toBe('Not found in this file or in Harbour');
    const fixed = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    expect(fixed.body.data.problems).toEqual([]);
    expect(fixed.body.data.counts.find((x) => x.sheet === 'receipts')).toEqual({ sheet: 'receipts', read: 4, valid: 4, rejected: 0 });
    expect(fixed.body.data.reconciliation).toEqual({ loans: 2, differing: 1 });
  });

  it('commits the receipts as Harbour would have posted them: overdue charges, a surplus held, the ledger balanced', async () => {
    const tb0 = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(book));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    batch = await finishedBatch(t, started.body.data.id, manager);
    expect(batch).toMatchObject({ state: 'committed', failure: null });
    const { rows } = await t.pool.query<{ repay_no: string; repay_date: string; method: string | null; repay_type: string; received: string; overdue_interest: string; handling_fee: string; interest: string; principal: string; temp_in: string }>(
      `select r.repay_no, to_char(r.repay_date, 'YYYY-MM-DD') repay_date, r.method, r.repay_type, r.received, r.overdue_interest, r.handling_fee, r.interest, r.principal, r.temp_in
         from loan_repayments r join loans l on l.id = r.loan_id where l.loan_no = $1 order by r.repay_date`,
      [L1],
    );
    const [i1, i2, i3] = calc.schedule;
    expect(rows.map((r) => [r.repay_no, r.repay_date, r.method, r.repay_type])).toEqual([
      [R(1), '2026-02-15', 'bank-transfer', 'opening'],
      [R(2), '2026-03-15', 'cheque', 'opening'],
      [R(3), '2026-04-25', 'cash', 'opening'],
    ]);
    // on time: the instalment, nothing else
    expect(rows[0]).toMatchObject({ received: i1!.instalment, overdue_interest: '0.00', handling_fee: '0.00', temp_in: '0.00', principal: i1!.principal });
    expect(rows[1]).toMatchObject({ received: i2!.instalment, overdue_interest: '0.00', principal: i2!.principal });
    // ten days late: overdue interest and the penalty first, the instalment, the rest held
    const late = rows[2]!;
    expect(dec(late.overdue_interest).gt(0)).toBe(true);
    expect(late.handling_fee).toBe('100.00');
    expect(dec(late.interest).plus(late.principal).toFixed(2)).toBe(i3!.instalment);
    expect(dec(late.overdue_interest).plus(late.handling_fee).plus(late.interest).plus(late.principal).plus(late.temp_in).toFixed(2)).toBe(late.received);
    expect(late.temp_in).toBe(dec('200').minus('100').minus(late.overdue_interest).toFixed(2));
    // the ledger: balanced, the receivable grew by what is outstanding, the surplus is owed to the customer, no income moved
    const tb = await trialBalance();
    expect(tb.balanced).toBe(true);
    const outstanding = dec('12000').minus(i1!.principal).minus(i2!.principal).minus(i3!.principal).plus(dec('12000').minus(i1!.principal));
    expect(balanceOf(tb, 'loansReceivable').minus(balanceOf(tb0, 'loansReceivable')).toFixed(2)).toBe(outstanding.toFixed(2));
    // the surplus and the temporary amount the previous system held are owed to the customers
    expect(balanceOf(tb, 'customerDeposits').minus(balanceOf(tb0, 'customerDeposits')).toFixed(2)).toBe(dec(late.temp_in).plus('300').toFixed(2));
    expect(balanceOf(tb, 'interestIncome').toFixed(2)).toBe(balanceOf(tb0, 'interestIncome').toFixed(2));
    const check = dataOf(await call<{ consistent: boolean }>(t.app, 'GET', '/ledger/balanceCheck', { token: manager }));
    expect(check.consistent).toBe(true);
  });

  it('the reconciliation sets the previous system’s figures beside Harbour’s and names the difference', async () => {
    const res = await call<ImportReconciliation>(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation`, { token: manager });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const r = dataOf(res);
    expect(r.total).toBe(2);
    const [one, two] = r.items;
    // the previous system stated no overdue interest paid: Harbour charged it on the late receipt
    expect(one).toMatchObject({ loanNo: L1, customerName: '李小龍', status: 'repaying', cutOverDate: CUT_OVER, differences: ['interestPaid', 'overduePaid'] });
    expect(one!.file!.overduePaid).toBe('0.00');
    expect(dec(one!.harbour.overduePaid).gt(0)).toBe(true);
    expect(dec(one!.harbour.interestPaid).minus(one!.file!.interestPaid).toFixed(2)).toBe('10.00');
    expect(one!.harbour.principalPaid).toBe(one!.file!.principalPaid);
    expect(dec(one!.harbour.tempHeld).gt(0)).toBe(true);
    // on the cut-over date the fourth instalment onwards is overdue, with charges owed
    expect(one!.harbour.daysOverdue).toBeGreaterThan(150);
    expect(dec(one!.harbour.overdueCharges).gt(0)).toBe(true);
    expect(two).toMatchObject({ loanNo: L2, file: null, differences: [] });
    expect(two!.harbour.tempHeld).toBe('300.00');
    expect(r.totals).toMatchObject({ loans: 2, differing: 1 });
    expect(r.totals.harbour.principalPaid).toBe(dec(one!.harbour.principalPaid).plus(two!.harbour.principalPaid).toFixed(2));
    // the differences alone, and the same as xlsx; a caller without the import key reads nothing
    const differing = dataOf(await call<ImportReconciliation>(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation?differing=true`, { token: manager }));
    expect(differing.items.map((l) => l.loanNo)).toEqual([L1]);
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/v1/tools/import/batches/${batch.id}/reconciliation/export`, headers: { authorization: `Bearer ${manager}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect((await call(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation`, { token: clerk })).statusCode).toBe(403);
    // bad input is refused with the field named
    const bad = await call(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation`, { token: manager, query: { pageSize: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/pageSize/);
  });

  it('the next receipt allocates as on a native loan: the fourth instalment with its overdue charges', async () => {
    const { rows } = await t.pool.query<{ id: number }>(`select id from loans where loan_no = $1`, [L1]);
    const big = '5000.00';
    const res = await call<RepaymentItem>(t.app, 'POST', '/repayments', {
      token: manager,
      body: { loanId: rows[0]!.id, repayDate: CUT_OVER, received: big, repayType: 'auto', method: 'cash', idempotencyKey: `imph-${RUN}` },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const receipt = dataOf(res);
    expect(dec(receipt.overdueInterest).gt(0)).toBe(true);
    expect(receipt.lines[0]!.tenor).toBe(4);
  });

  it('rolls back a batch with receipts to the counts and trial balance before it', async () => {
    const RUN2 = `${RUN}r`;
    const re = (x: unknown) => (typeof x === 'string' ? x.replace(`-${RUN}-`, `-${RUN2}-`) : x);
    const other: Book = { customers: [book.customers[1]!.map(re).map((x, n) => (n === 5 ? 'F3456788' : x))], loans: [book.loans[1]!.map(re)], openings: [], receipts: [book.receipts![3]!.map(re)] };
    const count = async () => (await t.pool.query<{ n: string }>(`select (select count(*) from loans) + (select count(*) from loan_repayments) + (select count(*) from loan_repayment_lines) n`)).rows[0]!.n;
    const before = await count();
    const tb0 = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(other));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect((await finishedBatch(t, started.body.data.id, manager)).state).toBe('committed');
    expect(await count()).not.toBe(before);
    const rolled = await rollBack(t, started.body.data.id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch!.state).toBe('rolledBack');
    expect(await count()).toBe(before);
    expect((await trialBalance()).rows.map((r) => [r.key, r.balance])).toEqual(tb0.rows.map((r) => [r.key, r.balance]));
  });
});
