import type { LoanItem } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/http/i18n.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';

/**
 * MLO s.18 and s.20 timing through the API: the signed note's date between the agreement date and
 * today; payout refused on a note signed more than 7 days after the agreement or after the payout
 * date; the s.20 surety pack task of a loan with guarantors.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let accountant: string;
let borrower: number;
let guarantor: number;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  borrower = await insertCustomer(t.pool, { code: 'TS0001', name: '方簽署', idNumber: 'A1234563', mobile1: '91234501' });
  guarantor = await insertCustomer(t.pool, { code: 'TS0002', name: '余擔保', idNumber: 'B1234560', mobile1: '91234502' });
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

/** An application agreed `daysAgo` days ago, approved on that day too (the approval row's date moved back). */
async function approvedLoan(daysAgo: number, over: Record<string, unknown> = {}): Promise<LoanItem> {
  const agreed = addDays(today, -daysAgo);
  const body = smallApplication(borrower, { applyDate: agreed, loanDate: agreed, interestStartDate: agreed, ...over });
  const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
  dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: {} }));
  await t.pool.query(`update loan_approvals set decided_on = $2 where loan_id = $1`, [loan.id, agreed]);
  return dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
}

const get = async (id: number) => dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${id}`, { token: manager }));
const auditCount = async (id: number) => Number((await t.pool.query(`select count(*) n from audit_log where module = 'loans' and reference = $1`, [String(id)])).rows[0].n);
const payoutCount = async (id: number) => Number((await t.pool.query(`select count(*) n from loan_payouts where loan_id = $1`, [id])).rows[0].n);

describe('s.18: the signed note', () => {
  it('refuses a note dated before the agreement or after today; nothing changes', async () => {
    const loan = await approvedLoan(10);
    const audits = await auditCount(loan.id);
    const old = await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, lang: 'en', body: { receivedOn: '2000-01-01' } });
    expect(old.statusCode).toBe(422);
    expect((old.body as { message: string }).message).toBe(
      translate('en', 'loans.errors.signedNoteBeforeAgreement', { noteDate: '2000-01-01', agreementDate: loan.loanDate }),
    );
    const tomorrow = addDays(today, 1);
    const future = await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, lang: 'zh-TW', body: { receivedOn: tomorrow } });
    expect(future.statusCode).toBe(422);
    expect((future.body as { message: string }).message).toBe(translate('zh-TW', 'loans.errors.signedNoteInFuture', { noteDate: tomorrow, today }));
    expect(await get(loan.id)).toMatchObject({ signedNoteReceivedOn: null, signedNoteReceivedByName: null });
    expect(await auditCount(loan.id)).toBe(audits);
  });

  it('refuses the payout of a note signed 8 days after the agreement (re-sign), pays out on a note of day 7', async () => {
    const loan = await approvedLoan(10);
    const day8 = addDays(loan.loanDate, 8);
    const day7 = addDays(loan.loanDate, 7);
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: day8 } }));
    const audits = await auditCount(loan.id);

    const late = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: today, method: 'cash' } });
    expect(late.statusCode).toBe(422);
    const message = (late.body as { message: string }).message;
    expect(message).toBe(translate('en', 'loans.errors.signedNoteTooLate', { noteDate: day8, agreementDate: loan.loanDate, lastDay: day7 }));
    expect(message).toMatch(/re-signed/);
    expect(await payoutCount(loan.id)).toBe(0);
    expect(await get(loan.id)).toMatchObject({ status: 'approved', loanNo: null, signedNoteReceivedOn: day8 });
    expect(await auditCount(loan.id)).toBe(audits);

    // The right date recorded again replaces the earlier one, audited before and after.
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: day7 } }));
    const { rows } = await t.pool.query<{ before: { signedNoteReceivedOn: string }; after: { signedNoteReceivedOn: string } }>(
      `select before, after from audit_log where module = 'loans' and reference = $1 and after ? 'signedNoteReceivedOn' order by id desc limit 1`,
      [String(loan.id)],
    );
    expect(rows[0]).toMatchObject({ before: { signedNoteReceivedOn: day8 }, after: { signedNoteReceivedOn: day7 } });

    // The money cannot be lent before the note was signed (day 6), on its day it can.
    const early = await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, lang: 'en', body: { payoutDate: addDays(loan.loanDate, 6), method: 'cash' } });
    expect(early.statusCode).toBe(422);
    expect((early.body as { message: string }).message).toBe(translate('en', 'loans.errors.payoutBeforeSignedNote', { payoutDate: addDays(loan.loanDate, 6), noteDate: day7 }));
    expect(await payoutCount(loan.id)).toBe(0);

    const paid = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: day7, method: 'cash' } }));
    expect(paid).toMatchObject({ status: 'repaying', payoutDate: day7 });
  });

  it('accepts a note signed on the agreement day and pays out the same day', async () => {
    const loan = await approvedLoan(0);
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
    expect(dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } })).status).toBe('repaying');
  });
});

describe('s.20: the surety pack', () => {
  it('is a task of a loan with a guarantor, overdue after day 7, until recorded as given', async () => {
    const loan = await approvedLoan(10, { partakers: [{ customerId: guarantor, role: 'guarantor', relation: '朋友' }] });
    const dueBy = addDays(loan.loanDate, 7);
    expect(loan.suretyPack).toEqual({ dueBy, givenOn: null, givenByName: null, overdue: true, givenLate: false });

    const audits = await auditCount(loan.id);
    const before = await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, lang: 'en', body: { givenOn: addDays(loan.loanDate, -1) } });
    expect(before.statusCode).toBe(422);
    expect((before.body as { message: string }).message).toBe(
      translate('en', 'loans.errors.suretyPackBeforeAgreement', { givenOn: addDays(loan.loanDate, -1), agreementDate: loan.loanDate }),
    );
    expect((await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, body: { givenOn: addDays(today, 1) } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: clerk, body: { givenOn: dueBy } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, body: { givenOn: 'tomorrow' } })).statusCode).toBe(400);
    expect(await auditCount(loan.id)).toBe(audits);

    const given = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, body: { givenOn: addDays(loan.loanDate, 8) } }));
    expect(given.suretyPack).toEqual({ dueBy, givenOn: addDays(loan.loanDate, 8), givenByName: '黃會計', overdue: false, givenLate: true });
    const corrected = dataOf(await call<LoanItem>(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, body: { givenOn: dueBy } }));
    expect(corrected.suretyPack).toEqual({ dueBy, givenOn: dueBy, givenByName: '黃會計', overdue: false, givenLate: false });
    const { rows } = await t.pool.query<{ before: object; after: object }>(
      `select before, after from audit_log where module = 'loans' and reference = $1 and after ? 'suretyPackGivenOn' order by id`,
      [String(loan.id)],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ before: { suretyPackGivenOn: addDays(loan.loanDate, 8) }, after: { suretyPackGivenOn: dueBy } });
  });

  it('answers another store’s loan as it answers a missing one (404), and records nothing', async () => {
    const loan = await approvedLoan(2, { partakers: [{ customerId: guarantor, role: 'guarantor', relation: '朋友' }] });
    expect(loan.suretyPack).not.toBeNull();
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    await t.pool.query(`update loans set store_id = $1 where id = $2`, [rows[0]!.id, loan.id]);
    await t.pool.query(`update loan_partakers set store_id = $1 where loan_id = $2`, [rows[0]!.id, loan.id]);
    const before = await auditCount(loan.id);
    const other = await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, lang: 'en', body: { givenOn: today } });
    const missing = await call(t.app, 'POST', `/loans/99999999/suretyPack`, { token: accountant, lang: 'en', body: { givenOn: today } });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect((other.body as { message: string }).message).toBe((missing.body as { message: string }).message);
    expect((await t.pool.query(`select surety_pack_given_on from loans where id = $1`, [loan.id])).rows[0]).toEqual({ surety_pack_given_on: null });
    expect(await auditCount(loan.id)).toBe(before);
  });

  it('is not a task of a loan without a guarantor, nor before approval', async () => {
    const loan = await approvedLoan(3);
    expect(loan.suretyPack).toBeNull();
    const res = await call(t.app, 'POST', `/loans/${loan.id}/suretyPack`, { token: accountant, lang: 'en', body: { givenOn: today } });
    expect(res.statusCode).toBe(422);
    expect((res.body as { message: string }).message).toBe(translate('en', 'loans.errors.suretyPackNoSureties'));

    const body = smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, partakers: [{ customerId: guarantor, role: 'guarantor' }] });
    const pending = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body }));
    expect(pending.suretyPack).toBeNull();
    expect((await call(t.app, 'POST', `/loans/${pending.id}/suretyPack`, { token: accountant, body: { givenOn: today } })).statusCode).toBe(422);
  });
});
