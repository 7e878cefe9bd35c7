import { IMPORT_COLUMNS, IMPORT_SHEETS, type ImportBatch } from '@harbour/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let manager: string;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
});
afterAll(() => t.close());

const template = (token: string, lang: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/v1/tools/import/template', headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

async function workbookOf(raw: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  return wb;
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('GET /tools/import/template', () => {
  it('answers a read-me sheet and one sheet per kind, headers in zh-TW (row 1) and en (row 2)', async () => {
    const res = await template(manager, 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['說明', '客戶', '擔保人及聯名人', '貸款', '還款期', '收款', '期初結餘', '暫存金額', '黑名單', '轉介人']);
    const loans = wb.getWorksheet('貸款')!;
    expect(rowValues(loans, 1).slice(0, 5)).toEqual(['貸款編號', '申請編號', '客戶編號', '分店編號', '狀態']);
    expect(rowValues(loans, 2).slice(0, 5)).toEqual(['Loan no.', 'Application no.', 'Customer code', 'Store code', 'Status']);
    expect(rowValues(loans, 1)).toHaveLength(IMPORT_COLUMNS.loans.length);
  });

  it('lists every column on the read-me sheet with its type, format and allowed values', async () => {
    const wb = await workbookOf((await template(manager, 'en')).rawPayload);
    expect(wb.worksheets.map((w) => w.name)[0]).toBe('Read me');
    const readMe = wb.getWorksheet('Read me')!;
    const columnRows = readMe.rowCount - 3;
    expect(columnRows).toBe(IMPORT_SHEETS.reduce((n, s) => n + IMPORT_COLUMNS[s].length, 0));
    const rows = Array.from({ length: columnRows }, (_, i) => rowValues(readMe, i + 4));
    expect(rows).toContainEqual(['Loans', 'Status', 'Yes', 'One of the values listed', 'pending, wait_approve, approved, repaying, complete, reloaned, reject, cancel, oca, bad']);
    expect(rows).toContainEqual(['Loans', 'Loan date', 'Yes', 'Date: YYYY-MM-DD, DD/MM/YYYY, YYYY/MM/DD, 2024年3月5日 or 5 Mar 2024 (the day before the month when the year is last)', '']);
    expect(rows).toContainEqual(['Receipts', 'Loan no.', 'Yes', 'Must match a value in another sheet: Loans → Loan no.', '']);
    expect(rows).toContainEqual(['Customers', 'ID number', 'Yes', 'ID number, with or without brackets, e.g. A123456(3) or A1234563', '']);
  });

  it('is refused to a clerk: bringing a book in is a manager’s step', async () => {
    expect((await template(clerk, 'en')).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/tools/import/batches', { token: clerk })).statusCode).toBe(403);
  });
});

describe('GET /tools/import/batches', () => {
  it('answers no batch before any upload', async () => {
    expect(dataOf(await call<ImportBatch[]>(t.app, 'GET', '/tools/import/batches', { token: manager }))).toEqual([]);
  });
});
