import type { LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Money and quantity inputs of a loan are refused by the contract when the column could not hold
 * them exactly (issue: "0.001" used to answer 500 from a database constraint, "12.345" was stored
 * as 12.35). Each answers 400 naming the field, in the caller's language, and nothing is stored.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let borrower: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TM0001', 'personal', '何數目', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
});
afterAll(() => t.close());

const application = (over: Record<string, unknown> = {}) => ({
  customerId: borrower,
  loanType: 'private_loan',
  applyDate: '2026-11-02',
  loanDate: '2026-11-02',
  interestStartDate: '2026-11-02',
  loanAmount: '50000',
  totalTenor: 12,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '1.2',
  ...over,
});

type Errors = { errors?: { field: string; message: string }[] };
const errorsOf = (body: unknown) => (body as Errors).errors ?? [];
const count = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql)).rows[0]!.n);

describe('money inputs of a loan', () => {
  it('refuses a loan amount of 0.001 and of 12.345 with 400 naming the field, in zh-TW, en and zh-CN; nothing is stored', async () => {
    const before = await count('select count(*) n from loans');
    const expected: Record<string, string> = { 'zh-TW': '金額最多兩位小數', en: 'Enter an amount with at most two decimals', 'zh-CN': '金额最多两位小数' };
    for (const amount of ['0.001', '12.345']) {
      for (const [lang, message] of Object.entries(expected)) {
        const res = await call<unknown>(t.app, 'POST', '/loans', { token: clerk, lang, body: application({ loanAmount: amount }) });
        expect(res.statusCode, `${amount} ${lang}`).toBe(400);
        expect(errorsOf(res.body).filter((e) => e.field === 'loanAmount').map((e) => e.message)).toEqual([message]);
      }
    }
    expect(await count('select count(*) n from loans')).toBe(before);
    expect(await count(`select count(*) n from loans where loan_amount in (0, 12.35)`)).toBe(0);
  });

  it('refuses zero, an amount beyond NUMERIC(16,2) and three decimals in every other money or quantity field of the application', async () => {
    const before = await count('select count(*) n from loans');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ loanAmount: '0' }, 'loanAmount', 'Must be greater than 0'],
      [{ loanAmount: '123456789012345' }, 'loanAmount', 'Out of the allowed range'],
      [{ maxInterest: '100.999' }, 'maxInterest', 'Enter an amount with at most two decimals'],
      [{ creditReferences: [{ creditName: '恒生銀行', loanAmount: '1000.001' }] }, 'creditReferences.0.loanAmount', 'Enter an amount with at most two decimals'],
      [{ creditReferences: [{ creditName: '恒生銀行', instalmentAmount: '99.999' }] }, 'creditReferences.0.instalmentAmount', 'Enter an amount with at most two decimals'],
      [{ collaterals: [{ ownerName: '何數目', address: '旺角', buyPrice: '1.234' }] }, 'collaterals.0.buyPrice', 'Enter an amount with at most two decimals'],
      [{ collaterals: [{ ownerName: '何數目', address: '旺角', usableArea: '500.125' }] }, 'collaterals.0.usableArea', 'Enter an amount with at most two decimals'],
      [{ collaterals: [{ ownerName: '何數目', address: '旺角', buildingArea: '123456789' }] }, 'collaterals.0.buildingArea', 'Out of the allowed range'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call<unknown>(t.app, 'POST', '/loans', { token: clerk, lang: 'en', body: application(over) });
      expect(res.statusCode, field).toBe(400);
      expect(errorsOf(res.body).filter((e) => e.field === field).map((e) => e.message), field).toEqual([message]);
    }
    expect(await count('select count(*) n from loans')).toBe(before);
  });

  it('accepts two decimals and thousands separators exactly as given', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application({ loanAmount: '12,345.67' }) }));
    expect(loan.loanAmount).toBe('12345.67');
  });

  it('refuses three decimals in the approval’s fees and up-front interest: 400 naming the field, the loan still awaits approval', async () => {
    const created = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application() }));
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${created.id}/submit`, { token: clerk, body: {} }));
    expect(loan.status).toBe('wait_approve');
    for (const field of ['upfrontInterest', 'handlingFee', 'lateDrawdownFee', 'overduePenalty', 'lockPeriodFee']) {
      for (const value of ['0.001', '12.345']) {
        const res = await call<unknown>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body: { [field]: value } });
        expect(res.statusCode, `${field} ${value}`).toBe(400);
        expect(errorsOf(res.body).filter((e) => e.field === field).map((e) => e.message), field).toEqual(['Enter an amount with at most two decimals']);
      }
    }
    const after = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(after.status).toBe('wait_approve');
    expect(after.approvals).toHaveLength(0);
  });
});
