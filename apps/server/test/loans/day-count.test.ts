/**
 * The day-count convention setting end to end: it round-trips through the default settings, the
 * stored days-of-year setting migrates to it, the calculator follows it, and an application stated
 * at an effective rate is decided on the rate it really delivers (47.99 / 48.00 / 48.01).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CalculatorResult, LoanItem, SystemSettings } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';

let t: TestApp;
let admin: string;
let clerk: string;
let borrower: number;

beforeAll(async () => {
  t = await createTestApp();
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, list_status)
     values ('DC0001', 'personal', '陳大文', 'hkid', 'A1234563', '91234567', '1980-05-01', 'white') returning id`,
  );
  borrower = rows[0]!.id;
});
afterAll(() => t.close());

const settings = async () => dataOf(await call<SystemSettings>(t.app, 'GET', '/getSystemPresets', { token: admin }));
const saveDayCount = (dayCount: unknown, lang = 'en') => call<SystemSettings>(t.app, 'POST', '/createSystemPresets', { token: admin, lang, body: { dayCount } });
const calculator = async (effectiveRate: string) =>
  dataOf(
    await call<CalculatorResult>(t.app, 'POST', '/tools/calculator', {
      token: clerk,
      body: { loanAmount: '10000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', effectiveRate, loanDate: '2024-01-31' },
    }),
  );

describe('the day-count setting', () => {
  it('defaults to actual/365, round-trips each convention and refuses anything else with 400', async () => {
    expect((await settings()).dayCount).toBe('actual/365');
    for (const dayCount of ['30/360', 'actual/360', 'actual/365'] as const) {
      expect((await saveDayCount(dayCount)).statusCode).toBe(200);
      expect((await settings()).dayCount).toBe(dayCount);
    }
    for (const bad of ['actual/366', 365, '', null]) {
      const res = await saveDayCount(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', errors: [{ field: 'dayCount' }] });
    }
    expect((await settings()).dayCount).toBe('actual/365');
  });

  it('migrates a saved days-of-year setting: 360 → actual/360, 365 → actual/365', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = fs.readFileSync(path.join(here, '../../drizzle/0038_day_count_setting.sql'), 'utf8');
    for (const [stored, expected] of [['360', 'actual/360'], ['365', 'actual/365']] as const) {
      await t.pool.query(`delete from settings where key in ('dayCount', 'daysOfYear')`);
      await t.pool.query(`insert into settings (key, value) values ('daysOfYear', $1::jsonb)`, [stored]);
      for (const statement of migration.split('--> statement-breakpoint')) await t.pool.query(statement);
      expect((await settings()).dayCount).toBe(expected);
      expect((await t.pool.query(`select 1 from settings where key = 'daysOfYear'`)).rowCount).toBe(0);
    }
  });

  it('the calculator follows it: 36% stated delivers 36% on the chosen convention', async () => {
    // domain figures (packages/domain/src/day-count.test.ts): 10,000 × 12 monthly from 31 Jan 2024
    dataOf(await saveDayCount('actual/360'));
    const a360 = await calculator('36');
    expect(a360.effectiveRate).toBe('36.0000');
    // the Ordinance measures actual days over 365: the same loan reads higher there
    expect(a360.mloRate).toBe('36.5819');
    dataOf(await saveDayCount('actual/365'));
    const a365 = await calculator('36');
    expect(a365.mloRate).toBe('35.9999');
    expect(a365.instalmentAmount).not.toBe(a360.instalmentAmount);
  });
});

describe('the 48% line on the stated effective rate (actual/365)', () => {
  const apply = (effectiveRate: string) =>
    call<LoanItem>(t.app, 'POST', '/loans', {
      token: clerk,
      body: {
        customerId: borrower, loanType: 'private_loan', applyDate: '2026-11-02', loanDate: '2026-11-02', interestStartDate: '2026-11-02',
        loanAmount: '10,000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', effectiveRate,
        loanPurpose: 'cash_flow', payoutMethod: 'cheque',
      },
    });
  const submit = (id: number) => call<LoanItem>(t.app, 'POST', `/loans/${id}/submit`, { token: clerk, lang: 'en', body: {} });

  it.each([
    ['47.99', 'extortionate'],
    ['48.00', 'extortionate'],
  ])('%s stated is submitted (%s)', async (rate, status) => {
    const loan = dataOf(await apply(rate));
    expect(loan.mloStatus).toBe(status);
    expect(Number(loan.mloRate)).toBeLessThanOrEqual(Number(rate));
    expect(dataOf(await submit(loan.id)).status).toBe('wait_approve');
  });

  it('48.01% stated is refused at submission', async () => {
    const loan = dataOf(await apply('48.01'));
    expect(loan.mloStatus).toBe('illegal');
    expect(Number(loan.mloRate).toFixed(4)).toBe('48.0099');
    const res = await submit(loan.id);
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/Money Lenders Ordinance limit of 48%/);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })).status).toBe('pending');
  });
});
