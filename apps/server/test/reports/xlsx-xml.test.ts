import { API_BASE, COLLECTION_LOANS_EXPORT_PATH, COLLECTION_STEPS_EXPORT_PATH, REPAYMENT_TIPS_EXPORT_PATH, REPORTS, REPORTS_PATH } from '@harbour/contracts';
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
 * store (U+0001–U+001F except tab, newline and CR; U+FFFE; U+FFFF), on a loan whose every free
 * text field holds them too (its numbers, remarks, reasons, autopay names; the customer's other
 * text fields), still leaves every xlsx export well-formed: each sheet's XML parses with a strict
 * XML parser, and the name is there without those characters. (NUL and lone surrogates cannot
 * reach a text column; the unit test of `xmlSafeText` covers them.)
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
  const loan = await repayingLoan(t, s, customerId, s.today, { daysAgo: 40 });
  await withForbiddenText('loans', loan.id, LOAN_CODES);
  await withForbiddenText('customers', customerId, CUSTOMER_CODES);
});

/** Text columns that hold a code of a list (a status, an option), not free text: left as they are. */
const LOAN_CODES = ['status', 'loan_type', 'interest_method', 'repay_cycle', 'mlo_status', 'loan_purpose', 'payout_method', 'autopay_bank_code', 'autopay_branch_code'];
const CUSTOMER_CODES = ['customer_code', 'type', 'id_type', 'id_number', 'gender', 'marital', 'education', 'residential_type', 'source', 'list_status', 'mobile1', 'mobile2', 'mobile3', 'home_no', 'email', 'name', 'residential_address', 'mailing_address', 'company_address'];

/** The same characters, U+FFFE and U+FFFF first: a short column (a loan number) gets those and as many controls as fit. */
const NONCHARACTERS_FIRST = `\uFFFE\uFFFF${FORBIDDEN_STORABLE.slice(0, -2)}`;

/**
 * Every other text column of the row gets the forbidden characters after its first character (an
 * empty one gets them alone), as many as its length leaves room for.
 */
async function withForbiddenText(table: 'loans' | 'customers', id: number, skip: string[]) {
  const { rows } = await t.pool.query<{ column_name: string; max: number | null }>(
    `select column_name, character_maximum_length max from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and data_type in ('text', 'character varying') and not (column_name = any($2))`,
    [table, skip],
  );
  for (const { column_name: column, max } of rows) {
    await t.pool.query(
      `update ${table} set ${column} = left(coalesce(left(${column}, 1), '') || left($2, greatest(coalesce($3::int, 1000) - coalesce(length(${column}), 0), 1)) || coalesce(substr(${column}, 2), ''), coalesce($3::int, 100000)) where id = $1`,
      [id, NONCHARACTERS_FIRST, max],
    );
  }
}
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
    const loan = (await t.pool.query<{ loan_no: string; remarks: string; autopay_account_name: string }>(`select l.loan_no, l.remarks, l.autopay_account_name from loans l join customers c on c.id = l.customer_id where c.customer_code = 'TX0001'`)).rows[0]!;
    expect(loan.loan_no).toContain('\uFFFF');
    for (const text of [loan.remarks, loan.autopay_account_name]) expect([...FORBIDDEN_STORABLE].filter((c) => !text.includes(c))).toEqual([]);
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

  it('every declared report, the tips list and the OCA lists: every XML part well-formed, no forbidden character in any cell', async () => {
    const files: [string, Buffer][] = [];
    for (const decl of REPORTS) {
      const query: Record<string, string> = { format: 'xlsx' };
      for (const p of decl.params) {
        if (p.name === 'dateFrom') query.dateFrom = '2000-01-01';
        if (p.name === 'dateTo' || p.name === 'asOf') query[p.name] = s.today;
        // the one report that needs a customer: found by the name's clean part
        if (p.name === 'keyword' && p.required) query.keyword = '控制';
      }
      files.push([decl.name, await download(admin, `${REPORTS_PATH}/${decl.name}/export`, query)]);
    }
    for (const url of [REPAYMENT_TIPS_EXPORT_PATH, COLLECTION_LOANS_EXPORT_PATH, COLLECTION_STEPS_EXPORT_PATH]) files.push([url, await download(s.manager, url)]);
    expect(files.length).toBe(REPORTS.length + 3);
    for (const [what, file] of files) {
      const { errors, sheetText } = await parseWorkbook(file);
      expect(errors, what).toEqual([]);
      expect([...sheetText].filter((c) => FORBIDDEN_STORABLE.includes(c)), what).toEqual([]);
    }
  });

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
