import type { LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { hongKongToday } from '../helpers/repaying.js';

let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let borrower: number;
let referee: number;
let guarantor: number;

beforeAll(async () => {
  t = await createTestApp();
  [manager, clerk, collector] = await Promise.all(['manager', 'clerk', 'collector'].map(async (u) => (await loginAs(t.app, u)).access_token)) as [string, string, string];
  borrower = await insertCustomer(t.pool, { code: 'RF0001', name: '陳借款', idNumber: 'A1234563', mobile1: '91234567' });
  referee = await insertCustomer(t.pool, { code: 'RF0002', name: '李證明', idNumber: 'B2345678', mobile1: '98765432' });
  guarantor = await insertCustomer(t.pool, { code: 'RF0003', name: '黃擔保', idNumber: 'C3456789', mobile1: '62345678' });
  // The "visible tel. no." setting shows whole numbers: without the referee rule every phone would be seen.
  await t.pool.query(`insert into settings (key, value) values ('visibleTelDigits', '8') on conflict (key) do update set value = excluded.value`);
});
afterAll(() => t.close());

const application = () =>
  smallApplication(borrower, {
    partakers: [
      { customerId: referee, role: 'referee', relation: 'friend' },
      { customerId: guarantor, role: 'guarantor', relation: 'brother' },
    ],
  });
const newLoan = async () => dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application() }));
const refereeOf = (l: LoanItem) => l.partakers.find((p) => p.role === 'referee')!;
const consent = (id: number, body: Record<string, unknown>, token = clerk) => call<LoanItem>(t.app, 'POST', `/loans/${id}/refereeConsent`, { token, body, lang: 'en' });

describe('a referee’s consent to be contacted', () => {
  it('withholds the referee’s phone whole until the consent is recorded; other partakers’ phones show as usual', async () => {
    const loan = await newLoan();
    expect(refereeOf(loan)).toMatchObject({ phoneWithheld: true, consent: null, customer: { mobile1: '********', name: '李證明' } });
    expect(loan.partakers.find((p) => p.role === 'guarantor')).toMatchObject({ phoneWithheld: false, consent: null, customer: { mobile1: '62345678' } });
    // Every reader of the loan gets the same answer (the manager holds every reveal key).
    const seen = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(refereeOf(seen).customer.mobile1).toBe('********');

    const today = await hongKongToday(t);
    const after = dataOf(await consent(loan.id, { partakerId: refereeOf(loan).id, consentOn: today, method: 'written' }));
    expect(refereeOf(after)).toMatchObject({ phoneWithheld: false, consent: { consentOn: today, method: 'written', recordedByName: '李文員' }, customer: { mobile1: '98765432' } });
    const read = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(refereeOf(read).customer.mobile1).toBe('98765432');

    const audit = await t.pool.query<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `select action, before, after from audit_log where module = 'loans' and reference = $1 order by id desc limit 1`,
      [String(loan.id)],
    );
    expect(audit.rows[0]).toMatchObject({ action: 'edit', before: { partakerId: refereeOf(loan).id, consentOn: null, method: null }, after: { consentOn: today, method: 'written' } });
  });

  it('keeps the consent when the application is saved again with the same referee', async () => {
    const loan = await newLoan();
    await consent(loan.id, { partakerId: refereeOf(loan).id, consentOn: '2026-01-05', method: 'electronic' });
    const saved = dataOf(await call<LoanItem>(t.app, 'PUT', `/loans/${loan.id}`, { token: clerk, body: { ...application(), remarks: 'saved again' } }));
    expect(refereeOf(saved)).toMatchObject({ consent: { consentOn: '2026-01-05', method: 'electronic' }, phoneWithheld: false, customer: { mobile1: '98765432' } });
  });

  it('validates the date (not later than today) and the method, and records consent for referees only', async () => {
    const loan = await newLoan();
    const partakerId = refereeOf(loan).id;
    const future = await consent(loan.id, { partakerId, consentOn: '2999-01-01', method: 'written' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toMatchObject({ errors: [{ field: 'consentOn', message: 'The date cannot be later than today' }] });
    const badDate = await consent(loan.id, { partakerId, consentOn: '2026-02-30', method: 'written' });
    expect(badDate.statusCode).toBe(400);
    const badMethod = await consent(loan.id, { partakerId, consentOn: '2026-01-05', method: 'fax' });
    expect(badMethod.statusCode).toBe(400);
    expect((badMethod.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['method']);
    const notReferee = await consent(loan.id, { partakerId: loan.partakers.find((p) => p.role === 'guarantor')!.id, consentOn: '2026-01-05', method: 'written' });
    expect(notReferee.statusCode).toBe(422);
    expect((notReferee.body as { message: string }).message).toBe('Consent to be contacted is recorded for referees only');
    const otherLoans = await consent(loan.id, { partakerId: 99999999, consentOn: '2026-01-05', method: 'written' });
    expect(otherLoans.statusCode).toBe(404);
    // nothing was recorded
    expect(refereeOf(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: clerk })))).toMatchObject({ consent: null, phoneWithheld: true });
  });

  it('refuses a caller without the application’s edit key (403) and another store’s loan (404)', async () => {
    const loan = await newLoan();
    const partakerId = refereeOf(loan).id;
    expect((await consent(loan.id, { partakerId, consentOn: '2026-01-05', method: 'written' }, collector)).statusCode).toBe(403);
    const { rows } = await t.pool.query<{ id: number }>(`select id from stores where code = 'KT'`);
    await t.pool.query(`update loans set store_id = $1 where id = $2`, [rows[0]!.id, loan.id]);
    await t.pool.query(`update loan_partakers set store_id = $1 where loan_id = $2`, [rows[0]!.id, loan.id]);
    const other = await consent(loan.id, { partakerId, consentOn: '2026-01-05', method: 'written' });
    expect(other.statusCode).toBe(404);
    expect((await t.pool.query(`select consent_on from loan_partakers where id = $1`, [partakerId])).rows[0]).toEqual({ consent_on: null });
  });
});
