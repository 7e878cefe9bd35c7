import type { LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Application numbers through the real route (issue: "a new loan after changing the code format gets
 * a number in the new format; 50 concurrent applications get 50 distinct gapless numbers").
 */
let t: TestApp;
let admin: string;
let clerk: string;
let borrower: number;
let today: string;
let compact: string;

beforeAll(async () => {
  // The app's pool (4 connections) keeps the burst's transactions overlapping on the counter's row.
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TN0001', 'personal', '編號測試', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
  compact = today.replace(/-/g, '');
});
afterAll(() => t.close());

const apply = () =>
  call<LoanItem>(t.app, 'POST', '/loans', {
    token: clerk,
    body: {
      customerId: borrower, loanType: 'private_loan', applyDate: today, loanDate: today, interestStartDate: today,
      loanAmount: '10000', totalTenor: 6, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1',
    },
  });

describe('application numbers', () => {
  it('follow a changed code format at once, and 50 applications at the same moment get 50 distinct numbers without a gap', async () => {
    const saved = await call(t.app, 'PUT', '/codeFormats/applyNo', {
      token: admin,
      body: { prefix: 'NEW', includeStoreCode: true, datePart: 'YYYYMMDD', seqWidth: 4, reset: 'daily' },
    });
    expect(saved.statusCode).toBe(200);
    const first = dataOf(await apply());
    expect(first.applyNo).toBe(`NEWMK${compact}0001`);

    const burst = await Promise.all(Array.from({ length: 50 }, () => apply()));
    const numbers = burst.map((r) => dataOf(r).applyNo);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.every((n) => n.startsWith(`NEWMK${compact}`))).toBe(true);
    expect(numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
  });
});
