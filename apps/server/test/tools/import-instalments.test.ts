import type { CalculatorResult, ImportBatch, ImportDryRun, LoanItem, TrialBalance } from '@harbour/contracts';
import { dec, formatRate, mloEffectiveRate } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, uploadBook, workbook } from './import-book.js';

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
  });
});
