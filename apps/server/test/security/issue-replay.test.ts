import { API_BASE, type ApprovalRequested, type CustomerItem, type LoanDocument, type LoanItem, type Page, type SearchResult } from '@harbour/contracts';
import { hkidCheckDigit } from '@harbour/domain';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/http/i18n.js';
import { call, dataOf, loginAs, type ApiAnswer } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { requestAndApprove } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';
import { storeIds } from '../admin/helpers.js';

/**
 * Issue 26's reproductions, replayed one by one as the issue tells them (the bullets at its top,
 * each point of "Smaller" included): each now meets a clear refusal — its status and the message of
 * its key in the caller's language — and changes nothing (rows and figures counted before and
 * after). The areas' own files test each rule in depth; this file is the checklist.
 */
let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let seq = 0;
const staffId: Record<string, number> = {};

const hkid = (prefix: string, digits: string) => `${prefix}${digits}${hkidCheckDigit(prefix, digits)}`;
const count = async (sql: string, params: unknown[] = []) => Number((await t.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
const key = () => `replay-${++seq}-${Date.now()}`;

/** The answer is the refusal of `code` (translated as the server does, in English) with `status`. */
function expectRefusal(res: ApiAnswer, status: number, code: string, params: Record<string, string | number> = {}) {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ result: 'error', message: translate('en', code, params) });
}
/** A 400 whose field errors name `field` with the message of `code`. */
function expectFieldRefusal(res: ApiAnswer, field: string, code: string, params: Record<string, string | number> = {}) {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(400);
  const errors = (res.body as { errors?: { field: string; message: string }[] }).errors ?? [];
  expect(errors.filter((e) => e.field === field).map((e) => e.message)).toEqual([translate('en', code, params)]);
}

const post = <T = unknown>(url: string, token: string, body: unknown) => call<T>(t.app, 'POST', url, { token, body, lang: 'en' });
const loanRow = async (id: number) =>
  (await t.pool.query<{ status: string; loan_amount: string }>(`select status, loan_amount::text from loans where id = $1`, [id])).rows[0]!;
const repayingLoan = (over: { amount?: string; daysAgo?: number } = {}) =>
  repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { daysAgo: over.daysAgo ?? 40, ...(over.amount ? { amount: over.amount } : {}) });
