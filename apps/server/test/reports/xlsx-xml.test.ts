import { API_BASE } from '@harbour/contracts';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';
import { xmlSafeText } from '../../src/platform/xml-text.js';

/**
 * A customer whose name and addresses hold every character XML 1.0 forbids that PostgreSQL can
 * store (U+0001–U+001F except tab, newline and CR; U+FFFE; U+FFFF) still leaves every xlsx export
 * that lists them well-formed: each sheet's XML parses with a strict XML parser, and the name is
 * there without those characters. (NUL and lone surrogates cannot reach a text column; the unit
 * test of `xmlSafeText` covers them.)
 */
const FORBIDDEN_STORABLE = [...Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).filter((c) => !'\t\n\r'.includes(c)), '\uFFFE', '\uFFFF'].join('');
const NAME = `控制${FORBIDDEN_STORABLE}字元`;
const CLEAN_NAME = '控制字元';
const ADDRESS = `旺角${FORBIDDEN_STORABLE}彌敦道1號`;

let t: TestApp;
let s: RepaymentStaff;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await repaymentStaff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  const customerId = await insertCustomer(t.pool, { code: 'TX0001', name: NAME, idNumber: 'A1234563', mobile1: '91234567' });
  await t.pool.query(`update customers set residential_address = $2, mailing_address = $2, company_address = $2 where id = $1`, [customerId, ADDRESS]);
  // 40 days into its life: an instalment is overdue, so the process list holds it
  await repayingLoan(t, s, customerId, s.today, { daysAgo: 40 });
});
afterAll(() => t.close());

/** Every XML part of an xlsx, each checked by a strict XML 1.0 parser: the parser's errors, and the sheets' text. */
async function parseWorkbook(file: Buffer): Promise<{ parts: number; errors: string[]; sheetText: string }> {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).filter((n) => n.endsWith('.xml') || n.endsWith('.rels'));
  const errors: string[] = [];
  let sheetText = '';
  for (const name of names) {
    const xml = await zip.file(name)!.async('string');
    const parser = new SaxesParser();
    parser.on('error', (e) => errors.push(`${name}: ${e.message}`));
    if (name.startsWith('xl/worksheets/') || name === 'xl/sharedStrings.xml') parser.on('text', (text) => (sheetText += text));
    parser.write(xml).close();
  }
  return { parts: names.length, errors, sheetText };
}

const download = async (token: string, url: string, query: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${url}`, query, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-TW' } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toContain('spreadsheetml');
  return res.rawPayload;
};

describe('xlsx exports and characters XML forbids', () => {
  it('stores the name with the characters, so the exports below meet them', async () => {
    const { rows } = await t.pool.query<{ name: string }>(`select name from customers where customer_code = 'TX0001'`);
    expect(rows[0]!.name).toBe(NAME);
    expect(rows[0]!.name).toHaveLength(CLEAN_NAME.length + 30);
  });

  const exportsOf: [string, () => Promise<Buffer>][] = [
    ['the loan report', () => download(s.manager, '/reports/loan/export', { format: 'xlsx', dateFrom: '2000-01-01', dateTo: s.today })],
    ['the loan detail report', () => download(s.manager, '/reports/loanDetail/export', { format: 'xlsx' })],
    ['the outstanding details report', () => download(s.manager, '/reports/outstandingDetails/export', { format: 'xlsx' })],
    ['the repayment process list', () => download(s.manager, '/repayments/processList/export')],
  ];
  for (const [what, file] of exportsOf) {
    it(`${what}: every XML part is well-formed and lists the name without the forbidden characters`, async () => {
      const { parts, errors, sheetText } = await parseWorkbook(await file());
      expect(parts).toBeGreaterThan(3);
      expect(errors).toEqual([]);
      expect(sheetText).toContain(CLEAN_NAME);
      expect([...sheetText].filter((c) => FORBIDDEN_STORABLE.includes(c))).toEqual([]);
    });
  }

  it('the admin sees the same well-formed loan report (all stores)', async () => {
    const { errors, sheetText } = await parseWorkbook(await download(admin, '/reports/loan/export', { format: 'xlsx', dateFrom: '2000-01-01', dateTo: s.today }));
    expect(errors).toEqual([]);
    expect(sheetText).toContain(CLEAN_NAME);
  });
});

describe('xmlSafeText', () => {
  it('drops NUL and the other C0 controls, U+FFFE, U+FFFF and lone surrogates; keeps tab, newline, CR and surrogate pairs', () => {
    expect(xmlSafeText(`a\u0000b${FORBIDDEN_STORABLE}c`)).toBe('abc');
    expect(xmlSafeText('x\uD800y\uDC00z\uDBFF')).toBe('xyz');
    expect(xmlSafeText('行1\t行2\n行3\r😀𠀋')).toBe('行1\t行2\n行3\r😀𠀋');
  });
});
