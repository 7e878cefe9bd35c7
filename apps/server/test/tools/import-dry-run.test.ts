import type { ImportDryRun } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let manager: string;
let held: { customerCode: string };
beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  const r = await t.db.execute<{ customer_code: string }>(sql`SELECT customer_code FROM customers ORDER BY id LIMIT 1`);
  held = { customerCode: r.rows[0]!.customer_code };
});
afterAll(() => t.close());

/** A lender's export as the template shapes it: the English headers on row 2, data from row 3. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Customers');
  ws.addRow(['客戶編號', '類別', '姓名', '英文姓名', '證件類別', '證件號碼', '手提電話 1', '出生日期']);
  ws.addRow(['Customer code', 'Type', 'Name', 'English name', 'ID type', 'ID number', 'Mobile 1', 'Date of birth']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function dryRun(file: Buffer, lang = 'en') {
  const boundary = '----harbourimport';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/tools/import/dryRun',
    headers: { authorization: `Bearer ${manager}`, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const answerOf = async (p: ReturnType<typeof dryRun>) => {
  const res = await p;
  return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
};

describe('POST /tools/import/dryRun — customers sheet', () => {
  it('reports exactly the deliberate errors by sheet, row and column, in the caller’s language, and writes nothing', async () => {
    const before = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM customers`);
    const file = await workbook([
      ['IMP-001', 'personal', '陳大文', 'CHAN Tai Man', 'hkid', 'A123456(3)', '+852 9123 4567', '15/08/1980'],
      ['IMP-002', 'personal', 'Wong Siu Ming', '', 'hkid', 'B2345671', 61234567, '1975/01/02'],
      ['IMP-003', 'personal', '李小龍', '', 'hkid', 'A123456(4)', '91234568', '1970-01-01'],
      ['IMP-001', 'personal', '張三', '', 'hkid', 'C1234569', '91234569', '31/02/1980'],
      [held.customerCode, 'personal', '何美玲', '', 'hkid', 'D1234561', '91234570', '1990-05-05'],
    ]);
    const res = await dryRun(file);
    expect(res.statusCode).toBe(200);
    const answer = dataOf<ImportDryRun>({ statusCode: res.statusCode, headers: res.headers, body: res.json() });
    expect(answer.counts).toEqual([{ sheet: 'customers', read: 5, valid: 2, rejected: 3 }]);
    expect(answer.problems).toEqual([
      { sheet: 'customers', row: 5, column: 'idNumber', message: expect.any(String) },
      { sheet: 'customers', row: 6, column: 'dateOfBirth', message: expect.any(String) },
      { sheet: 'customers', row: 7, column: 'customerCode', message: 'Harbour already holds this record' },
    ]);
    const after = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM customers`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('answers the same problems in zh-TW, and a duplicate within the file names the earlier row', async () => {
    const file = await workbook([
      ['IMP-101', 'personal', '陳大文', '', 'hkid', 'A123456(3)', '91234567', ''],
      ['IMP-101', 'personal', '陳小文', '', 'hkid', 'B2345671', '91234568', ''],
    ]);
    const answer = dataOf<ImportDryRun>(await answerOf(dryRun(file, 'zh-TW')));
    expect(answer.problems).toEqual([{ sheet: 'customers', row: 4, column: 'customerCode', message: '與第 3 行重複' }]);
  });

  it('refuses a file that is no workbook with a 400 in the caller’s language', async () => {
    const res = await dryRun(Buffer.from('not a workbook'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Upload an xlsx workbook, or one sheet of the template saved as CSV (its header row kept)');
  });

  it('reads one sheet of the template saved as CSV, one header row or two, and names problems by the CSV’s own line', async () => {
    const lines = [
      'IMP-201,personal,陳大文,CHAN Tai Man,hkid,A123456(3),+852 9123 4567,1980-08-15',
      '"IMP-201",personal,"Wong, Siu Ming",,hkid,B2345671,61234567,',
    ];
    // a BOM and the English header only: the data starts on line 2, the duplicate is line 3
    const one = Buffer.from('\uFEFFCustomer code,Type,Name,English name,ID type,ID number,Mobile 1,Date of birth\n' + lines.join('\n'));
    const answer = dataOf<ImportDryRun>(await answerOf(dryRun(one)));
    expect(answer.counts).toEqual([{ sheet: 'customers', read: 2, valid: 1, rejected: 1 }]);
    expect(answer.problems).toEqual([{ sheet: 'customers', row: 3, column: 'customerCode', message: 'Same as row 2 of this file' }]);
    // the template's two header rows, as a spreadsheet saves the sheet
    const two = Buffer.from('客戶編號,類別,姓名,英文姓名,證件類別,證件號碼,手提電話 1,出生日期\nCustomer code,Type,Name,English name,ID type,ID number,Mobile 1,Date of birth\n' + lines.join('\n'));
    expect(dataOf<ImportDryRun>(await answerOf(dryRun(two))).problems.map((p) => p.row)).toEqual([4]);
  });

  it('matches headers and the sheet whatever their case, spacing, full-width characters or required mark, and reads a lender’s own spellings of dates, IDs and phones', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('CUSTOMERS');
    ws.addRow(['客戶編號 *', '類別', '姓名', '英文姓名', '證件類別', '證件號碼', '手提電話１', '出生日期']);
    ws.addRow(['customer code*', 'TYPE', ' Name ', 'English  name', 'ID type', 'ID number', 'mobile 1', 'Date of Birth']);
    ws.addRow(['IMP-301', 'personal', '陳小文', 'CHAN Siu Man', 'hkid', 'Ａ１２３４５６（３）', '＋８５２ ９１２３ ４５６７', '1980年8月15日']);
    ws.addRow(['IMP-302', 'personal', 'Wong Tai Sin', '', 'hkid', 'B234567(1)', '(852) 6123-4567', '15 Aug 1981']);
    ws.addRow(['IMP-303', 'personal', '李大文', 'LEE Tai Man', 'hkid', 'C123456(9)', '91234568', '31/02/1982']);
    const answer = dataOf<ImportDryRun>(await answerOf(dryRun(Buffer.from(await wb.xlsx.writeBuffer()))));
    expect(answer.counts).toEqual([{ sheet: 'customers', read: 3, valid: 2, rejected: 1 }]);
    // the one deliberate error, and no other: 31 February is no day
    expect(answer.problems).toEqual([{ sheet: 'customers', row: 5, column: 'dateOfBirth', message: expect.any(String) }]);
  });
});
