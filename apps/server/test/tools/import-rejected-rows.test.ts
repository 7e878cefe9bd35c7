import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/api.js';
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

const HEADERS_ZH = ['客戶編號', '類別', '姓名', '英文姓名', '證件類別', '證件號碼', '手提電話 1', '出生日期'];
const HEADERS_EN = ['Customer code', 'Type', 'Name', 'English name', 'ID type', 'ID number', 'Mobile 1', 'Date of birth'];

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('客戶');
  ws.addRow(HEADERS_ZH);
  ws.addRow(HEADERS_EN);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function rejectedRows(file: Buffer, token: string, lang: string) {
  const boundary = '----harbourrejected';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/tools/import/rejectedRows',
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function sheetOf(raw: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : [])) }));
}

describe('POST /tools/import/rejectedRows', () => {
  const file = () => workbook([
    ['RJ-001', 'personal', '陳大文', 'CHAN Tai Man', 'hkid', 'A123456(3)', '+852 9123 4567', '15/08/1980'],
    ['RJ-002', 'personal', '李小龍', '', 'hkid', 'A123456(4)', '91234568', '31/02/1980'],
    ['RJ-003', 'personal', 'Wong Siu Ming', '', 'hkid', 'B2345671', '61234567', '1975/01/02'],
    ['RJ-001', 'personal', '張三', '', 'hkid', 'C1234569', '91234569', '1970-01-01'],
  ]);

  it('answers the rejected rows as uploaded with a problem column in the caller’s language (zh-TW)', async () => {
    const res = await rejectedRows(await file(), manager, 'zh-TW');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheets = await sheetOf(res.rawPayload);
    expect(sheets.map((s) => s.name)).toEqual(['客戶']);
    const rows = sheets[0]!.rows;
    expect(rows[0]).toEqual([...HEADERS_ZH, '問題']);
    expect(rows[1]).toEqual([...HEADERS_EN, '問題']);
    // Rows 4 (bad check digit and a 31 February) and 6 (the code of row 3 again), as uploaded.
    expect(rows).toHaveLength(4);
    expect(rows[2]!.slice(0, 8)).toEqual(['RJ-002', 'personal', '李小龍', '', 'hkid', 'A123456(4)', '91234568', '31/02/1980']);
    expect(String(rows[2]![8]).split('\n').map((l) => l.split(':')[0])).toEqual(['出生日期', '證件號碼']);
    expect(rows[3]!.slice(0, 8)).toEqual(['RJ-001', 'personal', '張三', '', 'hkid', 'C1234569', '91234569', '1970-01-01']);
    expect(rows[3]![8]).toBe('客戶編號: 與第 3 行重複');
  });

  it('speaks English to an English caller and refuses a clerk (no tools.dataImport)', async () => {
    const res = await rejectedRows(await file(), manager, 'en');
    const rows = (await sheetOf(res.rawPayload))[0]!.rows;
    expect(rows[0]![8]).toBe('Problem');
    expect(rows[3]![8]).toBe('Customer code: Same as row 3 of this file');
    expect((await rejectedRows(await file(), clerk, 'en')).statusCode).toBe(403);
  });

  it('answers 400 in the caller’s language for a file that is no workbook', async () => {
    const res = await rejectedRows(Buffer.from('not a workbook'), manager, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Upload an xlsx workbook, or one sheet of the template saved as CSV (its header row kept)');
  });
});
