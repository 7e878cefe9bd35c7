import type { ImportBatch } from '@harbour/contracts';
import { DEFAULT_CODE_FORMATS, formatCode, hkidCheckDigit } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, uploadBook, workbook } from './import-book.js';

/**
 * An imported book's numbers (docs/import.md → number sequences): customer codes, loan and
 * application numbers written in Harbour's own format move the counters on, so the next number
 * Harbour takes follows the highest imported. And a batch is its store's: a caller of one store
 * neither imports into nor reads another store's batch.
 */
let t: TestApp;
let manager: string;
let mk: { id: number; code: string };
let other: { id: number; code: string };
/** The cut-over date: yesterday (the cut-over may not be in the future). */
let cutOver = '';
const RUN = String(Date.now()).slice(-6);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  const stores = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores order by id`)).rows;
  mk = stores.find((s) => s.code === 'MK')!;
  other = stores.find((s) => s.code !== 'MK')!;
  cutOver = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') d`)).rows[0]!.d;
  // the test database numbers in the default formats
  expect((await t.pool.query(`select 1 from code_formats where kind in ('loanNo','applyNo','customerCode')`)).rowCount).toBe(0);
});
afterAll(() => t.close());

/** A counter's value (0 when the slot has none yet). */
async function counter(kind: string, storeKey: number, period: string): Promise<number> {
  const r = await t.pool.query<{ value: number }>(`select value from code_counters where kind = $1 and store_key = $2 and period = $3`, [kind, storeKey, period]);
  return r.rows[0]?.value ?? 0;
}

/** An HKID no other test holds: letter `letter`, this run's six digits, its check digit. */
const hkid = (letter: string) => `${letter}${RUN}(${hkidCheckDigit(letter, RUN)})`;

/** One customer and one repaying loan, nothing paid yet, lent on the cut-over date. */
const bookOf = (code: string, loanNo: string, applyNo: string, storeCode: string, idLetter: string): Book => ({
  customers: [[code, 'personal', '張志明', 'CHEUNG Chi Ming', 'hkid', hkid(idLetter), '+852 9123 4567', '1985-03-02']],
  loans: [[loanNo, code, storeCode, 'repaying', 'private_loan', cutOver, cutOver, '12000', 12, 'monthly', 'amortization', '1.5', 'cash', '', applyNo]],
  openings: [[loanNo, cutOver, '0', '0', '0', '12000']],
});

describe('an imported book’s numbers and store', () => {
  it('continues the customer, loan and application numbers after the highest imported', async () => {
    const month = cutOver.slice(0, 4) + cutOver.slice(5, 7);
    const at = { storeCode: mk.code, date: cutOver };
    const c0 = await counter('customerCode', 0, '');
    const l0 = await counter('loanNo', mk.id, month);
    const a0 = await counter('applyNo', mk.id, month);
    const code = formatCode(DEFAULT_CODE_FORMATS.customerCode, { ...at, seq: c0 + 40 });
    const loanNo = formatCode(DEFAULT_CODE_FORMATS.loanNo, { ...at, seq: l0 + 40 });
    const applyNo = formatCode(DEFAULT_CODE_FORMATS.applyNo, { ...at, seq: a0 + 30 });
    const to = { token: manager, storeId: mk.id, cutOverDate: cutOver, fileName: `numbers-${RUN}.xlsx` };
    const file = await workbook(bookOf(code, loanNo, applyNo, mk.code, 'Y'));
    const started = await uploadBook<ImportBatch>(t, '/tools/import/batches', file, to);
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect((await finishedBatch(t, started.body.data.id, manager)).state).toBe('committed');
    expect(await counter('customerCode', 0, '')).toBe(c0 + 40);
    expect(await counter('loanNo', mk.id, month)).toBe(l0 + 40);
    expect(await counter('applyNo', mk.id, month)).toBe(a0 + 30);
    const { rows } = await t.pool.query<{ code: string; loan_no: string; apply_no: string }>(
      `select c.customer_code code, l.loan_no, l.apply_no from loans l join customers c on c.id = l.customer_id where l.loan_no = $1`,
      [loanNo],
    );
    expect(rows).toEqual([{ code, loan_no: loanNo, apply_no: applyNo }]);
  });

  it('a caller of one store neither imports into nor reads another store’s batch', async () => {
    // the clerk works at MK alone; given the import key for this test (the demo gives it to managers, who reach every store)
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'tools.dataImport' from roles where name = 'clerk'`);
    const clerk = (await loginAs(t.app, 'clerk')).access_token;
    const file = await workbook(bookOf(`IMPN-${RUN}`, `IMPN-${RUN}-L`, `IMPN-${RUN}-A`, other.code, 'X'));
    const into = { storeId: other.id, cutOverDate: cutOver, fileName: `other-${RUN}.xlsx` };
    expect((await uploadBook(t, '/tools/import/dryRun', file, { ...into, token: clerk })).statusCode).toBe(404);
    expect((await uploadBook(t, '/tools/import/batches', file, { ...into, token: clerk })).statusCode).toBe(404);
    const started = await uploadBook<ImportBatch>(t, '/tools/import/batches', file, { ...into, token: manager });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const batch = await finishedBatch(t, started.body.data.id, manager);
    expect(batch).toMatchObject({ state: 'committed', storeId: other.id });
    expect((await call(t.app, 'GET', `/tools/import/batches/${batch.id}`, { token: clerk })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/tools/import/batches/${batch.id}/rollback`, { token: clerk })).statusCode).toBe(404);
    // nor its reconciliation: not the loans, not their count, not the file as xlsx
    expect((await call(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation`, { token: clerk })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/tools/import/batches/${batch.id}/reconciliation/export`, { token: clerk })).statusCode).toBe(404);
    const listed = (await call<ImportBatch[]>(t.app, 'GET', '/tools/import/batches', { token: clerk })).body as { data: ImportBatch[] };
    expect(listed.data.some((b) => b.id === batch.id)).toBe(false);
    expect(listed.data.every((b) => b.storeId === mk.id)).toBe(true);
    // and the manager, who reaches every store, reads it
    expect((await call(t.app, 'GET', `/tools/import/batches/${batch.id}`, { token: manager })).statusCode).toBe(200);
  });
});
