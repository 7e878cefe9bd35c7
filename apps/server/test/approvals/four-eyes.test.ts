import type { ApprovalRequestItem, ApprovalRequested, LoanItem, Page, RepaymentItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { requestAndApprove } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer, smallApplication } from '../helpers/loans.js';
import { hongKongToday, repayingLoan as repayingLoanOf } from '../helpers/repaying.js';

/**
 * Four eyes as one mechanism: a controlled action asked for (202, nothing changes), checked by a
 * second person who is neither the requester nor a maker of the loan, in the request's store, once;
 * the action run at approval exactly as a direct one, its audit row naming both staff.
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

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(['admin', 'manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [admin, manager, clerk, collector, accountant] = tokens as [string, string, string, string, string];
  for (const r of (await t.pool.query<{ id: number; username: string }>(`select id, username from staff`)).rows) staffId[r.username] = r.id;
  today = await hongKongToday(t);
  borrower = await insertCustomer(t.pool, { code: 'FE0001', name: '雙人覆核', idNumber: 'A7654321', mobile1: '91239001' });
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const repayingLoan = (): Promise<LoanItem> => repayingLoanOf(t, { clerk, manager, accountant }, borrower, today, { daysAgo: 40 });
const pay = async (loanId: number, received: string) =>
  dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: collector, body: { loanId, received, method: 'cash', repayType: 'auto', idempotencyKey: `four-eyes-${++seq}-${Date.now()}` } }));
const requestVoid = (id: number, token: string, reason = 'entered on the wrong loan') =>
  call<ApprovalRequested>(t.app, 'POST', `/repayments/${id}/correct`, { token, body: { kind: 'void', reason }, lang: 'en' });
const decide = (id: number, verb: 'approve' | 'reject' | 'withdraw', token: string, body: Record<string, unknown> = {}) =>
  call<ApprovalRequestItem>(t.app, 'POST', `/approvalRequests/${id}/${verb}`, { token, body, lang: 'en' });
const receiptOf = async (id: number) => dataOf(await call<RepaymentItem>(t.app, 'GET', `/repayments/${id}`, { token: manager }));
const ledgerOf = async (loanId: number) =>
  (
    await t.pool.query<{ account: string; net: string }>(
      `select l.account, sum(l.debit - l.credit)::text net from journal_lines l join journal_entries e on e.id = l.entry_id where e.loan_id = $1 group by l.account having sum(l.debit - l.credit) <> 0 order by l.account`,
      [loanId],
    )
  ).rows;
const entriesOf = async (loanId: number) => Number((await t.pool.query<{ n: string }>(`select count(*) n from journal_entries where loan_id = $1`, [loanId])).rows[0]!.n);
const requestRow = async (id: number) => (await t.pool.query<{ status: string; decided_by: number | null }>(`select status, decided_by from approval_requests where id = $1`, [id])).rows[0]!;

describe('a receipt voided under four eyes', () => {
  it('records the request (202), changes nothing, is refused to the collector and run by the manager exactly as a direct void', async () => {
    const loan = await repayingLoan();
    const before = await ledgerOf(loan.id);
    const receipt = await pay(loan.id, '500.00');
    const entries = await entriesOf(loan.id);

    const asked = await requestVoid(receipt.id, collector);
    expect(asked.statusCode).toBe(202);
    expect(asked.body).toMatchObject({ result: 'success', message: 'Sent for approval by a second person' });
    const { approvalRequest } = dataOf(asked);
    expect(approvalRequest).toMatchObject({ kind: 'repayments.void', status: 'pending' });
    // nothing of the void has happened
    expect(await receiptOf(receipt.id)).toMatchObject({ correction: null, latest: true, received: '500.00' });
    expect(await entriesOf(loan.id)).toBe(entries);
    const [requested] = (await t.pool.query(`select staff_id, action, module, after from audit_log where module = 'approvals' and reference = $1`, [String(approvalRequest.id)])).rows;
    expect(requested).toMatchObject({ staff_id: staffId.collector, action: 'request', after: { kind: 'repayments.void', subject: receipt.repayNo, reason: 'entered on the wrong loan' } });

    // the collector holds no check key; the clerk neither (and not the void's key)
    expect((await decide(approvalRequest.id, 'approve', collector)).statusCode).toBe(403);
    expect((await decide(approvalRequest.id, 'approve', clerk)).statusCode).toBe(403);
    // the collector sees their own request; the manager sees it with its figures
    const mine = dataOf(await call<Page<ApprovalRequestItem>>(t.app, 'GET', '/approvalRequests', { token: collector, query: { status: 'pending' } }));
    expect(mine.items.map((i) => i.id)).toContain(approvalRequest.id);
    expect(mine.items.find((i) => i.id === approvalRequest.id)).toMatchObject({ mayDecide: false, mayWithdraw: true, requestedByName: '張收數' });
    const seen = dataOf(await call<ApprovalRequestItem>(t.app, 'GET', `/approvalRequests/${approvalRequest.id}`, { token: manager }));
    expect(seen).toMatchObject({
      status: 'pending',
      reference: receipt.repayNo,
      reason: 'entered on the wrong loan',
      mayDecide: true,
      mayWithdraw: false,
      change: { before: { repayNo: receipt.repayNo, received: '500.00', correction: null, latest: true }, after: { correction: 'void', reversed: '500.00' } },
    });

    const approved = await decide(approvalRequest.id, 'approve', manager);
    expect(approved.statusCode, JSON.stringify(approved.body)).toBe(200);
    expect(dataOf(approved)).toMatchObject({ status: 'approved', decidedByName: '陳經理', requestedByName: '張收數' });
    expect(await receiptOf(receipt.id)).toMatchObject({ correction: 'void', correctionReason: 'entered on the wrong loan', correctedByName: '陳經理' });
    // the money as a direct void leaves it: every account of the loan back where it was, one reversal entry more
    expect(await ledgerOf(loan.id)).toEqual(before);
    expect(await entriesOf(loan.id)).toBe(entries + 1);
    const [voided] = (await t.pool.query(`select staff_id, action, after from audit_log where module = 'repayments' and action = 'void' and reference = $1`, [String(receipt.id)])).rows;
    expect(voided).toMatchObject({
      staff_id: staffId.manager,
      after: { reason: 'entered on the wrong loan', fourEyes: { approvalRequestId: approvalRequest.id, requestedBy: staffId.collector, requestedByName: '張收數', approvedBy: staffId.manager, approvedByName: '陳經理' } },
    });

    // decided once: a second approval (a replay) is refused and changes nothing
    const again = await decide(approvalRequest.id, 'approve', admin);
    expect(again.statusCode).toBe(409);
    expect(await entriesOf(loan.id)).toBe(entries + 1);
  });

  it('refuses the requester as checker, whatever their keys', async () => {
    const loan = await repayingLoan();
    const receipt = await pay(loan.id, '300.00');
    const { approvalRequest } = dataOf(await requestVoid(receipt.id, manager));
    const own = await decide(approvalRequest.id, 'approve', manager);
    expect(own.statusCode).toBe(422);
    expect(own.body).toMatchObject({ message: "You asked for this change or made the loan's terms: a second person must check it" });
    expect((await decide(approvalRequest.id, 'reject', manager, { note: 'no' })).statusCode).toBe(422);
    expect(await requestRow(approvalRequest.id)).toEqual({ status: 'pending', decided_by: null });
    expect((await receiptOf(receipt.id)).correction).toBeNull();
  });

  it('refuses a request the action would refuse now, with the action’s own message, and records nothing', async () => {
    const loan = await repayingLoan();
    const first = await pay(loan.id, '200.00');
    await pay(loan.id, '100.00');
    const count = Number((await t.pool.query(`select count(*) n from approval_requests`)).rows[0]!.n);
    const refused = await requestVoid(first.id, collector);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/latest/i) });
    expect(Number((await t.pool.query(`select count(*) n from approval_requests`)).rows[0]!.n)).toBe(count);
  });

  it('refuses the approval of a request whose receipt changed meanwhile; the request stays pending and its requester withdraws it', async () => {
    const loan = await repayingLoan();
    const receipt = await pay(loan.id, '200.00');
    const { approvalRequest } = dataOf(await requestVoid(receipt.id, collector));
    const entries = await entriesOf(loan.id);
    await pay(loan.id, '100.00');
    const changed = await decide(approvalRequest.id, 'approve', manager);
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toMatchObject({ message: 'The record has changed since the request: ask again with its current figures' });
    expect(await requestRow(approvalRequest.id)).toEqual({ status: 'pending', decided_by: null });
    expect(await entriesOf(loan.id)).toBe(entries + 1);
    expect((await receiptOf(receipt.id)).correction).toBeNull();

    expect((await decide(approvalRequest.id, 'withdraw', manager)).statusCode).toBe(422);
    const withdrawn = await decide(approvalRequest.id, 'withdraw', collector);
    expect(withdrawn.statusCode).toBe(200);
    expect(dataOf(withdrawn)).toMatchObject({ status: 'withdrawn', decidedByName: '張收數' });
    expect((await decide(approvalRequest.id, 'approve', manager)).statusCode).toBe(409);
  });

  it('rejects with a note only, and the receipt stands', async () => {
    const loan = await repayingLoan();
    const receipt = await pay(loan.id, '250.00');
    const { approvalRequest } = dataOf(await requestVoid(receipt.id, collector));
    expect((await decide(approvalRequest.id, 'reject', manager, {})).statusCode).toBe(400);
    const rejected = await decide(approvalRequest.id, 'reject', manager, { note: 'the receipt is right' });
    expect(rejected.statusCode).toBe(200);
    expect(dataOf(rejected)).toMatchObject({ status: 'rejected', note: 'the receipt is right', decidedByName: '陳經理' });
    expect(await receiptOf(receipt.id)).toMatchObject({ correction: null, latest: true });
    const [row] = (await t.pool.query(`select staff_id, action from audit_log where module = 'approvals' and action = 'reject' and reference = $1`, [String(approvalRequest.id)])).rows;
    expect(row).toMatchObject({ staff_id: staffId.manager, action: 'reject' });
    expect((await decide(approvalRequest.id, 'approve', manager)).statusCode).toBe(409);
  });

  it('answers 404 to a checker of another store, like a missing request', async () => {
    const loan = await repayingLoan();
    const receipt = await pay(loan.id, '150.00');
    const { approvalRequest } = dataOf(await requestVoid(receipt.id, manager));
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'approval.check' from roles where name = 'collector' on conflict do nothing`);
    try {
      const away = (await loginAs(t.app, 'collector')).access_token;
      expect((await call(t.app, 'POST', '/switchStores', { token: away, body: { storeId: 2 } })).statusCode).toBe(200);
      expect((await decide(approvalRequest.id, 'approve', away)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/approvalRequests/${approvalRequest.id}`, { token: away })).statusCode).toBe(404);
      expect((await decide(999999, 'approve', away)).statusCode).toBe(404);
      expect(await requestRow(approvalRequest.id)).toEqual({ status: 'pending', decided_by: null });
    } finally {
      await t.pool.query(`delete from role_permissions where permission_key = 'approval.check' and role_id = (select id from roles where name = 'collector')`);
    }
  });
});

describe('loan makers', () => {
  const application = (amount: string) => smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: amount, totalTenor: 6 });
  const approval = { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'Four-eyes test loan' };

  it('refuses the approver who changed the loan with PUT /loans/{id}, and changes nothing', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application('12000') }));
    const edited = await call(t.app, 'PUT', `/loans/${loan.id}`, { token: manager, body: application('400000') });
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
    const refused = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: approval, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect((refused.body as { message: string }).message).toMatch(/maker|created|submitted/i);
    const after = dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager }));
    expect(after).toMatchObject({ status: 'wait_approve', loanAmount: '400000.00' });
    expect((await t.pool.query(`select count(*)::int n from loan_approvals where loan_id = $1`, [loan.id])).rows[0]).toEqual({ n: 0 });
    // someone who made none of it approves
    expect((await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: admin, body: approval })).statusCode).toBe(200);
  });

  it('refuses the approver who sent the loan back, after the clerk edits and resubmits', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application('12000') }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/return`, { token: manager, body: { remarks: 'raise the amount' } }));
    dataOf(await call(t.app, 'PUT', `/loans/${loan.id}`, { token: clerk, body: application('400000') }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
    const refused = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: approval, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).status).toBe('wait_approve');
    const makers = (await t.pool.query(`select s.username, m.role from loan_makers m join staff s on s.id = m.staff_id where m.loan_id = $1 order by m.id`, [loan.id])).rows;
    expect(makers).toEqual([
      { username: 'clerk', role: 'create' },
      { username: 'clerk', role: 'submit' },
      { username: 'manager', role: 'return' },
      { username: 'clerk', role: 'edit' },
      { username: 'clerk', role: 'submit' },
    ]);
  });

  it('refuses a loan editor as checker of a four-eyes request about the loan', async () => {
    const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: application('12000') }));
    dataOf(await call(t.app, 'PUT', `/loans/${loan.id}`, { token: manager, body: application('12000') }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: admin, body: approval }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/signedNote`, { token: accountant, body: { receivedOn: today } }));
    dataOf(await call(t.app, 'POST', `/loans/${loan.id}/payout`, { token: accountant, body: { payoutDate: today, method: 'cash' } }));
    const receipt = await pay(loan.id, '100.00');
    const { approvalRequest } = dataOf(await requestVoid(receipt.id, collector));
    expect((await decide(approvalRequest.id, 'approve', manager)).statusCode).toBe(422);
    expect((await receiptOf(receipt.id)).correction).toBeNull();
    expect(dataOf(await decide(approvalRequest.id, 'approve', admin)).status).toBe('approved');
    expect((await receiptOf(receipt.id)).correction).toBe('void');
  });
});

describe('a workflow action under four eyes', () => {
  it('writes a loan off only when a second person approves', async () => {
    const loan = await repayingLoan();
    const { requested, approval } = await requestAndApprove(t, { method: 'POST', path: '/collection/writeOffs', body: { loanId: loan.id, reason: 'customer cannot be found' }, maker: manager }, admin);
    expect(requested.approvalRequest.kind).toBe('collection.writeOff');
    expect(approval.statusCode, JSON.stringify(approval.body)).toBe(200);
    expect(dataOf(await call<LoanItem>(t.app, 'GET', `/loans/${loan.id}`, { token: manager })).status).toBe('bad');
    const [row] = (await t.pool.query(`select staff_id, after from audit_log where module = 'loans' and reference = $1 order by id desc limit 1`, [String(loan.id)])).rows;
    expect(row).toMatchObject({ staff_id: staffId.admin, after: { fourEyes: { requestedBy: staffId.manager, approvedBy: staffId.admin } } });
  });
});

describe('settings under four eyes', () => {
  const save = (body: Record<string, unknown>, token = admin) => call(t.app, 'POST', '/createSystemPresets', { token, body, lang: 'en' });
  const setting = async (key: string) => (await t.pool.query(`select value from settings where key = $1`, [key])).rows[0]?.value;

  it('asks a second person for a rate setting and for the four-eyes list itself; other settings save at once', async () => {
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'system.settings' from roles where name = 'manager' on conflict do nothing`);
    try {
      // a request says why: without a reason the save is refused (400 on the field), nothing recorded
      const requests = async () => Number((await t.pool.query(`select count(*) n from approval_requests`)).rows[0].n);
      const before = await requests();
      for (const reason of [undefined, '  ']) {
        const bare = await save({ maxApr: '40', ...(reason === undefined ? {} : { reason }) });
        expect(bare.statusCode).toBe(400);
        expect((bare.body as { errors: unknown[] }).errors).toEqual([{ field: 'reason', message: 'Give the reason for this change: a second person approves it' }]);
      }
      expect(await requests()).toBe(before);
      const rate = await save({ maxApr: '40', reason: 'board decision of 2026-11-20' });
      expect(rate.statusCode).toBe(202);
      expect(dataOf(rate as never)).toMatchObject({ approvalRequest: { kind: 'settings.rates', status: 'pending' } });
      expect(await setting('maxApr')).toBe('48');
      const id = (dataOf(rate as never) as ApprovalRequested).approvalRequest.id;
      expect(dataOf(await call<ApprovalRequestItem>(t.app, 'GET', `/approvalRequests/${id}`, { token: manager }))).toMatchObject({
        reason: 'board decision of 2026-11-20',
        change: { before: { maxApr: '48' }, after: { maxApr: '40' } },
      });
      const [requested] = (await t.pool.query(`select after from audit_log where module = 'approvals' and action = 'request' and reference = $1`, [String(id)])).rows;
      expect(requested.after).toMatchObject({ kind: 'settings.rates', reason: 'board decision of 2026-11-20' });
      expect((await decide(id, 'approve', admin)).statusCode).toBe(422);
      expect(dataOf(await decide(id, 'approve', manager)).status).toBe('approved');
      expect(await setting('maxApr')).toBe('40');

      // switching four eyes off is itself a request, whatever the list says
      const off = await save({ fourEyesKinds: [], reason: 'audit asked for a trial month' });
      expect(off.statusCode).toBe(202);
      expect(dataOf(off as never)).toMatchObject({ approvalRequest: { kind: 'settings.fourEyes' } });
      expect(await setting('fourEyesKinds')).toEqual(['repayments.void', 'repayments.refund', 'repayments.refundTemporary', 'collection.writeOff', 'collection.cancelWriteOff', 'loans.waiver', 'settings.rates', 'staffLevels.limits']);

      // a setting outside the controlled ones saves directly
      expect((await save({ recordsPerPage: 50 })).statusCode).toBe(200);
      expect(await setting('recordsPerPage')).toBe(50);
      // saving the whole page unchanged but for that is no rate change, and needs no reason
      expect((await save({ maxApr: '40', recordsPerPage: 20 })).statusCode).toBe(200);
      // the active period's own page asks the same
      const period = (body: Record<string, unknown>) => call(t.app, 'PUT', '/activePeriod', { token: admin, body, lang: 'en' });
      expect((await period({ activePeriodDays: 10 })).statusCode).toBe(400);
      const asked = await period({ activePeriodDays: 10, reason: 'month-end closing takes longer' });
      expect(asked.statusCode).toBe(202);
      const periodId = (dataOf(asked as never) as ApprovalRequested).approvalRequest.id;
      expect(dataOf(await call<ApprovalRequestItem>(t.app, 'GET', `/approvalRequests/${periodId}`, { token: manager }))).toMatchObject({
        kind: 'settings.rates',
        reason: 'month-end closing takes longer',
        change: { before: { activePeriodDays: 7 }, after: { activePeriodDays: 10 } },
      });
    } finally {
      await t.pool.query(`delete from role_permissions where permission_key = 'system.settings' and role_id = (select id from roles where name = 'manager')`);
      await t.pool.query(`update settings set value = '"48"'::jsonb where key = 'maxApr'`);
      await t.pool.query(`delete from settings where key = 'recordsPerPage'`);
    }
  });
});

describe('staff level limits under four eyes', () => {
  const levelRow = async (nameEn: string) =>
    (await t.pool.query<{ id: number; state: string; max_approved_amount: string }>(`select id, state, max_approved_amount from staff_levels where name_en = $1`, [nameEn])).rows[0]!;
  const loanStatus = async (id: number) => (await t.pool.query<{ status: string }>(`select status from loans where id = $1`, [id])).rows[0]!.status;

  it('records a disabled level as a request with its reason; the level approves until a second person approves it, then nothing', async () => {
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'masterdata.staffLevel.update' from roles where name = 'manager' on conflict do nothing`);
    const level = await levelRow('Branch manager');
    try {
      const body = { nameZh: '分店經理', nameEn: 'Branch manager', rank: 30, maxApprovedAmount: level.max_approved_amount, unlimited: false, state: 'disabled' };
      const edit = (over: Record<string, unknown>, token = admin) => call<ApprovalRequested>(t.app, 'PUT', `/staffLevels/${level.id}`, { token, body: { ...body, ...over }, lang: 'en' });
      // a request says why
      const bare = await edit({});
      expect(bare.statusCode).toBe(400);
      expect(bare.body).toMatchObject({ errors: [{ field: 'reason', message: 'Give the reason for this change: a second person approves it' }] });
      expect(Number((await t.pool.query(`select count(*) n from approval_requests where kind = 'staffLevels.limits'`)).rows[0].n)).toBe(0);

      const asked = await edit({ reason: 'branch closes at month end' });
      expect(asked.statusCode).toBe(202);
      const { approvalRequest } = dataOf(asked);
      expect(approvalRequest).toMatchObject({ kind: 'staffLevels.limits', status: 'pending' });
      // nothing changed: the level is in force and its holder still approves up to its limit
      expect(await levelRow('Branch manager')).toEqual(level);
      expect(dataOf(await call<ApprovalRequestItem>(t.app, 'GET', `/approvalRequests/${approvalRequest.id}`, { token: manager }))).toMatchObject({
        reason: 'branch closes at month end',
        change: { before: { state: 'normal', unlimited: false, maxApprovedAmount: level.max_approved_amount }, after: { state: 'disabled', unlimited: false, maxApprovedAmount: level.max_approved_amount } },
      });
      // a rename alone saves at once
      expect((await edit({ state: 'normal', remarks: 'renamed only' })).statusCode).toBe(200);

      // the maker cannot check it; the manager (approval.check and the level key) approves it
      expect((await decide(approvalRequest.id, 'approve', admin)).statusCode).toBe(422);
      expect(dataOf(await decide(approvalRequest.id, 'approve', manager)).status).toBe('approved');
      expect((await levelRow('Branch manager')).state).toBe('disabled');
      const [edited] = (await t.pool.query(`select staff_id, after from audit_log where module = 'staffLevels' and action = 'edit' and reference = $1 order by id desc limit 1`, [String(level.id)])).rows;
      expect(edited).toMatchObject({ staff_id: staffId.manager, after: { state: 'disabled', fourEyes: { requestedBy: staffId.admin, approvedBy: staffId.manager } } });

      // the disabled level approves nothing: its holder's approval of a loan is refused, the loan stays waiting for approval
      const loan = dataOf(await call<LoanItem>(t.app, 'POST', '/loans', { token: clerk, body: smallApplication(borrower, { applyDate: today, loanDate: today, interestStartDate: today, loanAmount: '10000' }) }));
      dataOf(await call(t.app, 'POST', `/loans/${loan.id}/submit`, { token: clerk, body: {} }));
      const approval = await call(t.app, 'POST', `/loans/${loan.id}/approve`, { token: manager, body: { overdueRate: '36', overduePenalty: '100', affordabilityReason: 'limit test' }, lang: 'en' });
      expect(approval.statusCode).toBe(422);
      expect(approval.body).toMatchObject({ message: 'The loan amount 10000.00 is above your maximum approved amount 0.00' });
      expect(await loanStatus(loan.id)).toBe('wait_approve');
    } finally {
      await t.pool.query(`delete from role_permissions where permission_key = 'masterdata.staffLevel.update' and role_id = (select id from roles where name = 'manager')`);
      await t.pool.query(`update staff_levels set state = 'normal', remarks = null where id = $1`, [level.id]);
    }
  });
});
