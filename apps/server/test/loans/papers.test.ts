import type { LoanItem, LoanPapers } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let collector: string;
let borrower: number;
let surety: number;
let today: string;

const reveals = async (loanId: number) =>
  (await t.pool.query<{ after: { customers: number[]; field: string } }>(`select after from audit_log where module = 'loans' and action = 'reveal' and reference = $1 order by id`, [String(loanId)])).rows;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  const people = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, english_name, id_type, id_number, mobile1, residential_address, salary, company_name, position)
     values ('PP0001', 'personal', '吳放款', 'NG Fong Fun', 'hkid', 'A1234563', '91234567', '九龍旺角彌敦道 1 號 3 樓', '30000.00', '海港運輸', '司機'),
            ('PP0002', 'personal', '馬保證', null, 'hkid', 'B2345678', '92345678', '新界荃灣大河道 8 號', null, null, null)
     returning id`,
  );
  borrower = people.rows[0]!.id;
  surety = people.rows[1]!.id;
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(() => t.close());

/** A Mong Kok loan of 50,000 over 12 months with a guarantor, a credit reference and a property, taken to `stage`. */
async function loanAt(stage: 'pending' | 'approved' | 'paid'): Promise<LoanItem> {
  const loan = dataOf(
    await call<LoanItem>(t.app, 'POST', '/loans', {
      token: clerk,
      body: {
        customerId: borrower,
        loanType: 'private_loan',
        applyDate: today,
        loanDate: today,
        interestStartDate: today,
        loanAmount: '50000',
        totalTenor: 12,
        repayCycle: 'monthly',
        interestMethod: 'amortization',
        flatRate: '1.2',
        partakers: [{ customerId: surety, role: 'guarantor', relation: '兄弟' }],
        creditReferences: [{ creditName: '甲財務', creditType: '私人貸款', loanAmount: '20000', instalmentAmount: '1500', outstandingTenors: 6 }],
        collaterals: [{ ownerName: '吳放款', address: '九龍旺角彌敦道 1 號 3 樓' }],
      },
    }),
  );
  if (stage === 'pending') return loan;
  await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} });
  const approved = dataOf(
    await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, {
      token: manager,
      body: { upfrontInterest: '600', handlingFee: '500', overdueRate: '24', overduePenalty: '300' },
    }),
  );
  if (stage === 'approved') return approved;
  await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } });
  return dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cheque', chequeNo: '000777' } }));
}

describe('GET /loans/{id}/papers', () => {
  it('answers what the papers print of a paid-out loan, ID numbers masked for a clerk and nothing audited', async () => {
    const loan = await loanAt('paid');
    const res = await call<LoanPapers>(t.app, 'GET', `/loans/${loan.id}/papers`, { token: clerk });
    expect(res.statusCode).toBe(200);
    const p = dataOf(res);
    expect(p.papers).toEqual(['s18-note', 'mlo-summary', 'terms-explained', 'third-party-declaration', 'affordability-declaration', 'schedule', 'payout-receipt']);
    expect(p.idNumbersRevealed).toBe(false);
    expect(p.lender).toMatchObject({ nameZh: '海港財務有限公司', nameEn: 'Harbour Finance Limited', licenceNo: '0999/2025' });
    expect(p.store).toMatchObject({ nameZh: '旺角店', address: '九龍旺角彌敦道 580 號' });
    expect(p.borrower).toMatchObject({ name: '吳放款', englishName: 'NG Fong Fun', address: '九龍旺角彌敦道 1 號 3 樓', salary: '30000.00' });
    expect(p.borrower.idNumber).not.toContain('A123456');
    expect(p.borrower.idNumber).toMatch(/\*/);
    expect(p.sureties).toHaveLength(1);
    expect(p.sureties[0]).toMatchObject({ name: '馬保證', address: '新界荃灣大河道 8 號' });
    expect(p.sureties[0]!.idNumber).not.toContain('B234567');
    expect(p.loan).toMatchObject({ loanNo: loan.loanNo, loanAmount: '50000.00', totalTenor: 12, payoutDate: today, loanDate: today });
    // The nominal annual rate is the contract's, before the 1,100 kept back: the application
    // form's figure for the same terms; the Schedule 2 rate, with the 1,100, is the higher one.
    const form = dataOf(
      await call<{ nominalRate: string; mloRate: string }>(t.app, 'POST', '/tools/calculator', {
        token: clerk,
        body: { loanAmount: '50000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.2', loanDate: today, interestStartDate: today },
      }),
    );
    expect(p.loan.nominalRate).toBe(form.nominalRate);
    expect(Number(p.loan.mloRate)).toBeGreaterThan(Number(form.mloRate));
    expect(Number(p.loan.mloRate)).toBeGreaterThan(Number(p.loan.nominalRate));
    // the loan page carries the same figure the papers print, beside the same Ordinance rate
    const item = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk }));
    expect({ nominalRate: item.nominalRate, mloRate: item.mloRate }).toEqual({ nominalRate: form.nominalRate, mloRate: p.loan.mloRate });
    expect(p.schedule.source).toBe('persisted');
    expect(p.schedule.rows).toEqual(loan.instalments);
    expect(p.loan.firstDueDate).toBe(loan.instalments[0]!.dueDate);
    expect(p.loan.lastDueDate).toBe(loan.instalments.at(-1)!.dueDate);
    expect(p.approval).toMatchObject({ overdueRate: '24', overduePenalty: '300.00', handlingFee: '500.00', upfrontInterest: '600.00' });
    expect(p.payout).toMatchObject({ method: 'cheque', chequeNo: '000777', upfrontInterest: '600.00', handlingFee: '500.00', lateDrawdownFee: '0.00', totalDeducted: '1100.00', amountReceived: '48900.00' });
    expect(p.creditReferences).toEqual([{ creditName: '甲財務', creditType: '私人貸款', loanAmount: '20000.00', instalmentAmount: '1500.00', outstandingTenors: 6 }]);
    expect(p.collaterals).toHaveLength(1);
    expect(await reveals(loan.id)).toEqual([]);
  });

  it('gives a reveal-key holder the whole ID numbers for signing, audited as a reveal of the loan’s people', async () => {
    const loan = await loanAt('approved');
    const p = dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${loan.id}/papers`, { token: manager }));
    expect(p.idNumbersRevealed).toBe(true);
    expect(p.borrower.idNumber).toBe('A123456(3)');
    expect(p.sureties[0]!.idNumber).toBe('B234567(8)');
    const rows = await reveals(loan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ field: 'idNumber', customers: [borrower, surety] });
  });

  it('computes the schedule from the terms before payout and offers no receipt', async () => {
    const approved = await loanAt('approved');
    const p = dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${approved.id}/papers`, { token: clerk }));
    expect(p.papers).not.toContain('payout-receipt');
    expect(p.papers).toContain('s18-note');
    expect(p.schedule.source).toBe('computed');
    expect(p.schedule.rows).toHaveLength(12);
    expect(p.payout).toBeNull();
    const pending = await loanAt('pending');
    const q = dataOf(await call<LoanPapers>(t.app, 'GET', `/loans/${pending.id}/papers`, { token: clerk }));
    expect(q.papers).toEqual(['schedule']);
    expect(q.approval).toBeNull();
    // The print action refuses what the loan does not have yet.
    expect((await call(t.app, 'POST', `/loans/${pending.id}/print`, { token: clerk, body: { document: 's18-note', language: 'en' } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/loans/${approved.id}/print`, { token: clerk, body: { document: 'payout-receipt', language: 'en' } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/loans/${approved.id}/print`, { token: clerk, body: { document: 'mlo-summary', language: 'zh-TW' } })).statusCode).toBe(200);
  });

  it('refuses a caller without the print key (403) and another store’s loan (404, like a missing one)', async () => {
    const loan = await loanAt('pending');
    expect((await call(t.app, 'GET', `/loans/${loan.id}/papers`, { token: collector })).statusCode).toBe(403);
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    const kt = await t.pool.query<{ id: number }>(
      `insert into loans (store_id, apply_no, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate, interest_method, repay_cycle, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, staff_id)
       values ($1, 'KT-PAPERS-1', $2, 'private_loan', '2026-11-02', '2026-11-02', '2026-11-02', 1000, 1, 'amortization', 'monthly', 1, 1010, 10, 12, 'ok', 1) returning id`,
      [rows[0]!.id, borrower],
    );
    const other = await call<unknown>(t.app, 'GET', `/loans/${kt.rows[0]!.id}/papers`, { token: clerk, lang: 'en' });
    const missing = await call<unknown>(t.app, 'GET', `/loans/99999999/papers`, { token: clerk, lang: 'en' });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect((other.body as { message: string }).message).toBe((missing.body as { message: string }).message);
    expect((await call(t.app, 'GET', `/loans/abc/papers`, { token: clerk })).statusCode).toBe(400);
    // The all-stores manager reaches it.
    expect((await call(t.app, 'GET', `/loans/${kt.rows[0]!.id}/papers`, { token: manager })).statusCode).toBe(200);
  });
});
