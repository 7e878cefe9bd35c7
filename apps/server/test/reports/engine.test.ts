import { API_BASE, REPORTS, reportByName, type ReportAnswer, type ReportDecl } from '@harbour/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellsOf } from '../../src/modules/reports/engine.js';
import { masked } from '../../src/platform/masking.js';
import { exportFileName } from '../../src/modules/reports/export.js';
import { resolveParams } from '../../src/modules/reports/params.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The report engine (routes, parameters, sort, paging, totals, store scope, export) through its
 * first report, `approvalStatus`, on the demo data; every expectation is an independent SQL
 * over the same tables.
 */
let t: TestApp;
let accountant: string;
let manager: string;
let clerk: string;
let collector: string;
let clerkStore: number;
let otherStore: number;
let today: string;

const ALL = { dateFrom: '2000-01-01' };
const URL = '/reports/approvalStatus';

/** The report's rows as an independent query: apply no., amount, store, over the given period. */
async function expected(opts: { from?: string; to?: string; store?: number; status?: string } = {}) {
  const rows = await t.pool.query<{ apply_no: string; loan_amount: string; store_id: number; status: string }>(
    `select apply_no, loan_amount, store_id, status from loans
      where apply_date between $1 and $2 and ($3::int is null or store_id = $3) and ($4::text is null or status = $4)`,
    [opts.from ?? '2000-01-01', opts.to ?? today, opts.store ?? null, opts.status ?? null],
  );
  return rows.rows;
}
const cents = (s: string | number | null | undefined) => Math.round(Number(s ?? 0) * 100);
const sumCents = (xs: (string | number | null | undefined)[]) => xs.reduce<number>((a, x) => a + cents(x), 0);

const run = async (token: string, query: Record<string, string | number>) => call<ReportAnswer>(t.app, 'GET', URL, { token, query });
const answer = async (token: string, query: Record<string, string | number>) => dataOf(await run(token, query));

beforeAll(async () => {
  t = await createTestApp({ readOnly: true });
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  today = (await t.pool.query<{ d: string }>(`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as d`)).rows[0]!.d;
  clerkStore = (await t.pool.query<{ store_id: number }>(`select ss.store_id from staff_stores ss join staff st on st.id = ss.staff_id where st.username = 'clerk'`)).rows[0]!.store_id;
  otherStore = (await t.pool.query<{ id: number }>('select id from stores where id <> $1 order by id limit 1', [clerkStore])).rows[0]!.id;
});
afterAll(() => t.close());

describe('report parameters', () => {
  it('fills the declared defaults against the business day (this month to today, every store, every status)', async () => {
    const a = await answer(manager, {});
    expect(a.params).toEqual({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today, store: null, status: null });
    expect(a.total).toBe((await expected({ from: `${today.slice(0, 8)}01` })).length);
  });

  it('answers 400 for a required parameter left empty, from after to, a bad date, a bad option and an unknown parameter', async () => {
    const decl: ReportDecl = { ...reportByName('approvalStatus')!, params: [{ name: 'asOf', kind: 'date', required: true }] };
    expect(() => resolveParams(decl, {}, '2026-05-10')).toThrow(expect.objectContaining({ status: 400, fieldErrors: [{ field: 'asOf', message: 'validation.required' }] }));
    expect(resolveParams(decl, { asOf: '2026-05-01' }, '2026-05-10')).toEqual({ asOf: '2026-05-01' });
    const bad: Record<string, string>[] = [{ dateFrom: '2026-05-02', dateTo: '2026-05-01' }, { dateFrom: '2026-13-01' }, { status: 'nonsense' }, { store: 'x' }, { colour: 'red' }];
    for (const query of bad) {
      const res = await run(manager, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body.result).toBe('error');
    }
    const range = await run(manager, { dateFrom: '2026-05-02', dateTo: '2026-05-01' });
    expect(range.body.result === 'error' && range.body.errors).toEqual([{ field: 'dateTo', message: expect.any(String) }]);
  });

  it('filters by status and store', async () => {
    const rejected = await answer(manager, { ...ALL, status: 'reject' });
    const exp = await expected({ status: 'reject' });
    expect(rejected.total).toBe(exp.length);
    expect(rejected.rows.every((r) => r.status === 'reject')).toBe(true);
    const store = await answer(manager, { ...ALL, store: otherStore, pageSize: 200 });
    expect(store.rows.map((r) => r.applyNo).sort()).toEqual((await expected({ store: otherStore })).map((r) => r.apply_no).sort());
  });
});

