import type { CalculatorResult, ImportBatch, ImportDryRun, LoanItem, TrialBalance } from '@harbour/contracts';
import { dec, formatRate, mloEffectiveRate } from '@harbour/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, rollBack, uploadBook, workbook } from './import-book.js';

/**
 * A book whose loans come with the schedule the previous system had (the instalments sheet,
 * docs/import.md): the loan's schedule is the file's, checked as a whole — tenors once each, due
 * dates increasing after the loan date, the principal repaying the loan amount, the 48% cap on its
 * own cash flows — and its receipts are posted against it; a loan without rows there is computed
 * from its terms as before.
 */
let t: TestApp;
let manager: string;
let store: { id: number; code: string };
const RUN = String(Date.now()).slice(-6);
let CUT_OVER = '';

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  store = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`)).rows[0]!;
  const dates = await t.pool.query<{ y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`);
  CUT_OVER = dates.rows[0]!.y;
});
afterAll(() => t.close());

const upload = <T>(path: string, file: Buffer) => uploadBook<T>(t, path, file, { token: manager, storeId: store.id, cutOverDate: CUT_OVER, fileName: `instalments-${RUN}.xlsx` });
const trialBalance = async () => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager }));
const balanceOf = (tb: TrialBalance, key: string) => dec(tb.rows.find((r) => r.key === key)?.balance ?? '0');
const count = async (table: string) => Number((await t.pool.query<{ n: string }>(`select count(*) n from ${table}`)).rows[0]!.n);
const COUNTED = ['customers', 'loans', 'loan_instalments', 'loan_repayments', 'loan_repayment_lines', 'import_batches', 'import_rows', 'journal_entries'];
const counts = async () => Object.fromEntries(await Promise.all(COUNTED.map(async (table) => [table, await count(table)] as const)));

const L = (n: number) => `IMPI-${RUN}-${n}`;
const C = (n: number) => `IMPIC-${RUN}-${n}`;
/** 12,000 over 3 months from 2026-01-15 at 1.5% flat: the terms the domain would build an even schedule from */
const loan = (no: string, customer: string) => [no, customer, store.code, 'repaying', 'private_loan', '10/01/2026', '2026/01/15', '12,000', 3, 'monthly', 'amortization', '1.5', 'cash'];
/** the previous system's schedule: half the principal in the first instalment, interest on the balance */
const uneven = (no: string) => [
  [no, 1, '2026-02-15', '6,000.00', '240.00'],
  [no, 2, '15/03/2026', '3000', '120.00'],
  [no, 3, '2026/04/15', '3000.00', '60'],
];
const nothingPaid = (no: string) => [no, CUT_OVER, '0', '0', '0', '12000'];

