import type { LoanItem, LoanListItem, Page } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let accountant: string;
let borrower: number;
let guarantor: number;
let minor: number;
let blacklisted: number;

/** Customers are written straight into the table here: the customer register has its own tests. */
async function customer(code: string, name: string, idNumber: string, mobile1: string, dateOfBirth: string, listStatus = 'white'): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, list_status, salary)
     values ($1, 'personal', $2, 'hkid', $3, $4, $5, $6, '80000.00') returning id`,
    [code, name, idNumber, mobile1, dateOfBirth, listStatus],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  borrower = await customer('TC0001', '陳大文', 'A1234563', '91234567', '1980-05-01');
  guarantor = await customer('TC0002', '陳小文', 'B2345678', '62345678', '1982-01-01');
  minor = await customer('TC0003', '李細路', 'C3456789', '53456789', '2010-01-01');
  blacklisted = await customer('TC0004', '黑名單', 'D4567890', '94567890', '1970-01-01', 'black');
});
afterAll(() => t.close());

const application = (over: Record<string, unknown> = {}) => ({
  customerId: borrower,
  loanType: 'private_loan',
  applyDate: '2026-11-02',
  loanDate: '2026-11-02',
  interestStartDate: '2026-11-02',
  loanAmount: '50,000',
  totalTenor: 12,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '1.2',
  loanPurpose: 'cash_flow',
  payoutMethod: 'cheque',
  ...over,
});

const count = async (sql: string) => Number((await t.pool.query<{ n: string }>(sql)).rows[0]!.n);

const statusOf = async (id: number) => (await t.pool.query<{ status: string }>(`select status from loans where id = $1`, [id])).rows[0]!.status;

describe('applications', () => {
  it('saves an application with its sections, numbered by the code format, with the terms computed by the domain', async () => {
    const res = await call<LoanItem>(t.app, 'POST', '/loans', {
      token: clerk,
      body: application({
        partakers: [{ customerId: guarantor, role: 'guarantor', relation: '兄弟' }],
        creditReferences: [{ creditName: '恒生銀行', creditType: '私人貸款', loanAmount: '100000', instalmentAmount: '3,000', outstandingTenors: 10 }],
      }),
    });
    expect(res.statusCode).toBe(200);
    const loan = dataOf(res);
    expect(loan.status).toBe('pending');
    expect(loan.applyNo).toMatch(/\d/);
    expect(loan.loanNo).toBeNull();
    expect(loan.loanAmount).toBe('50000.00');
    // 50,000 at 1.2 % a month flat over 12 months: 7,200 interest, 4,766.67 a month (the calculator's figures).
    expect(loan.totalInterest).toBe('7200.00');
    expect(loan.instalmentAmount).toBe('4766.67');
    expect(loan.mloStatus).toBe('ok');
    expect(loan.storeName).toBe('旺角店');
    expect(loan.customer.idNumber).not.toContain('1234563');
    expect(loan.partakers).toHaveLength(1);
    expect(loan.partakers[0]!.customer.name).toBe('陳小文');
    expect(loan.creditReferences[0]!.instalmentAmount).toBe('3000.00');
    expect(loan.nextActions).toEqual(expect.arrayContaining(['submit', 'cancel']));
    const calc = dataOf(
      await call<{ instalmentAmount: string; totalInterest: string; mloRate: string }>(t.app, 'POST', '/tools/calculator', {
        token: clerk,
        body: { loanAmount: '50000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.2', loanDate: '2026-11-02' },
      }),
    );
    expect([loan.instalmentAmount, loan.totalInterest, Number(loan.mloRate)]).toEqual([calc.instalmentAmount, calc.totalInterest, Number(calc.mloRate)]);
    const audit = await t.pool.query<{ action: string; after: Record<string, unknown> }>(`select action, after from audit_log where module = 'loans' and reference = $1`, [loan.applyNo]);
    expect(audit.rows.map((r) => r.action)).toEqual(['add']);
  });

  it('refuses bad input on its field, in the caller’s language, and saves nothing', async () => {
    const before = await count('select count(*) n from loans');
    const cases: [Record<string, unknown>, string][] = [
      [{ flatRate: undefined }, 'flatRate'],
      [{ effectiveRate: '20' }, 'effectiveRate'],
      [{ loanDate: '2026-11-10' }, 'loanDate'],
      [{ customerId: minor }, 'customerId'],
      [{ customerId: 999999 }, 'customerId'],
      [{ loanType: 'no_such_type' }, 'loanType'],
      [{ partakers: [{ customerId: borrower, role: 'guarantor' }] }, 'partakers.0.customerId'],
      [{ autopayBankCode: '12' }, 'autopayBankCode'],
      [{ loanAmount: '-5' }, 'loanAmount'],
    ];
    for (const [over, field] of cases) {
      const res = await call<unknown>(t.app, 'POST', '/loans', { token: clerk, lang: 'en', body: application(over) });
      expect(res.statusCode, field).toBe(400);
      const errors = (res.body as { errors?: { field: string; message: string }[] }).errors ?? [];
      expect(errors.map((e) => e.field), field).toContain(field);
      expect(JSON.stringify(errors)).not.toMatch(/loans\.|validation\./);
    }
    expect(await count('select count(*) n from loans')).toBe(before);
  });

  it('edits a pending application and replaces its sections, then refuses edits once submitted', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application({ partakers: [{ customerId: guarantor, role: 'joint' }] }) }));
    const edited = dataOf(
      await call<LoanItem>(t.app, 'PUT', `/loans/${loan.id}`, {
        token: clerk,
        body: application({ loanAmount: '60000', collaterals: [{ ownerName: '陳大文', ownerIdNumber: 'A123456(3)', address: '九龍旺角彌敦道 1 號 10 樓 A 室', buyPrice: '3,000,000' }] }),
      }),
    );
    expect(edited.loanAmount).toBe('60000.00');
    expect(edited.partakers).toEqual([]);
    expect(edited.collaterals[0]!.ownerIdNumber).not.toContain('1234563');
    expect(edited.collaterals[0]!.buyPrice).toBe('3000000.00');
    const submitted = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
    expect(submitted.status).toBe('wait_approve');
    expect(submitted.submittedAt).not.toBeNull();
    const again = await call(t.app, 'PUT', `/loans/${loan.id}`, { token: clerk, lang: 'en', body: application() });
    expect(again.statusCode).toBe(422);
    expect((again.body as { message: string }).message).toMatch(/pending/);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} })).statusCode).toBe(422);
  });

  it('blocks the submission of a blacklisted person unless a manager gives a reason', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application({ partakers: [{ customerId: blacklisted, role: 'guarantor' }] }) }));
    const refused = await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, lang: 'en', body: {} });
    expect(refused.statusCode).toBe(422);
    expect((refused.body as { message: string }).message).toContain('黑名單');
    expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: { overrideReason: 'known' } })).statusCode).toBe(403);
    const overridden = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: manager, body: { overrideReason: '擔保人已清還舊債' } }));
    expect(overridden.status).toBe('wait_approve');
    expect(overridden.blacklistOverrideReason).toBe('擔保人已清還舊債');
    const audit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'loans' and reference = $1 and action = 'edit'`, [String(loan.id)]);
    expect(audit.rows[0]!.after).toMatchObject({ status: 'wait_approve', blacklistOverride: '擔保人已清還舊債' });
  });

  it('catches a partaker whose phone is on the blacklist, in any spelling, though the customer is white', async () => {
    await t.pool.query(`insert into blacklist (phone, name, remarks) values ('62345678', '陳小文', 'test')`);
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application({ partakers: [{ customerId: guarantor, role: 'guarantor' }] }) }));
    const refused = await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, lang: 'en', body: {} });
    expect(refused.statusCode).toBe(422);
    expect((refused.body as { message: string }).message).toContain('陳小文');
    await t.pool.query(`delete from blacklist where phone = '62345678'`);
    expect(dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} })).status).toBe('wait_approve');
  });

  it('a guarantor blacklisted after submission stops the approval and the payout, unless a manager gives a reason each time', async () => {
    const today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
    const body = application({ applyDate: today, loanDate: today, interestStartDate: today, partakers: [{ customerId: guarantor, role: 'guarantor' }] });
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
    expect(dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} })).status).toBe('wait_approve');
    await t.pool.query(`insert into blacklist (phone, name, remarks) values ('62345678', '陳小文', 'added after submission')`);
    try {
      const approval = { overdueRate: '36', affordabilityReason: 'Guarantor of long standing' };
      const refused = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, lang: 'en', body: approval });
      expect(refused.statusCode).toBe(422);
      expect((refused.body as { message: string }).message).toContain('陳小文');
      expect(await statusOf(loan.id)).toBe('wait_approve');
      const approved = await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: { ...approval, overrideReason: 'Number reused by a new subscriber' } });
      expect(approved.statusCode, JSON.stringify(approved.body)).toBe(200);
      const approveAudit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'loans' and reference = $1 and after->>'action' = 'approve'`, [String(loan.id)]);
      expect(approveAudit.rows[0]!.after).toMatchObject({ blacklistOverride: 'Number reused by a new subscriber', blacklisted: [guarantor] });
      dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
      const payout = { payoutDate: today, method: 'cash' };
      const stopped = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: payout });
      expect(stopped.statusCode).toBe(422);
      expect((await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { ...payout, overrideReason: 'paid anyway' } })).statusCode).toBe(403);
      expect(await statusOf(loan.id)).toBe('approved');
      const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: manager, body: { ...payout, overrideReason: 'Cleared with the guarantor by phone' } }));
      expect(paid.status).toBe('repaying');
      const payoutAudit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'loans' and reference = $1 and after->>'action' = 'payout'`, [String(loan.id)]);
      expect(payoutAudit.rows[0]!.after).toMatchObject({ blacklistOverride: 'Cleared with the guarantor by phone', blacklisted: [guarantor] });
    } finally {
      await t.pool.query(`delete from blacklist where phone = '62345678'`);
    }
  });

  it('a customer marked black puts their numbers on the blacklist; white again takes them off', async () => {
    const entries = async () => (await t.pool.query<{ id_number: string; phone: string }>(`select id_number, phone from blacklist where customer_id = $1`, [guarantor])).rows;
    expect((await call(t.app, 'POST', `/customers/${guarantor}/blacklist`, { token: manager, body: { reason: '欺詐' } })).statusCode).toBe(200);
    expect(await entries()).toEqual([{ id_number: 'B2345678', phone: '62345678' }]);
    const audit = await t.pool.query<{ after: Record<string, unknown> }>(`select after from audit_log where module = 'customers' and reference = $1 order by id desc limit 1`, [String(guarantor)]);
    expect(audit.rows[0]!.after).toMatchObject({ listStatus: 'black' });
    expect((await call(t.app, 'POST', `/customers/${guarantor}/whitelist`, { token: manager, body: { reason: '已澄清' } })).statusCode).toBe(200);
    expect(await entries()).toEqual([]);
  });

  it('refuses to submit an application above the Ordinance’s 48 % rate', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application({ flatRate: undefined, effectiveRate: '55' }) }));
    expect(loan.mloStatus).toBe('illegal');
    const res = await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, lang: 'en', body: {} });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/48%/);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })).status).toBe('pending');
  });

  it('cancels with the client’s reason; a cancelled loan takes no further action', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application() }));
    expect((await call(t.app, 'POST', `/loans/${loan.id}/cancel`, { token: clerk, body: { reason: '' } })).statusCode).toBe(400);
    const cancelled = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/cancel`, { token: clerk, body: { reason: '客戶不需要' } }));
    expect(cancelled).toMatchObject({ status: 'cancel', cancelReason: '客戶不需要', nextActions: [] });
    expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} })).statusCode).toBe(422);
  });
});

describe('the loan list', () => {
  it('finds by exact ID number or phone in any spelling, by number or name, and never by part of a personal number', async () => {
    const list = async (query: Record<string, string>) => dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query })).items;
    const mine = await list({ q: 'a123456(3)' });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.customer.id === borrower)).toBe(true);
    expect((await list({ q: '+852 9123 4567' })).every((l) => l.customer.id === borrower)).toBe(true);
    expect(await list({ q: '1234563' })).toEqual([]);
    expect((await list({ q: '陳大' })).length).toBeGreaterThan(0);
    const first = mine[0]!;
    expect((await list({ q: first.applyNo })).map((l) => l.id)).toEqual([first.id]);
    expect((await list({ status: 'cancel' })).every((l) => l.status === 'cancel')).toBe(true);
    // the reloan filter: whether an application refinances the loan (reloan.test.ts has real reloans); none here does
    const theirs = (await list({ customerId: String(borrower) })).map((l) => l.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect((await list({ reloan: 'none', customerId: String(borrower) })).map((l) => l.id)).toEqual(theirs);
    expect(await list({ reloan: 'have-pending', customerId: String(borrower) })).toEqual([]);
  });

  it('pages and sorts on the server with the same total on every page, past the last page too', async () => {
    const pageOf = async (query: Record<string, string>) => dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query }));
    const all = await pageOf({ pageSize: '100', sort: 'loanAmount:desc' });
    expect(all.total).toBeGreaterThan(3);
    const amounts = all.items.map((l) => Number(l.loanAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const second = await pageOf({ pageSize: '2', page: '2', sort: 'loanAmount:desc' });
    expect(second.total).toBe(all.total);
    expect(second.items.map((l) => l.id)).toEqual(all.items.slice(2, 4).map((l) => l.id));
    const beyond = await pageOf({ pageSize: '2', page: String(Math.ceil(all.total / 2) + 1) });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.total);
    const byName = await pageOf({ q: '陳大', pageSize: '1', page: '99' });
    expect(byName.items).toEqual([]);
    expect(byName.total).toBe((await pageOf({ q: '陳大' })).total);
  });

  it('keeps another store’s applications out of sight: list, totals, get, edit and actions', async () => {
    // The manager (all stores) switches nothing: a clerk of Mong Kok never sees a Kwun Tong application.
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    const kt = rows[0]!.id;
    const created = await t.pool.query<{ id: number }>(
      `insert into loans (store_id, apply_no, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
       values ($1, 'KT-TEST-1', $2, 'private_loan', '2026-11-02', '2026-11-02', '2026-11-02', 1000, 1, 'amortization', 'monthly', 1, 1010, 10, 12, 'ok', 1) returning id`,
      [kt, borrower],
    );
    const id = created.rows[0]!.id;
    const page = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query: { q: 'KT-TEST-1' } }));
    expect(page.total).toBe(0);
    expect(dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/loans', { token: clerk, query: { storeId: String(kt) } })).total).toBe(0);
    expect((await call(t.app, 'GET', `/loans/${id}`, { token: clerk })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/loans/${id}`, { token: clerk, body: application() })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/loans/${id}/cancel`, { token: clerk, body: { reason: 'x' } })).statusCode).toBe(404);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token: manager })).applyNo).toBe('KT-TEST-1');
  });

  it('lets only holders of the keys save, submit or cancel', async () => {
    expect((await call(t.app, 'GET', '/loans', { token: accountant })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/loans', { token: accountant, body: application() })).statusCode).toBe(403);
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: admin, body: application() }));
    expect((await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: accountant, body: {} })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/cancel`, { token: accountant, body: { reason: 'x' } })).statusCode).toBe(403);
  });
});
