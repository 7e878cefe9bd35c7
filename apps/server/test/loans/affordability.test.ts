import type { LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { insertCustomer } from '../helpers/loans.js';

let t: TestApp;
let manager: string;
let clerk: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
});
afterAll(() => t.close());

/** A personal borrower with this monthly salary (null: none recorded). */
const borrowerEarning = (salary: string | null) =>
  insertCustomer(t.pool, { code: `AF${++seq}`, name: `還款能力${seq}`, idNumber: `A${String(100000 + seq)}`, mobile1: `9${String(1000000 + seq)}`, salary });

/** A clerk's application, submitted: 50,000 over 12 months at 1.2% flat (instalment 4,766.67). */
async function submitted(customerId: number, over: Record<string, unknown> = {}): Promise<LoanItem> {
  const loan = dataOf(
    await call<LoanItem>(t.app, 'POST', '/loans', {
      token: clerk,
      body: {
        customerId,
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
      },
    }),
  );
  return dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
}

const approve = (id: number, body: Record<string, unknown> = {}, lang: 'en' | 'zh-TW' = 'en') =>
  call<LoanItem>(t.app, 'POST', `/loans/${id}/approve`, { token: manager, body, lang });
const messageOf = (res: { body: unknown }) => (res.body as { message: string }).message;
const approvalRow = async (loanId: number) =>
  (
    await t.pool.query<Record<string, string | null>>(
      `select monthly_income, existing_instalments, new_monthly_instalment, dti_ratio, dti_limit, affordability_reason from loan_approvals where loan_id = $1 and decision = 'approve'`,
      [loanId],
    )
  ).rows[0];

