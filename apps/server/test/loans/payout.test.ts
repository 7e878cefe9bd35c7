import type { LoanItem, LoanListItem, Page, PayoutQuote } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';

let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let borrower: number;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into customers (customer_code, type, name, id_type, id_number, mobile1, date_of_birth, salary)
     values ('TP0001', 'personal', '吳放款', 'hkid', 'A1234563', '91234567', '1980-05-01', '80000.00') returning id`,
  );
  borrower = rows[0]!.id;
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const terms = (loanDate: string) => ({
  customerId: borrower,
  loanType: 'private_loan',
  applyDate: loanDate,
  loanDate,
  interestStartDate: loanDate,
  loanAmount: '50000',
  totalTenor: 12,
  repayCycle: 'monthly',
  interestMethod: 'amortization',
  flatRate: '1.2',
});

/** A clerk's application, approved by the manager with up-front interest, a handling fee and a late drawdown fee. */
async function approved(loanDate: string): Promise<LoanItem> {
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: terms(loanDate) }));
  await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} });
  return dataOf(
    await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/approve`, {
      token: manager,
      body: { upfrontInterest: '600', handlingFee: '500', lateDrawdownFee: '200' },
    }),
  );
}

const lines = async (entryId: number) =>
  (
    await t.pool.query<{ account: string; debit: string; credit: string }>(
      `select account, debit::text, credit::text from journal_lines where entry_id = $1 order by account`,
      [entryId],
    )
  ).rows;

