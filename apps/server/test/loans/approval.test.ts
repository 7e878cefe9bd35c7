import type { ApprovalQuote, LoanItem, LoanListItem, Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let borrower: number;

beforeAll(async () => {
  t = await createTestApp();
  // these tests change rate and period settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TA0001', 'personal', '周借款', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
});
afterAll(() => t.close());

/** A clerk's application, submitted: it awaits approval. */
async function submitted(over: Record<string, unknown> = {}, token = clerk): Promise<LoanItem> {
  const loan = dataOf(
    await call<LoanItem>(t.app, 'POST', '/loans', {
      token,
      body: {
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
      },
    }),
  );
  return dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token, body: {} }));
}

const statusOf = async (id: number) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token: admin })).status;

describe('approval', () => {
  it('the manager approves a clerk’s application: the figures of the decision are kept and the status is approved', async () => {
    const loan = await submitted();
    expect(loan.approvalStatus).toBe('unratified');
    const list = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/approvals', { token: manager, query: { approvalStatus: 'unratified' } }));
    expect(list.items.map((l) => l.id)).toContain(loan.id);
    const approved = dataOf(
      await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, {
        token: manager,
        body: { handlingFee: '500', overdueRate: '36', earlySettleLockMonths: 3, lockPeriodFee: '1,000', placeOfNegotiation: '旺角店' },
      }),
    );
    expect(approved.status).toBe('approved');
    expect(approved.approvalStatus).toBe('approved');
    expect(approved.nextActions).toEqual(expect.arrayContaining(['payout', 'undo_approval', 'cancel']));
    expect(approved.approvals).toHaveLength(1);
    expect(approved.approvals[0]).toMatchObject({
      decision: 'approve',
      staffName: '陳經理',
      handlingFee: '500.00',
      actualReceivedAmount: '49500.00',
      overdueRate: '36',
      lockPeriodFee: '1000.00',
      firstDueDate: '2026-12-02',
      lastDueDate: '2027-11-02',
      extendedDays: 0,
    });
    // The deduction raises the Ordinance's rate the loan now carries.
    expect(Number(approved.mloRate)).toBeGreaterThan(Number(loan.mloRate));
    const audit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'loans' and reference = $1 order by id`, [String(loan.id)]);
    expect(audit.rows.at(-1)!.after).toMatchObject({ status: 'approved', action: 'approve', actualReceivedAmount: '49500.00' });
  });

  it('maker ≠ checker: whoever created or submitted the application cannot decide on it', async () => {
    const mine = await submitted({}, manager);
    for (const [action, body] of [
      ['approve', {}],
      ['reject', { remarks: 'x' }],
      ['return', { remarks: 'x' }],
    ] as const) {
      const res = await call(t.app, 'POST', `/loans/${mine.id}/${action}`, { token: manager, lang: 'en', body });
      expect(res.statusCode, action).toBe(422);
      expect((res.body as { message: string }).message).toMatch(/cannot decide/);
    }
    expect(await statusOf(mine.id)).toBe('wait_approve');
    // the loan detail says so beforehand, in the caller's language, so 批核 is not offered to the maker
    const detail = async (id: number, token: string) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token, lang: 'en' })).approveRefusal;
    expect(await detail(mine.id, manager)).toMatch(/cannot decide/);
    expect(await detail(mine.id, admin)).toBeNull();
    // The clerk has no approval keys at all.
    const other = await submitted();
    expect((await call(t.app, 'POST', `/loans/${other.id}/approve`, { token: clerk, body: {} })).statusCode).toBe(403);
  });

  it('the approver’s level caps the amount: the branch manager stops at 500,000, the owner does not', async () => {
    const big = await submitted({ loanAmount: '600000' });
    const res = await call(t.app, 'POST', `/loans/${big.id}/approve`, { token: manager, lang: 'en', body: {} });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toContain('maximum approved amount');
    expect(await statusOf(big.id)).toBe('wait_approve');
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${big.id}`, { token: manager, lang: 'en' })).approveRefusal).toBe((res.body as { message: string }).message);
    // 57,200.00 a month on an income of 80,000.00 (71.50 %) is above the debt-to-income limit: the owner says why.
    expect(dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${big.id}/approve`, { token: admin, body: { affordabilityReason: 'Rental income of two flats, tenancies seen' } })).status).toBe('approved');
  });

  it('refuses any approval above the Ordinance’s 48 %, counting the up-front deductions', async () => {
    // 1.85% flat is lawful (about 46.9% a year) until 8,000 of the 50,000 is kept back
    const loan = await submitted({ flatRate: '1.85' });
    const res = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body: { upfrontInterest: '8000', confirmExcess: true } });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/48%/);
    expect(await statusOf(loan.id)).toBe('wait_approve');
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).approvals).toEqual([]);
    // the dialog's live check said so while the figures were typed: the same rate, the same refusal
    const quote = async (query: Record<string, string>) =>
      dataOf(await call<ApprovalQuote>(t.app, 'GET', `/loans/${loan.id}/approvalQuote`, { token: manager, lang: 'en', query }));
    expect(await quote({})).toEqual({ rate: '46.5930', refusal: null });
    expect(await quote({ upfrontInterest: '8000' })).toEqual({ rate: '108.6316', refusal: (res.body as { message: string }).message });
  });

  it('applies the company’s maximum APR: confirm when the settings ask for it', async () => {
    const presets = dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: admin }));
    expect((await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...presets, maxApr: '25', maxAprExcessAction: 'prompt-and-confirm' } })).statusCode).toBe(200);
    const loan = await submitted();
    const ask = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body: {} });
    expect(ask.statusCode).toBe(422);
    expect((ask.body as { message: string }).message).toMatch(/confirm/);
    expect(dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: { confirmExcess: true } })).status).toBe('approved');
    await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: { ...presets, maxApr: '25', maxAprExcessAction: 'prompt-and-block' } });
    const blocked = await submitted();
    expect((await call(t.app, 'POST', `/loans/${blocked.id}/approve`, { token: manager, body: { confirmExcess: true } })).statusCode).toBe(422);
    await call(t.app, 'POST', '/createSystemPresets', { token: admin, body: presets });
  });

  it('rejects, sends back and undoes an approval, each a new decision with its reason', async () => {
    const rejected = await submitted();
    expect((await call(t.app, 'POST', `/loans/${rejected.id}/reject`, { token: manager, body: {} })).statusCode).toBe(400);
    const r = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${rejected.id}/reject`, { token: manager, body: { remarks: '收入不足' } }));
    expect(r).toMatchObject({ status: 'reject', approvalStatus: 'rejected', nextActions: [] });

    const back = await submitted();
    const b = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${back.id}/return`, { token: manager, body: { remarks: '請補充擔保人' } }));
    expect(b).toMatchObject({ status: 'pending', submittedAt: null, approvalStatus: null });
    expect(b.approvals.map((a) => [a.decision, a.remarks])).toEqual([['return', '請補充擔保人']]);

    const undo = await submitted();
    await call(t.app, 'POST', `/loans/${undo.id}/approve`, { token: manager, body: {} });
    const u = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${undo.id}/undoApproval`, { token: manager, body: { remarks: '條款需修改' } }));
    expect(u.status).toBe('wait_approve');
    expect(u.approvals.map((a) => a.decision)).toEqual(['approve', 'undo']);
    // Undo is not in the table from a status other than approved.
    expect((await call(t.app, 'POST', `/loans/${undo.id}/undoApproval`, { token: manager, body: { remarks: 'again' } })).statusCode).toBe(422);
  });
});