describe('sort, paging and totals', () => {
  it('refuses a sort by an unknown column or in an unknown order', async () => {
    for (const sort of ['colour:asc', 'applyNo:up', 'applyNo', '"applyNo":asc']) expect((await run(manager, { ...ALL, sort })).statusCode, sort).toBe(400);
  });

  it('sorts by every column both ways, nulls last, ties by the row key', async () => {
    const decl = reportByName('approvalStatus')!;
    for (const c of decl.columns) {
      for (const order of ['asc', 'desc'] as const) {
        const a = await answer(manager, { ...ALL, sort: `${c.key}:${order}`, pageSize: 200 });
        const values = a.rows.map((r) => r[c.key]);
        const present = values.filter((v) => v !== null);
        // nulls last
        expect(values.slice(present.length).every((v) => v === null), `${c.key} ${order}`).toBe(true);
        const cmp = (x: string | number, y: string | number) => (c.kind === 'money' ? cents(x) - cents(y) : String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0);
        for (let i = 1; i < present.length; i++) {
          const d = cmp(present[i - 1]!, present[i]!);
          expect(order === 'asc' ? d <= 0 : d >= 0, `${c.key} ${order} at ${i}`).toBe(true);
        }
      }
    }
    const amounts = (await answer(manager, { ...ALL, sort: 'amountApplied:desc', pageSize: 200 })).rows.map((r) => cents(r.amountApplied));
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
  });

  it('pages through every row once, with the totals of every row on each page', async () => {
    const exp = await expected();
    expect(exp.length).toBeGreaterThan(4);
    const seen: string[] = [];
    const pageSize = 3;
    for (let page = 1; page <= Math.ceil(exp.length / pageSize); page++) {
      const a = await answer(manager, { ...ALL, sort: 'applyNo:asc', page, pageSize });
      expect(a.total).toBe(exp.length);
      expect(a.page).toBe(page);
      expect(a.rows.length).toBeLessThanOrEqual(pageSize);
      expect(cents(a.totals.amountApplied!)).toBe(sumCents(exp.map((r) => r.loan_amount)));
      seen.push(...a.rows.map((r) => String(r.applyNo)));
    }
    expect(seen).toEqual(exp.map((r) => r.apply_no).sort());
    const approved = await t.pool.query<{ s: string | null }>(
      `select sum(l.loan_amount) as s from loans l join lateral (select decision from loan_approvals a where a.loan_id = l.id order by a.id desc limit 1) d on true
        where d.decision = 'approve' and l.apply_date between '2000-01-01' and $1`,
      [today],
    );
    const a = await answer(manager, ALL);
    expect(cents(a.totals.amountApproved!)).toBe(cents(approved.rows[0]!.s));
  });

  it('answers the count and totals of every row on a page past the end, and zero for a period without rows', async () => {
    const exp = await expected();
    const last = Math.ceil(exp.length / 3);
    const past = await answer(manager, { ...ALL, pageSize: 3, page: last + 2 });
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(exp.length);
    expect(cents(past.totals.amountApplied!)).toBe(sumCents(exp.map((r) => r.loan_amount)));
    const none = await answer(manager, { dateFrom: '2001-01-01', dateTo: '2001-01-31' });
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.totals.amountApplied).toBe('0.00');
  });

  it('answers money as exact decimal strings and dates as YYYY-MM-DD', async () => {
    const a = await answer(manager, { ...ALL, pageSize: 200 });
    for (const r of a.rows) {
      expect(r.amountApplied).toMatch(/^\d+\.\d{2}$/);
      expect(r.applyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (r.decisionDate !== null) expect(r.decisionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('store scope and permission', () => {
  it('shows a clerk only their store’s rows and totals; another store’s filter gives nothing', async () => {
    const mine = await expected({ store: clerkStore });
    const all = await expected();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    const a = await answer(clerk, { ...ALL, pageSize: 200 });
    // the report says whose rows these are: the clerk's store, not "every store"
    expect(a.params.store).toBe(clerkStore);
    expect(a.rows.map((r) => r.applyNo).sort()).toEqual(mine.map((r) => r.apply_no).sort());
    expect(a.total).toBe(mine.length);
    expect(cents(a.totals.amountApplied!)).toBe(sumCents(mine.map((r) => r.loan_amount)));
    const other = await answer(clerk, { ...ALL, store: otherStore });
    expect(other.total).toBe(0);
    expect(other.rows).toEqual([]);
    expect(cents(other.totals.amountApplied!)).toBe(0);
    // the export too
    const csv = await t.app.inject({ method: 'GET', url: `${API_BASE}${URL}/export`, query: { ...ALL, format: 'csv' }, headers: { authorization: `Bearer ${clerk}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(mine.length + 2);
  });

  it('answers 403 to a role without the report’s key, for the report and its export', async () => {
    expect((await run(collector, ALL)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${URL}/export`, query: { format: 'xlsx' }, headers: { authorization: `Bearer ${collector}` } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('json');
    expect((await run(manager, ALL)).statusCode).toBe(200);
    // the accountant holds every report key but reaches only the session's store
    const own = await answer(accountant, { ...ALL, pageSize: 200 });
    const store = (await t.pool.query<{ store_id: number }>(`select s.store_id from sessions s join staff st on st.id = s.staff_id where st.username = 'accountant' and s.revoked_at is null order by s.id desc limit 1`)).rows[0]!.store_id;
    expect(own.rows.map((r) => r.applyNo).sort()).toEqual((await expected({ store })).map((r) => r.apply_no).sort());
  });

  it('masks a masked column for the caller', () => {
    const decl: ReportDecl = { ...reportByName('approvalStatus')!, columns: [{ key: 'mobile', kind: 'masked' }, { key: 'n', kind: 'integer' }, { key: 'd', kind: 'date' }] };
    const cells = cellsOf(decl, { mobile: '91234567', n: '12', d: '2026-05-01' }, { visibleDigits: 4 });
    expect(cells.mobile).toBe('****4567');
    expect(cells.n).toBe(12);
    expect(cells.d).toBe('2026-05-01');
  });

  it('masks through the one masking policy, whatever the digits (platform/masking.ts)', () => {
    const decl: ReportDecl = { ...reportByName('approvalStatus')!, columns: [{ key: 'id', kind: 'masked' }] };
    const numbers = ['A123456(3)', '91234567', '12', ''];
    for (const visibleDigits of [0, 2, 4, 8]) {
      for (const id of numbers) expect(cellsOf(decl, { id }, { visibleDigits }).id).toBe(masked(id, { visibleDigits }));
      expect(cellsOf(decl, { id: null }, { visibleDigits }).id).toBeNull();
    }
    expect(cellsOf(decl, { id: 'A123456(3)' }, { visibleDigits: 2 }).id).toBe('******63');
    expect(cellsOf(decl, { id: '91234567' }, { visibleDigits: 0 }).id).toBe('********');
  });

  it('declares approvalStatus with the key of its name', () => {
    expect(REPORTS.find((r) => r.name === 'approvalStatus')?.permission).toBe('reports.approvalStatus');
  });
});

describe('export', () => {
  const exported = (token: string, query: Record<string, string>, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `${API_BASE}${URL}/export`, query, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

  it('names the file after the report and its dates', () => {
    expect(exportFileName(reportByName('approvalStatus')!, { dateFrom: '2026-05-01', dateTo: '2026-05-31', store: null, status: null }, 'xlsx')).toBe('approvalStatus-2026-05-01-2026-05-31.xlsx');
  });

  it('writes an xlsx workbook a reader opens: header lines, translated column headers, the same rows in the same order and the totals', async () => {
    const query = { ...ALL, dateTo: today, sort: 'amountApplied:desc' };
    const res = await exported(manager, { ...query, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="approvalStatus-2000-01-01-${today}.xlsx"`);
    const a = await answer(manager, { ...query, pageSize: 200 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).getCell(1).value).toBe('Approval status report');
    const texts: string[] = [];
    for (let n = 1; n <= ws.rowCount; n++) texts.push(String(ws.getRow(n).getCell(1).value));
    expect(texts).toContain('From');
    const headerAt = texts.indexOf('Application no.') + 1;
    expect(headerAt).toBeGreaterThan(3);
    expect((ws.getRow(headerAt).values as unknown[]).slice(1)).toEqual([
      'Application no.', 'Customer', 'Store', 'Apply date', 'Amount applied', 'Amount approved', 'Status', 'Approver', 'Decision date',
    ]);
    const body: unknown[][] = [];
    for (let n = headerAt + 1; n <= ws.rowCount; n++) body.push((ws.getRow(n).values as unknown[]).slice(1));
    const totalsRow = body.pop()!;
    expect(body).toHaveLength(a.total);
    body.forEach((cells, i) => {
      const r = a.rows[i]!;
      expect(cells[0]).toBe(r.applyNo);
      expect(cells[1]).toBe(r.customerName);
      expect((cells[3] as Date).toISOString().slice(0, 10)).toBe(r.applyDate);
      expect(cents(cells[4] as number)).toBe(cents(r.amountApplied));
      expect(cells[5] ?? null).toBe(r.amountApproved === null ? null : Number(r.amountApproved));
      expect(typeof cells[6]).toBe('string');
      expect(cells[6]).not.toBe(r.status === 'reject' ? 'reject' : undefined);
    });
    expect(totalsRow[0]).toBe('Total');
    expect(cents(totalsRow[4] as number)).toBe(cents(a.totals.amountApplied!));
    expect(cents(totalsRow[5] as number)).toBe(cents(a.totals.amountApproved!));
    expect(ws.getRow(headerAt + 1).getCell(5).numFmt).toContain('#,##0.00');
    expect(ws.getRow(headerAt + 1).getCell(4).numFmt).toBe('yyyy-mm-dd');
  });

  it('writes a UTF-8 CSV with a BOM, the same columns, rows and totals', async () => {
    const res = await exported(manager, { ...ALL, sort: 'applyNo:asc', format: 'csv' }, 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/approvalStatus-2000-01-01-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('申請編號,客戶,分店,申請日期,申請金額,批核金額,狀態,審批人,決定日期');
    const a = await answer(manager, { ...ALL, sort: 'applyNo:asc', pageSize: 200 });
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(a.rows.map((r) => r.applyNo));
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('合計');
    expect(total[4]).toBe(a.totals.amountApplied);
    expect(total[5]).toBe(a.totals.amountApproved);
  });

  it('answers 400 with the error envelope for bad parameters, before any file', async () => {
    const bad: Record<string, string>[] = [{ format: 'pdf' }, { dateFrom: '2026-05-02', dateTo: '2026-05-01' }, { sort: 'colour:asc' }, { page: '2' }];
    for (const query of bad) {
      const res = await exported(manager, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.headers['content-type']).toContain('json');
    }
  });
});