describe('payout', () => {
  it("keeps the referral agent's commission on the terms in force when the money is lent", async () => {
    const agent = (await t.pool.query<{ id: number }>(`select id from referral_agents where state = 'normal' order by id limit 1`)).rows[0]!.id;
    await t.pool.query(`update referral_agents set commission_kind = 'percent', commission = '1.37' where id = $1`, [agent]);
    const made = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: { ...terms(today), referralAgentId: agent } }));
    await call(t.app, 'POST', `/loans/${made.id}/submit`, { token: clerk, body: {} });
    await call(t.app, 'POST', `/loans/${made.id}/approve`, { token: manager, body: { upfrontInterest: '600', handlingFee: '500' } });
    await call(t.app, 'POST', `/loans/${made.id}/signedNote`, { token: accountant, body: { receivedOn: today } });
    dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${made.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    const kept = async () => (await t.pool.query<{ c: string | null }>(`select referral_commission::text c from loan_payouts where loan_id = $1`, [made.id])).rows[0]!.c;
    expect(await kept()).toBe('685.00'); // 1.37 % of 50,000.00
    // the agent's new terms are for loans lent from now on
    await t.pool.query(`update referral_agents set commission_kind = 'fixed', commission = '300.00' where id = $1`, [agent]);
    expect(await kept()).toBe('685.00');
    // a loan no agent introduced earns none
    const plain = await approved(today);
    await call(t.app, 'POST', `/loans/${plain.id}/signedNote`, { token: accountant, body: { receivedOn: today } });
    dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${plain.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    expect((await t.pool.query(`select referral_commission from loan_payouts where loan_id = $1`, [plain.id])).rows[0].referral_commission).toBeNull();
  });

  it('waits for the signed s.18 note, then pays out by cheque: loan number, schedule, journal entry, status repaying', async () => {
    const loan = await approved(today);
    const waiting = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/payouts', { token: accountant, query: { payoutStatus: 'waiting' } }));
    expect(waiting.items.map((l) => l.id)).toContain(loan.id);

    const early = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cheque', chequeNo: '000123' } });
    expect(early.statusCode).toBe(422);
    expect((early.body as { message: string }).message).toMatch(/s\.18/);

    const noted = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
    expect(noted).toMatchObject({ signedNoteReceivedOn: today, signedNoteReceivedByName: '黃會計' });

    const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${loan.id}/payoutQuote`, { token: accountant, query: { payoutDate: today } }));
    expect(quote).toMatchObject({ late: false, lateDrawdownFee: '0.00', totalDeducted: '1100.00', amountReceived: '48900.00' });

    const noCheque = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cheque' } });
    expect(noCheque.statusCode).toBe(400);

    const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cheque', chequeNo: '000123' } }));
    expect(paid.status).toBe('repaying');
    expect(paid.loanNo).toMatch(/\d/);
    expect(paid.payoutDate).toBe(today);
    expect(paid.payout).toMatchObject({ method: 'cheque', chequeNo: '000123', amountReceived: '48900.00', upfrontDeducted: '600.00', paidByName: '黃會計' });

    // The persisted schedule is the calculator's for the same terms.
    const calc = dataOf(
      await call<{ schedule: { tenor: number; dueDate: string; principal: string; interest: string; instalment: string; balance: string }[] }>(t.app, 'POST', '/tools/calculator', {
        token: clerk,
        body: { loanAmount: '50000', totalTenor: 12, repayCycle: 'monthly', interestMethod: 'amortization', flatRate: '1.2', loanDate: today, amountDeducted: '1100' },
      }),
    );
    expect(paid.instalments).toEqual(calc.schedule);
    expect(paid.instalments).toHaveLength(12);

    // One balanced entry: the receivable against the bank (a cheque), interest and fee income kept back.
    expect(await lines(paid.payout!.journalEntryId!)).toEqual([
      { account: 'bank', debit: '0.00', credit: '48900.00' },
      { account: 'feeIncome', debit: '0.00', credit: '500.00' },
      { account: 'interestIncome', debit: '0.00', credit: '600.00' },
      { account: 'loansReceivable', debit: '50000.00', credit: '0.00' },
    ]);
    const paidList = dataOf(await call<Page<LoanListItem>>(t.app, 'GET', '/payouts', { token: accountant, query: { payoutStatus: 'paid' } }));
    expect(paidList.items.map((l) => l.id)).toContain(loan.id);

    // The papers print from the loan's data, each print audited.
    for (const document of ['s18-note', 'schedule', 'payout-receipt']) {
      expect((await call(t.app, 'POST', `/loans/${loan.id}/print`, { token: accountant, body: { document, language: 'zh-TW' } })).statusCode, document).toBe(200);
    }
    const prints = await t.pool.query<{ after: { document: string } }>(`select after from audit_log where module = 'loans' and action = 'print' and reference = $1 order by id`, [String(loan.id)]);
    expect(prints.rows.map((r) => r.after.document)).toEqual(['s18-note', 'schedule', 'payout-receipt']);

    // Not twice.
    expect((await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } })).statusCode).toBe(422);
    expect(Number((await t.pool.query(`select count(*) n from loan_payouts where loan_id = $1`, [loan.id])).rows[0].n)).toBe(1);
  });

  it('charges the late drawdown fee when paid out after the agreed loan date, in cash', async () => {
    // agreed 10 days ago, the note signed within the 7 days (5 days ago), the money lent today
    const loan = await approved(addDays(today, -10));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: addDays(today, -5) } }));
    const quote = dataOf(await call<PayoutQuote>(t.app, 'GET', `/loans/${loan.id}/payoutQuote`, { token: accountant, query: { payoutDate: today } }));
    expect(quote).toMatchObject({ late: true, lateDrawdownFee: '200.00', feesDeducted: '700.00', amountReceived: '48700.00' });
    const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    expect(await lines(paid.payout!.journalEntryId!)).toEqual([
      { account: 'cash', debit: '0.00', credit: '48700.00' },
      { account: 'feeIncome', debit: '0.00', credit: '700.00' },
      { account: 'interestIncome', debit: '0.00', credit: '600.00' },
      { account: 'loansReceivable', debit: '50000.00', credit: '0.00' },
    ]);
  });

  it('refuses a future date, a date before the approval, and anyone without the payout key; nothing is written', async () => {
    const loan = await approved(today);
    await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } });
    expect((await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: '2099-01-01', method: 'cash' } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: '2026-01-01', method: 'cash' } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: clerk, body: { payoutDate: today, method: 'cash' } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/loans/${loan.id}/payoutQuote`, { token: clerk, query: { payoutDate: today } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/print`, { token: accountant, body: { document: 'payout-receipt', language: 'en' } })).statusCode).toBe(422);
    const after = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(after).toMatchObject({ status: 'approved', loanNo: null, payout: null, instalments: [] });
    expect(Number((await t.pool.query(`select count(*) n from journal_entries where loan_id = $1`, [loan.id])).rows[0].n)).toBe(0);
  });
});
