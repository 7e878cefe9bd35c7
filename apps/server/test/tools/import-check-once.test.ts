import type { ImportBatch, ImportDryRun } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type Book, finishedBatch, uploadBook, workbook } from './import-book.js';

/**
 * The commit of the file the last dry run passed (docs/import.md → The commit): not planned again
 * before its job; the job's plan is the check, so Harbour's records changing in between fail the
 * batch (nothing written) where a file not just dry-run is refused with 422 before any batch.
 */
let t: TestApp;
let manager: string;
let store: { id: number; code: string };
let CUT_OVER = '';
const RUN = String(Date.now()).slice(-6);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  store = (await t.pool.query<{ id: number; code: string }>(`select id, code from stores where code = 'MK'`)).rows[0]!;
  CUT_OVER = (await t.pool.query<{ y: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') y`)).rows[0]!.y;
});
afterAll(() => t.close());

const upload = <T>(path: string, file: Buffer) => uploadBook<T>(t, path, file, { token: manager, storeId: store.id, cutOverDate: CUT_OVER, fileName: `once-${RUN}.xlsx` });
const book = (n: number, idNumber: string): Book => ({
  customers: [[`ONCE-C${RUN}-${n}`, 'personal', '陳大文', 'CHAN Tai Man', 'hkid', idNumber, '91234567', '1980-08-15']],
  loans: [[`ONCE-L${RUN}-${n}`, `ONCE-C${RUN}-${n}`, store.code, 'repaying', 'private_loan', '2026-01-10', '2026-01-15', '12000', 12, 'monthly', 'amortization', '1.5', 'cash']],
  openings: [[`ONCE-L${RUN}-${n}`, CUT_OVER, '0', '0', '0', '12000']],
});
const loansOf = async (n: number) => Number((await t.pool.query<{ n: string }>(`select count(*) n from loans where loan_no = $1`, [`ONCE-L${RUN}-${n}`])).rows[0]!.n);

describe('the commit of the file the dry run just passed', () => {
  it('is written by the job', async () => {
    const file = await workbook(book(1, 'K1234560'));
    expect((await upload<ImportDryRun>('/tools/import/dryRun', file)).body.data.problems).toEqual([]);
    const started = await upload<ImportBatch>('/tools/import/batches', file);
    expect(started.statusCode).toBe(200);
    expect(started.body.data).toMatchObject({ state: 'committing', rowsTotal: 2, cutOverDate: CUT_OVER });
    expect(await finishedBatch(t, started.body.data.id, manager)).toMatchObject({ state: 'committed', rowsWritten: 2, failure: null });
    expect(await loansOf(1)).toBe(1);
  });

  it('fails its batch, nothing written, when Harbour took one of its records after the dry run', async () => {
    const file = await workbook(book(2, 'K2345676'));
    expect((await upload<ImportDryRun>('/tools/import/dryRun', file)).body.data.problems).toEqual([]);
    // Harbour holds the file's customer code by the commit (the first test's customer renumbered meanwhile)
    await t.pool.query(`update customers set customer_code = $1 where customer_code = $2`, [`ONCE-C${RUN}-2`, `ONCE-C${RUN}-1`]);
    const started = await upload<ImportBatch>('/tools/import/batches', file);
    expect(started.statusCode).toBe(200);
    const done = await finishedBatch(t, started.body.data.id, manager);
    expect(done).toMatchObject({ state: 'failed', rowsWritten: 0 });
    expect(done.failure).toMatch(/problem/);
    expect(await loansOf(2)).toBe(0);
    // the same file again, not just dry-run: refused before any batch
    const again = await upload<ImportBatch>('/tools/import/batches', file);
    expect(again.statusCode).toBe(422);
  });
});
