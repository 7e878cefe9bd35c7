import type { SearchResult } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';

let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let collector: string;
let borrower: number;
let mkLoan: number;
let ktLoan: number;

const BORROWER = { code: 'GS0001', name: '搜尋測試甲', idNumber: 'XY7654321', mobile1: '40404040', mobile2: '+8613912345678' };
const NOTHING: SearchResult = { loans: [], moreLoans: false, customers: [], moreCustomers: false };

/** A loan row written straight into the table (applications have their own tests). */
async function insertLoan(store: string, applyNo: string, loanNo: string | null, customerId: number): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into loans (store_id, apply_no, loan_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
     values ((select id from stores where code = $1), $2, $3, $4, $5, 'private_loan', '2026-11-02', '2026-11-02', '2026-11-02', 1000, 1, 'amortization', 'monthly', 1, 1010, 10, 12, 'ok', 1) returning id`,
    [store, applyNo, loanNo, loanNo ? 'repaying' : 'pending', customerId],
  );
  return rows[0]!.id;
}

const search = (token: string, q: string | undefined, lang = 'en') => call<SearchResult>(t.app, 'GET', '/search', { token, lang, query: q === undefined ? {} : { q } });
const found = async (token: string, q: string) => {
  const res = await search(token, q);
  expect(res.statusCode).toBe(200);
  return dataOf(res);
};
const auditRows = async () => Number((await t.pool.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  borrower = await insertCustomer(t.pool, BORROWER);
  mkLoan = await insertLoan('MK', 'GS-AP-0001', 'GS-LN-0001', borrower);
  ktLoan = await insertLoan('KT', 'GS-AP-0002', 'GS-LN-0002', borrower);
});
afterAll(() => t.close());

describe('GET /search', () => {
  it('finds a loan by loan number or application number, in part, with its borrower masked and the page that opens it', async () => {
    for (const q of ['GS-LN-0001', 'gs-ln-0001', 'GS-AP-0001', 'LN-0001']) {
      const r = await found(clerk, q);
      expect(r.loans.map((l) => l.id)).toEqual([mkLoan]);
      expect(r.loans[0]).toMatchObject({ applyNo: 'GS-AP-0001', loanNo: 'GS-LN-0001', status: 'repaying', storeName: 'Mong Kok', path: `/loan/operation?id=${mkLoan}` });
      expect(r.loans[0]!.customer).toMatchObject({ id: borrower, name: BORROWER.name, customerCode: 'GS0001' });
    }
  });

  it('finds the customer and their loans by a whole ID number or phone in any spelling, never answering the whole number', async () => {
    for (const q of ['XY7654321', 'xy765432(1)', 'XY 765432 1', '4040 4040', '+852 4040-4040', '0086 139 1234 5678']) {
      const r = await found(clerk, q);
      expect(r.customers.map((c) => c.id)).toEqual([borrower]);
      expect(r.loans.map((l) => l.id)).toEqual([mkLoan]);
      expect(r.customers[0]).toMatchObject({ name: BORROWER.name, registeredStoreName: null, listStatus: 'white', path: `/persona/detail?id=${borrower}` });
      const text = JSON.stringify(r);
      for (const whole of ['7654321', '40404040', '13912345678']) expect(text).not.toContain(whole);
      for (const shown of [r.customers[0]!.idNumber, r.loans[0]!.customer.idNumber]) {
        expect(shown).toMatch(/^\*+\d+$/);
        expect(BORROWER.idNumber.endsWith(shown.replace(/\*/g, ''))).toBe(true);
      }
      expect(r.customers[0]!.mobile1).toMatch(/^\*{4,}\d{0,4}$/);
    }
  });

  it('finds by a part of a name, Chinese or English', async () => {
    await t.pool.query(`update customers set english_name = 'CHAN Search Test' where id = $1`, [borrower]);
    for (const q of ['搜尋測試', 'search test']) {
      const r = await found(clerk, q);
      expect(r.customers.map((c) => c.id)).toContain(borrower);
      expect(r.loans.map((l) => l.id)).toContain(mkLoan);
    }
  });

  it('is no oracle for ID numbers: a part of one matches no number', async () => {
    for (const q of ['XY76543', 'XY765432', 'Y7654321']) {
      const r = await found(manager, q);
      expect(r.customers.map((c) => c.id)).not.toContain(borrower);
      expect(r.loans.map((l) => l.customer.id)).not.toContain(borrower);
    }
  });

  it('finds by 4–7 digits of a phone among the caller’s own store’s customers and loans only, the phones masked, and counts no lookup', async () => {
    const ktOnly = await insertCustomer(t.pool, { code: 'GS0002', name: '搜尋測試乙', idNumber: 'XY7654322', mobile1: '52525252' });
    const ktOnlyLoan = await insertLoan('KT', 'GS-AP-0103', 'GS-LN-0103', ktOnly);
    const before = await auditRows();
    for (const q of ['4040', '0404040', '4040-404', '1391234']) {
      const r = await found(clerk, q);
      expect(r.customers.map((c) => c.id)).toEqual([borrower]);
      expect(r.loans.map((l) => l.id)).toEqual([mkLoan]);
      expect(r.customers[0]!.mobile1).toBe('****4040');
      expect(JSON.stringify(r)).not.toContain('40404040');
    }
    // a repaying loan found offers its counter to a caller who takes receipts, not to one who does not
    expect((await found(clerk, '4040')).loans[0]!.counterPath).toBe(`/repayment/process?loanId=${mkLoan}`);
    expect((await found(accountant, 'GS-LN-0001')).loans[0]!.counterPath).toBeNull();
    // 3 digits or a whole number's worth are not a part of a phone
    expect((await found(clerk, '404')).customers).toEqual([]);
    expect(await auditRows()).toBe(before);
    // the Kowloon Tong borrower: not for the Mong Kok clerk, found by the manager who reaches every store
    expect(await found(clerk, '5252')).toEqual(NOTHING);
    const all = await found(manager, '5252');
    expect({ customers: all.customers.map((c) => c.id), loans: all.loans.map((l) => l.id) }).toEqual({ customers: [ktOnly], loans: [ktOnlyLoan] });
  });

  it('never finds another store’s loan for a one-store clerk, even by its exact numbers, and answers as for no such loan', async () => {
    for (const q of ['GS-LN-0002', 'GS-AP-0002']) {
      expect(await found(clerk, q)).toEqual(NOTHING);
      expect(await found(clerk, q)).toEqual(await found(clerk, q.replace('0002', '9999')));
      expect((await found(manager, q)).loans.map((l) => l.id)).toEqual([ktLoan]);
    }
    // the borrower's own search shows the Mong Kok loan only
    expect((await found(clerk, BORROWER.idNumber)).loans.map((l) => l.id)).toEqual([mkLoan]);
    expect((await found(manager, BORROWER.idNumber)).loans.map((l) => l.id)).toEqual([ktLoan, mkLoan]);
  });

  it('answers at most 8 of each and says there were more', async () => {
    for (let i = 3; i <= 12; i++) await insertLoan('MK', `GS-AP-${String(i).padStart(4, '0')}`, null, borrower);
    const r = await found(clerk, 'GS-AP-');
    expect(r.loans).toHaveLength(8);
    expect(r.moreLoans).toBe(true);
    // newest first
    expect(r.loans.map((l) => l.id)).toEqual([...r.loans.map((l) => l.id)].sort((a, b) => b - a));
    expect((await found(clerk, 'GS-AP-0001')).moreLoans).toBe(false);
  });

  it('answers each part only to its key: the accountant gets loans but no customers and no page they cannot open; the collector 403', async () => {
    const acc = await found(accountant, 'GS-LN-000');
    expect(acc.loans.map((l) => l.id)).toEqual([mkLoan]);
    expect(acc.loans[0]!.path).toBeNull();
    expect((await found(accountant, BORROWER.idNumber)).customers).toEqual([]);
    expect(acc.customers).toEqual([]);
    const res = await search(collector, BORROWER.idNumber);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a query under 2 characters or over 64 (400, translated); a name search writes no audit row, a number search one lookup row', async () => {
    const before = await auditRows();
    for (const q of [undefined, '', ' a ', 'x'.repeat(65)]) {
      const res = await search(clerk, q);
      expect(res.statusCode).toBe(400);
    }
    const short = await search(clerk, 'a');
    expect((short.body as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: 'q', message: 'At least 2 characters' }]);
    expect((await search(clerk, 'a', 'zh-TW')).body).not.toEqual(short.body);
    await found(manager, 'GS-LN-0002');
    expect(await auditRows()).toBe(before);
    await found(clerk, BORROWER.idNumber);
    expect(await auditRows()).toBe(before + 1);
    const { rows } = await t.pool.query<{ action: string; module: string; after: unknown }>('select action, module, after from audit_log order by id desc limit 1');
    expect(rows[0]).toEqual({
      action: 'lookup',
      module: 'customers',
      after: { route: 'GET /search', filters: [{ filter: 'q', value: '*****4321' }], reveal: false },
    });
  });

  it('gives a caller without the loan key no loans, even their own store’s', async () => {
    await t.pool.query(`delete from role_permissions where permission_key = 'loan.list' and role_id = (select id from roles where name = 'clerk')`);
    const r = await found(clerk, BORROWER.idNumber);
    expect(r.loans).toEqual([]);
    expect(r.customers.map((c) => c.id)).toEqual([borrower]);
  });
});