describe('a book brought in with the schedules the previous system had', () => {
  it('the dry run names each schedule problem on its row and column, and writes nothing', async () => {
    const customers = [1, 2, 3, 4, 5].map((n, i) => [C(n), 'personal', `客戶${n}`, `CLIENT ${n}`, 'hkid', ['A123456(3)', 'B2345671', 'C1234569', 'D123456(1)', 'E234567A'][i], `9123 456${n}`, '1980-01-01']);
    const steep = [
      [L(5), 1, '2026-02-15', '6000.00', '900.00'],
      [L(5), 2, '2026-03-15', '3000.00', '450.00'],
      [L(5), 3, '2026-04-15', '3000.00', '300.00'],
    ];
    const broken: Book = {
      customers,
      loans: [1, 2, 3, 4, 5].map((n) => loan(L(n), C(n))),
      instalments: [
        // rows 3–5: the principal adds up to a cent short
        ...uneven(L(1)).map((r, i) => (i === 2 ? [...r.slice(0, 3), '2999.99', r[4]] : r)),
        // rows 6–9: tenor 2 twice (row 8)
        ...uneven(L(2)).slice(0, 2),
        [L(2), 2, '2026-03-20', '0.00', '0.00'],
        uneven(L(2))[2]!,
        // rows 10–11: tenor 2 missing (named on the loan's first row, 10)
        [L(3), 1, '2026-02-15', '6000.00', '240.00'],
        [L(3), 3, '2026-04-15', '6000.00', '120.00'],
        // rows 12–13: a loan the file does not have
        [L(9), 1, '2026-02-15', '6000.00', '240.00'],
        [L(9), 2, '2026-03-15', '6000.00', '120.00'],
        // rows 14–16: above the 48% cap on its own cash flows
        ...steep,
        // rows 17–19: a sound schedule
        ...uneven(L(4)),
      ],
      openings: [1, 2, 3, 4, 5].map((n) => nothingPaid(L(n))),
    };
    const rate = formatRate(mloEffectiveRate({ lentOn: '2026-01-15', received: '12000', payments: [{ date: '2026-02-15', amount: '6900' }, { date: '2026-03-15', amount: '3450' }, { date: '2026-04-15', amount: '3300' }] }));
    expect(Number(rate)).toBeGreaterThan(48);
    const before = await counts();
    const res = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(broken));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems).toEqual([
      { sheet: 'instalments', row: 3, column: 'principal', message: "The instalments' principal adds up to 11999.99, not the loan amount 12000.00" },
      { sheet: 'instalments', row: 8, column: 'tenor', message: 'Same as row 7 of this file' },
      { sheet: 'instalments', row: 10, column: 'tenor', message: 'Instalment 2 of this loan is missing from the sheet' },
      { sheet: 'instalments', row: 12, column: 'loanNo', message: 'Not a loan of this file: a schedule is imported with its loan' },
      { sheet: 'instalments', row: 13, column: 'loanNo', message: 'Not a loan of this file: a schedule is imported with its loan' },
      { sheet: 'instalments', row: 14, column: 'interest', message: `This schedule's effective annual rate (the amount paid out on the loan date, each instalment on its due date) is ${rate}%, above the 48% the Money Lenders Ordinance allows` },
    ]);
    expect(res.body.data.counts.find((c) => c.sheet === 'instalments')).toEqual({ sheet: 'instalments', read: 17, valid: 11, rejected: 6 });
    // loans whose schedules were refused are not planned; the sound one (row 17–19) adds no problem
    expect(res.body.data.counts.find((c) => c.sheet === 'loans')).toEqual({ sheet: 'loans', read: 5, valid: 5, rejected: 0 });
    expect(await counts()).toEqual(before);
    // the rejected rows come back with the instalments sheet, each problem in the caller's language
    const boundary = '----harbourinstalments';
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/tools/import/rejectedRows?storeId=${store.id}&cutOverDate=${CUT_OVER}`,
      headers: { authorization: `Bearer ${manager}`, 'accept-language': 'zh-TW', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        await workbook(broken),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(rejected.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(rejected.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets.find((ws) => ws.getRow(2).getCell(2).text === 'Instalment no.')!;
    const rows = sheet.getSheetValues().slice(3).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows.map((r) => [r[0], r[1]])).toEqual([[L(1), 1], [L(2), 2], [L(3), 1], [L(9), 1], [L(9), 2], [L(5), 1]]);
    expect(rows[2]![5]).toBe('期數: 此貸款的第 2 期不在工作表內');
    expect(rows[0]![5]).toBe('本金: 各期本金合共 11999.99，不等於貸款額 12000.00');
  });

  it('commits a loan with exactly the file’s uneven schedule, its receipt allocated against it; a loan without rows keeps the computed one', async () => {
    const book: Book = {
      customers: [
        [C(6), 'personal', '張小芬', 'CHEUNG Siu Fan', 'hkid', 'A123456(3)', '+852 9123 4500', '1982-02-02'],
        [C(7), 'personal', '林大明', 'LAM Tai Ming', 'hkid', 'B2345671', '6123 4500', '1979-07-07'],
      ],
      loans: [loan(L(6), C(6)), loan(L(7), C(7))],
      instalments: uneven(L(6)),
      // the first instalment, paid on its due date
      receipts: [[L(6), `OLDI-${RUN}-1`, '2026-02-15', '6240.00', 'cash']],
      openings: [nothingPaid(L(7))],
    };
    const dry = await upload<ImportDryRun>('/tools/import/dryRun', await workbook(book));
    expect(dry.body.data.problems).toEqual([]);
    expect(dry.body.data.counts.find((c) => c.sheet === 'instalments')).toEqual({ sheet: 'instalments', read: 3, valid: 3, rejected: 0 });
    const tbBefore = await trialBalance();
    const started = await upload<ImportBatch>('/tools/import/batches', await workbook(book));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const batch = await finishedBatch(t, started.body.data.id, manager);
    expect(batch).toMatchObject({ state: 'committed', failure: null });
    const ids = new Map((await t.pool.query<{ id: number; loan_no: string }>(`select id, loan_no from loans where loan_no in ($1, $2)`, [L(6), L(7)])).rows.map((r) => [r.loan_no, r.id]));
    // the loan's schedule, read back through the loan's API, is exactly the file's
    const l6 = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${ids.get(L(6))}`, { token: manager }));
    expect(l6.instalments).toEqual([
      { tenor: 1, dueDate: '2026-02-15', principal: '6000.00', interest: '240.00', instalment: '6240.00', balance: '6000.00' },
      { tenor: 2, dueDate: '2026-03-15', principal: '3000.00', interest: '120.00', instalment: '3120.00', balance: '3000.00' },
      { tenor: 3, dueDate: '2026-04-15', principal: '3000.00', interest: '60.00', instalment: '3060.00', balance: '0.00' },
    ]);
    expect(l6).toMatchObject({ totalInterest: '420.00', instalmentAmount: '6240.00' });
    const rate = mloEffectiveRate({ lentOn: '2026-01-15', received: '12000', payments: [{ date: '2026-02-15', amount: '6240' }, { date: '2026-03-15', amount: '3120' }, { date: '2026-04-15', amount: '3060' }] });
    expect(dec(l6.mloRate).toFixed(2)).toBe(formatRate(rate));
    // the loan without rows in the sheet: the schedule the domain builds from its terms, as before
    const calc = dataOf(await call<CalculatorResult>(t.app, 'POST', '/tools/calculator', { token: manager, body: { loanAmount: '12000', totalTenor: 3, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.5', loanDate: '2026-01-15' } }));
    const l7 = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${ids.get(L(7))}`, { token: manager }));
    expect(l7.instalments).toEqual(calc.schedule);
    // both loans keep the Ordinance rate as the calculator states it (percent a year, 4 places)
    expect(l7.mloRate).toBe(calc.mloRate);
    // the previous system's receipt, allocated by Harbour's waterfall against the file's first instalment
    const lines = await t.pool.query<{ tenor: number; principal: string; interest: string; repay_no: string }>(
      `select l.tenor, l.principal, l.interest, r.repay_no from loan_repayment_lines l join loan_repayments r on r.id = l.repayment_id where l.loan_id = $1 order by l.tenor`,
      [ids.get(L(6))],
    );
    expect(lines.rows).toEqual([{ tenor: 1, principal: '6000.00', interest: '240.00', repay_no: `OLDI-${RUN}-1` }]);
    // each instalment of the file is traceable to its row
    const mapped = await t.pool.query<{ row: number; tenor: number }>(
      `select r.row, i.tenor from import_rows r join loan_instalments i on i.id = r.entity_id where r.batch_id = $1 and r.entity = 'instalment' and r.sheet = 'instalments' order by r.row`,
      [batch.id],
    );
    expect(mapped.rows).toEqual([{ row: 3, tenor: 1 }, { row: 4, tenor: 2 }, { row: 5, tenor: 3 }]);
    // the ledger: balanced, the receivable grown by the principal outstanding (6,000 left of L6, all of L7)
    const tb = await trialBalance();
    expect(tb.balanced).toBe(true);
    expect(balanceOf(tb, 'loansReceivable').minus(balanceOf(tbBefore, 'loansReceivable')).toFixed(2)).toBe('18000.00');
    // a rollback takes the file's schedule with its loan
    const rolled = await rollBack(t, batch.id, manager);
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.batch!.state).toBe('rolledBack');
    expect(Number((await t.pool.query<{ n: string }>(`select count(*) n from loan_instalments where loan_id in ($1, $2)`, [ids.get(L(6)), ids.get(L(7))])).rows[0]!.n)).toBe(0);
    expect((await trialBalance()).balanced).toBe(true);
  });
});