describe('affordability at approval (unsecured loan to an individual)', () => {
  it('refuses without the monthly income, and names each missing figure; nothing changes', async () => {
    const loan = await submitted(await borrowerEarning(null), { creditReferences: [{ creditName: 'HSBC card' }, { creditName: 'Car loan', instalmentAmount: '2000' }] });
    expect(loan.affordability).toMatchObject({ required: true, secured: false, individual: true, income: null, ratio: null, newMonthly: '4766.67' });
    expect(loan.affordability.missing).toEqual([
      { figure: 'income', name: null },
      { figure: 'existingInstalment', name: 'HSBC card' },
    ]);
    const res = await approve(loan.id);
    expect(res.statusCode).toBe(422);
    expect(messageOf(res)).toBe(
      'An unsecured loan to an individual needs its affordability figures before approval; missing: the borrower’s monthly income (monthly salary in the customer record); the monthly instalment of the existing debt “HSBC card” (section C)',
    );
    const zh = await approve(loan.id, {}, 'zh-TW');
    expect(messageOf(zh)).toBe('無抵押個人貸款須先記錄還款能力資料才可批核，尚欠：借款人每月收入（客戶資料的月薪）；現有債務「HSBC card」的每月供款（C 部）');
    expect((await t.pool.query(`select status from loans where id = $1`, [loan.id])).rows[0]).toEqual({ status: 'wait_approve' });
  });

  it('approves when the figures are recorded and the ratio is within the limit, and keeps them on the approval', async () => {
    const loan = await submitted(await borrowerEarning('20000.00'), { creditReferences: [{ creditName: 'Car loan', instalmentAmount: '1500' }] });
    // (1,500.00 + 4,766.67) / 20,000.00 = 31.33335 %
    expect(loan.affordability).toMatchObject({ income: '20000.00', existing: '1500.00', newInstalment: '4766.67', newMonthly: '4766.67', total: '6266.67', ratio: '31.33', limit: '50', aboveLimit: false, missing: [] });
    const res = await approve(loan.id);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res).status).toBe('approved');
    expect(await approvalRow(loan.id)).toEqual({
      monthly_income: '20000.00',
      existing_instalments: '1500.00',
      new_monthly_instalment: '4766.67',
      dti_ratio: '31.33',
      dti_limit: '50.00',
      affordability_reason: null,
    });
    expect(dataOf(res).approvals[0]).toMatchObject({ dtiRatio: '31.33', affordabilityReason: null });
  });

  it('refuses a ratio above the limit without a reason (ratio with two places and the limit), approves with one and audits it', async () => {
    const loan = await submitted(await borrowerEarning('8000.00'), { creditReferences: [{ creditName: 'Car loan', instalmentAmount: '1500' }] });
    // 6,266.67 / 8,000.00 = 78.333375 %
    expect(loan.affordability).toMatchObject({ ratio: '78.33', limit: '50', aboveLimit: true });
    const refused = await approve(loan.id, { affordabilityReason: '   ' });
    expect(refused.statusCode).toBe(422);
    expect(messageOf(refused)).toBe('The debt-to-income ratio of 78.33% is above the company’s limit of 50%; give a reason to approve');
    expect(messageOf(await approve(loan.id, {}, 'zh-TW'))).toBe('負債收入比率 78.33% 高於公司上限 50%，須填寫批核理由');
    const ok = await approve(loan.id, { affordabilityReason: 'Guaranteed bonus of 4 months, contract seen' });
    expect(ok.statusCode).toBe(200);
    expect(await approvalRow(loan.id)).toMatchObject({ dti_ratio: '78.33', dti_limit: '50.00', affordability_reason: 'Guaranteed bonus of 4 months, contract seen' });
    const audit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'loans' and reference = $1 order by id desc limit 1`, [String(loan.id)]);
    expect(audit.rows[0]!.after).toMatchObject({ action: 'approve', dtiRatio: '78.33', dtiLimit: '50', affordabilityReason: 'Guaranteed bonus of 4 months, contract seen' });
  });

  it('makes a non-monthly instalment monthly (every two weeks: × 26 / 12) before the ratio', async () => {
    const loan = await submitted(await borrowerEarning('30000.00'), { repayCycle: 'biweekly', totalTenor: 26, flatRate: '0.5', loanAmount: '26000' });
    const perPeriod = loan.instalmentAmount;
    expect(perPeriod).toBe('1130.00'); // 26,000 / 26 + 0.5 % of 26,000
    expect(loan.affordability).toMatchObject({ newInstalment: '1130.00', newMonthly: '2448.33', total: '2448.33', ratio: '8.16' });
  });

  it('with no limit set, a high ratio needs no reason', async () => {
    await t.pool.query(`insert into settings (key, value) values ('dtiReasonAbove', '""') on conflict (key) do update set value = excluded.value`);
    try {
      const loan = await submitted(await borrowerEarning('5000.00'));
      expect(loan.affordability).toMatchObject({ ratio: '95.33', limit: null, aboveLimit: false });
      expect((await approve(loan.id)).statusCode).toBe(200);
      expect(await approvalRow(loan.id)).toMatchObject({ dti_ratio: '95.33', dti_limit: null });
    } finally {
      await t.pool.query(`delete from settings where key = 'dtiReasonAbove'`);
    }
  });
});

describe('no affordability requirement', () => {
  it('for a loan secured by collateral, even without an income', async () => {
    const loan = await submitted(await borrowerEarning(null), { collaterals: [{ ownerName: '業主', address: '九龍旺角彌敦道 1 號' }] });
    expect(loan.affordability).toMatchObject({ required: false, secured: true, individual: true });
    expect((await approve(loan.id)).statusCode).toBe(200);
    expect(await approvalRow(loan.id)).toMatchObject({ monthly_income: null, dti_ratio: null, affordability_reason: null });
  });

  it('for a company borrower', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into customers (customer_code, type, name, id_type, id_number, mobile1) values ('AFCO1', 'company', '港灣貿易有限公司', 'br', '12345678', '23456789') returning id`,
    );
    const loan = await submitted(rows[0]!.id);
    expect(loan.affordability).toMatchObject({ required: false, secured: false, individual: false });
    expect((await approve(loan.id)).statusCode).toBe(200);
  });
});

describe('the limit setting', () => {
  it('takes a percent or empty (no limit), and refuses anything else', async () => {
    const current = dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: (await loginAs(t.app, 'admin')).access_token }));
    expect(current.dtiReasonAbove).toBe('50');
    const admin = (await loginAs(t.app, 'admin')).access_token;
    const bad = await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...current, dtiReasonAbove: 'half' }, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    const zero = await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...current, dtiReasonAbove: '0' }, lang: 'en' });
    expect(zero.statusCode).toBe(400);
    const none = await call<Record<string, unknown>>(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...current, dtiReasonAbove: null } });
    expect(dataOf(none).dtiReasonAbove).toBe('');
    const back = await call<Record<string, unknown>>(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...current, dtiReasonAbove: '45.5' } });
    expect(dataOf(back).dtiReasonAbove).toBe('45.5');
    await t.pool.query(`delete from settings where key = 'dtiReasonAbove'`);
  });
});