const application = (over: Record<string, unknown> = {}) => smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '12000', ...over });
const approval = { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'replay of issue 26' };

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(['admin', 'manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [admin, manager, clerk, collector, accountant] = tokens as [string, string, string, string, string];
  for (const r of (await t.pool.query<{ id: number; username: string }>(`select id, username from staff`)).rows) staffId[r.username] = r.id;
  today = await hongKongToday(t);
  borrower = await insertCustomer(t.pool, { code: 'RP0001', name: '重演借款人', idNumber: hkid('R', '120045'), mobile1: '91230045' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

describe('maker ≠ checker is bypassed by editing', () => {
  it('the approver who raised the clerk’s loan to 400,000 with PUT /loans/{id} cannot approve it after the clerk submits', async () => {
    const loan = dataOf(await post<LoanItem>('/loans', clerk, application()));
    const edited = await call<LoanItem>(t.app, 'PUT', `/loans/${loan.id}`, { token: manager, body: application({ loanAmount: '400000' }), lang: 'en' });
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    dataOf(await post(`/loans/${loan.id}/submit`, clerk, {}));
    expectRefusal(await post(`/loans/${loan.id}/approve`, manager, approval), 422, 'loans.errors.makerChecker');
    expect(await loanRow(loan.id)).toEqual({ status: 'wait_approve', loan_amount: '400000.00' });
  });

  it('the approver who sent it back cannot approve it after the clerk edits and resubmits', async () => {
    const loan = dataOf(await post<LoanItem>('/loans', clerk, application()));
    dataOf(await post(`/loans/${loan.id}/submit`, clerk, {}));
    dataOf(await post(`/loans/${loan.id}/return`, manager, { remarks: 'raise the amount' }));
    dataOf(await call(t.app, 'PUT', `/loans/${loan.id}`, { token: clerk, body: application({ loanAmount: '15000' }) }));
    dataOf(await post(`/loans/${loan.id}/submit`, clerk, {}));
    expectRefusal(await post(`/loans/${loan.id}/approve`, manager, approval), 422, 'loans.errors.makerChecker');
    expect(await loanRow(loan.id)).toEqual({ status: 'wait_approve', loan_amount: '15000.00' });
  });
});

describe('a borrower blacklisted after submission', () => {
  it('is not approved, and once approved with a manager’s reason not paid out without one', async () => {
    const person = await insertCustomer(t.pool, { code: 'RP0002', name: '後列黑名單', idNumber: hkid('R', '220046'), mobile1: '91230046' });
    const loan = dataOf(await post<LoanItem>('/loans', clerk, smallApplication(person, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '12000' })));
    dataOf(await post(`/loans/${loan.id}/submit`, clerk, {}));
    await t.pool.query(`insert into blacklist (phone, name, remarks) values ('91230046', '後列黑名單', 'listed after submission')`);
    expectRefusal(await post(`/loans/${loan.id}/approve`, manager, approval), 422, 'loans.errors.blacklisted', { names: '後列黑名單' });
    expect((await loanRow(loan.id)).status).toBe('wait_approve');
    // a manager may go ahead with a reason; the payout asks again
    dataOf(await post(`/loans/${loan.id}/approve`, manager, { ...approval, overrideReason: 'number reused by a new subscriber' }));
    dataOf(await post(`/loans/${loan.id}/signedNote`, accountant, { receivedOn: today }));
    const entries = await count(`select count(*) n from journal_entries where loan_id = $1`, [loan.id]);
    expectRefusal(await post(`/loans/${loan.id}/payout`, accountant, { payoutDate: today, method: 'cash' }), 422, 'loans.errors.blacklisted', { names: '後列黑名單' });
    expect((await loanRow(loan.id)).status).toBe('approved');
    expect(await count(`select count(*) n from journal_entries where loan_id = $1`, [loan.id])).toBe(entries);
  });

  it('a customer created with a blacklisted phone is saved black, and the clerk is warned on the spot', async () => {
    await t.pool.query(`insert into blacklist (phone, name, remarks) values ('91230047', '已列電話', 'replay')`);
    const body = {
      type: 'personal', name: '新客戶', gender: 'F', dateOfBirth: '1990-01-01', idType: 'hkid', idNumber: hkid('R', '330047'), mobile1: '9123 0047',
      marital: 'single', education: 'tertiary', residentialType: 'rent', source: 'television',
    };
    const created = dataOf(await post<CustomerItem>('/customers', clerk, body));
    expect(created.listStatus).toBe('black');
    expect(created.warnings).toEqual([{ field: 'mobile1', message: 'customers.onBlacklist', customerCode: '', name: '已列電話' }]);
  });
});

describe('whole-number filters are no yes/no oracle', () => {
  /** A Kwun Tong borrower: a one-store Mong Kok clerk without persona.reveal sees them masked at most. */
  const KT = { code: 'RP0010', name: '觀塘重演', idNumber: hkid('C', '664514'), mobile1: '61239505' };
  let lookups: () => Promise<number>;

  beforeAll(async () => {
    const stores = await storeIds(t);
    const id = await insertCustomer(t.pool, KT);
    await t.pool.query('update customers set registered_store_id = $1 where id = $2', [stores.kwunTong, id]);
    lookups = () => count(`select count(*) n from audit_log where staff_id = $1 and action = 'lookup'`, [staffId.clerk]);
  });

  it('every route answers the clerk as if the number did not exist, and audits each try as a lookup', async () => {
    const tries: [string, Record<string, string>, (body: unknown) => unknown][] = [
      ['/customers', { idNumber: KT.idNumber }, (d) => (d as Page<CustomerItem>).items],
      ['/customers', { phone: KT.mobile1 }, (d) => (d as Page<CustomerItem>).items],
      ['/search', { q: KT.idNumber }, (d) => [...(d as SearchResult).customers, ...(d as SearchResult).loans]],
      ['/loans', { q: KT.mobile1 }, (d) => (d as Page<unknown>).items],
      ['/repayments/loans', { q: KT.idNumber }, (d) => (d as Page<unknown>).items],
    ];
    for (const [url, query, found] of tries) {
      const before = await lookups();
      const res = await call(t.app, 'GET', url, { token: clerk, query, lang: 'en' });
      expect(res.statusCode, url).toBe(200);
      expect(found(dataOf(res)), url).toEqual([]);
      expect(await lookups(), url).toBe(before + 1);
    }
    // the staff list's mobile filter is not the clerk's to use at all
    expect((await call(t.app, 'GET', '/staff', { token: clerk, query: { mobile: '91234567' } })).statusCode).toBe(403);
  });

  it('past the hour’s limit the same refusal answers a number that exists and one that does not', async () => {
    const limit = await lookups();
    await t.pool.query(`insert into settings (key, value) values ('numberLookupsPerHour', $1::jsonb) on conflict (key) do update set value = excluded.value`, [JSON.stringify(limit)]);
    const taken = await call(t.app, 'GET', '/customers', { token: clerk, query: { idNumber: KT.idNumber }, lang: 'en' });
    const free = await call(t.app, 'GET', '/customers', { token: clerk, query: { idNumber: hkid('C', '674514') }, lang: 'en' });
    expectRefusal(taken, 429, 'errors.numberLookupLimit', { limit });
    expect(free.body).toEqual(taken.body);
    await t.pool.query(`delete from settings where key = 'numberLookupsPerHour'`);
  });
});

describe('corrections need a second person', () => {
  /** The maker's call answers 202 and nothing happens; the maker may not approve it themself. */
  async function expectOnlyRequested(maker: string, url: string, body: Record<string, unknown>, loanId: number) {
    const entries = await count(`select count(*) n from journal_entries where loan_id = $1`, [loanId]);
    const status = (await loanRow(loanId)).status;
    const asked = await call<ApprovalRequested>(t.app, 'POST', url, { token: maker, body, lang: 'en' });
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ message: translate('en', 'approvals.success.requested') });
    const id = dataOf(asked).approvalRequest.id;
    const self = await post(`/approvalRequests/${id}/approve`, maker, {});
    expect([403, 422]).toContain(self.statusCode);
    if (self.statusCode === 422) expectRefusal(self, 422, 'approvals.errors.makerChecker');
    expect(await count(`select count(*) n from journal_entries where loan_id = $1`, [loanId])).toBe(entries);
    expect((await loanRow(loanId)).status).toBe(status);
    expect((await t.pool.query<{ status: string }>(`select status from approval_requests where id = $1`, [id])).rows[0]!.status).toBe('pending');
  }
  const pay = async (loanId: number, received: string) =>
    dataOf(await post<{ id: number }>('/repayments', collector, { loanId, received, method: 'cash', repayType: 'auto', idempotencyKey: key() }));

  it('a void and a refund of a receipt', async () => {
    const loan = await repayingLoan();
    const receipt = await pay(loan.id, '500.00');
    await expectOnlyRequested(collector, `/repayments/${receipt.id}/correct`, { kind: 'void', reason: 'wrong loan' }, loan.id);
    await expectOnlyRequested(manager, `/repayments/${receipt.id}/correct`, { kind: 'refund', reason: 'customer asked' }, loan.id);
  });

  it('a write-off, a cancelled write-off and a waiver', async () => {
    const loan = await repayingLoan();
    await expectOnlyRequested(manager, '/collection/writeOffs', { loanId: loan.id, reason: 'cannot be found' }, loan.id);
    await expectOnlyRequested(manager, '/repayments/waive', { loanId: loan.id, overdueInterest: '1.00', reason: 'hardship', idempotencyKey: key() }, loan.id);
    const { approval: done } = await requestAndApprove(t, { method: 'POST', path: '/collection/writeOffs', body: { loanId: loan.id, reason: 'cannot be found' }, maker: manager }, admin);
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    await expectOnlyRequested(manager, '/collection/writeOffs/cancel', { loanId: loan.id, reason: 'found again' }, loan.id);
  });

  it('a change of the rate settings', async () => {
    // the maker must say why
    expectRefusal(await post('/createSystemPresets', admin, { maxApr: '40' }), 400, 'errors.validation');
    const asked = await post<ApprovalRequested>('/createSystemPresets', admin, { maxApr: '40', reason: 'board decision of the month' });
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(202);
    expect(dataOf(await call(t.app, 'GET', `/approvalRequests/${dataOf(asked).approvalRequest.id}`, { token: admin }))).toMatchObject({ kind: 'settings.rates', reason: 'board decision of the month' });
    expect((await t.pool.query(`select value from settings where key = 'maxApr'`)).rows[0]?.value ?? '48').toBe('48');
    expectRefusal(await post(`/approvalRequests/${dataOf(asked).approvalRequest.id}/approve`, admin, {}), 422, 'approvals.errors.makerChecker');
    expect((await t.pool.query(`select value from settings where key = 'maxApr'`)).rows[0]?.value ?? '48').toBe('48');
  });
});

describe('smaller', () => {
  it('a loan amount of 0.001 or 12.345 is a 400 naming the field, never a 500 or 12.35; nothing is stored', async () => {
    const before = await count(`select count(*) n from loans`);
    for (const loanAmount of ['0.001', '12.345']) expectFieldRefusal(await post('/loans', clerk, application({ loanAmount })), 'loanAmount', 'validation.money');
    expect(await count(`select count(*) n from loans`)).toBe(before);
  });

  it('a recovery of 5,000 on a loan written off at 1,200 is refused and records nothing', async () => {
    const loan = await repayingLoan({ amount: '1200', daysAgo: 0 });
    const { approval: done } = await requestAndApprove(t, { method: 'POST', path: '/collection/writeOffs', body: { loanId: loan.id, reason: 'gone abroad' }, maker: manager }, admin);
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    const { rows } = await t.pool.query<{ principal: string }>(`select principal::text from loan_write_offs where loan_id = $1`, [loan.id]);
    expect(rows[0]!.principal).toBe('1200.00');
    const recoveries = await count(`select count(*) n from loan_oca_recoveries where loan_id = $1`, [loan.id]);
    const entries = await count(`select count(*) n from journal_entries where loan_id = $1`, [loan.id]);
    const res = await post('/collection/recoveries', manager, { loanId: loan.id, amount: '5000', method: 'cash', idempotencyKey: key() });
    expectRefusal(res, 422, 'collection.errors.recoveryAboveWrittenOff', { amount: '5000.00', left: '1200.00' });
    expect(await count(`select count(*) n from loan_oca_recoveries where loan_id = $1`, [loan.id])).toBe(recoveries);
    expect(await count(`select count(*) n from journal_entries where loan_id = $1`, [loan.id])).toBe(entries);
  });

  it('a disabled staff level approves nothing', async () => {
    const loan = dataOf(await post<LoanItem>('/loans', clerk, application({ loanAmount: '10000' })));
    dataOf(await post(`/loans/${loan.id}/submit`, clerk, {}));
    await t.pool.query(`update staff_levels set state = 'disabled' where id = (select level_id from staff where username = 'manager')`);
    try {
      expectRefusal(await post(`/loans/${loan.id}/approve`, manager, approval), 422, 'loans.errors.aboveApprovalLimit', { amount: '10000.00', limit: '0.00' });
      expect((await loanRow(loan.id)).status).toBe('wait_approve');
    } finally {
      await t.pool.query(`update staff_levels set state = 'normal' where id = (select level_id from staff where username = 'manager')`);
    }
  });

  it('the daily job run twice one after the other runs once for the date; the second says so', async () => {
    const yesterday = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') d`)).rows[0]!.d;
    expect((await post('/repayments/dailyJob', manager, { date: yesterday })).statusCode).toBe(200);
    const runs = () => count(`select count(*) n from daily_job_runs where business_date = $1`, [yesterday]);
    const audits = () => count(`select count(*) n from audit_log where module = 'repayments' and action = 'edit' and reference = $1`, [`daily:${yesterday}`]);
    const [r, a] = [await runs(), await audits()];
    expect(r).toBe(1);
    const again = await post('/repayments/dailyJob', manager, { date: yesterday });
    expect(again.statusCode).toBe(200);
    expect((again.body as { message: string }).message).toMatch(/^The daily servicing job already ran for /);
    expect([await runs(), await audits()]).toEqual([r, a]);
  });

  it('the SMS gateway may not point at plain http or an internal address; the saved gateway stays', async () => {
    const before = dataOf(await call(t.app, 'GET', '/sms/gateway', { token: admin }));
    for (const url of ['https://127.0.0.1:8080/hook', 'https://169.254.169.254/latest', 'https://10.0.0.5/send', 'https://localhost/x']) {
      expectRefusal(await call(t.app, 'PUT', '/sms/gateway', { token: admin, lang: 'en', body: { provider: 'http', url } }), 422, 'reminders.gatewayInternal');
    }
    expectRefusal(await call(t.app, 'PUT', '/sms/gateway', { token: admin, lang: 'en', body: { provider: 'http', url: 'http://sms.example.hk/send' } }), 422, 'reminders.gatewayInsecure');
    expect(dataOf(await call(t.app, 'GET', '/sms/gateway', { token: admin }))).toEqual(before);
  });

  it('a JPEG+HTML polyglot uploaded as x.html is stored and served as x.jpg', async () => {
    const loan = dataOf(await post<LoanItem>('/loans', clerk, application()));
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const boundary = `----replay${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.html"\r\nContent-Type: text/html\r\n\r\n`),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/loans/${loan.id}/documents`,
      headers: { authorization: `Bearer ${clerk}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = (res.json() as { data: LoanDocument[] }).data.at(-1)!;
    expect(doc).toMatchObject({ fileName: 'x.jpg', mimeType: 'image/jpeg' });
    const served = await t.app.inject({ method: 'GET', url: `${API_BASE}/loans/${loan.id}/documents/${doc.id}/file`, headers: { authorization: `Bearer ${clerk}` } });
    expect(served.headers['content-disposition']).toContain("filename*=UTF-8''x.jpg");
  });

  it('a 5-character password is refused; a new staff member must change the password the administrator chose', async () => {
    const { mongKok } = await storeIds(t);
    const clerkRole = (await t.pool.query<{ id: number }>(`select id from roles where name = 'clerk'`)).rows[0]!.id;
    const person = (username: string, password: string) => ({ username, name: username, password, mobile: '51239001', storeIds: [mongKok], defaultStoreId: mongKok, roleIds: [clerkRole] });
    const staff = await count(`select count(*) n from staff`);
    expectFieldRefusal(await post('/staff', admin, person('replayfive', 'abcde')), 'password', 'validation.passwordTooShort', { min: 12 });
    expect(await count(`select count(*) n from staff`)).toBe(staff);
    dataOf(await post('/staff', admin, person('replaynew', 'handed-over-12')));
    const first = await loginAs(t.app, 'replaynew', 'handed-over-12');
    expect((first as { password_must_change?: boolean }).password_must_change).toBe(true);
    expectRefusal(await call(t.app, 'GET', '/customers', { token: first.access_token, lang: 'en' }), 403, 'auth.passwordChangeRequired');
  });
});

describe('personal data is kept for ever', () => {
  it('is no longer: the retention setting defaults to 7 years after a loan closes', async () => {
    const presets = dataOf(await call<Record<string, unknown>>(t.app, 'GET', '/getSystemPresets', { token: admin }));
    expect(presets).toMatchObject({ retentionYears: 7 });
  });
});
