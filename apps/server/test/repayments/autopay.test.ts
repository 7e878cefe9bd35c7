import type { AutopayRejected, AutopayResultSummary, AutopayRunFile, LoanItem } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, shiftLoanDates, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * Autopay on the real server and PostgreSQL (docs/autopay.md). Five loans of the clerk's store,
 * 12,000 over 6 months at 1% flat (instalments of 2,120.00), with autopay details and instalment 1
 * due 3 days ago: the file debits 2,120.00 from each; the bank pays two and rejects three.
 */
let t: TestApp;
let s: RepaymentStaff;
let dueDate: string;
const loans: LoanItem[] = [];

beforeAll(async () => {
  t = await createTestApp();
  s = await repaymentStaff(t);
  const borrower = await insertCustomer(t.pool, { code: 'AP0001', name: '區自動', idNumber: 'A1357924', mobile1: '91230088' });
  for (let i = 0; i < 5; i++) {
    const loan = await repayingLoan(t, s, borrower, s.today);
    const { rows } = await t.pool.query<{ days: number }>(`select ($2::date - due_date)::int days from loan_instalments where loan_id = $1 and tenor = 1`, [loan.id, s.today]);
    await shiftLoanDates(t, loan.id, 3 - rows[0]!.days);
    await t.pool.query(
      `update loans set autopay_ref_no = $2, autopay_bank_name = 'HSBC', autopay_account_name = $3, autopay_bank_code = '004', autopay_branch_code = '512', autopay_account_no = $4 where id = $1`,
      [loan.id, `DDA-${loan.id}`, `AU, ZI DONG ${i}`, `51200012${i}`],
    );
    loans.push(loan);
  }
  const { rows } = await t.pool.query<{ d: string }>(`select to_char($1::date - 3, 'YYYY-MM-DD') d`, [s.today]);
  dueDate = rows[0]!.d;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

const makeRun = (body: Record<string, unknown>, token = s.clerk) => call<AutopayRunFile>(t.app, 'POST', '/autopay/runs', { token, lang: 'en', body });
const importResults = (content: string, token = s.clerk) => call<AutopayResultSummary>(t.app, 'POST', '/autopay/results', { token, lang: 'en', body: { content } });
const receiptsOf = async (loanId: number) =>
  (await t.pool.query<{ received: string; method: string; key: string }>(`select received::text, method, idempotency_key key from loan_repayments where loan_id = $1 order by id`, [loanId])).rows;
const counts = async () =>
  (
    await t.pool.query<{ receipts: number; entries: number; paid: number; rejected: number }>(
      `select (select count(*)::int from loan_repayments where method = 'autopay') receipts,
              (select count(*)::int from journal_entries) entries,
              (select count(*)::int from autopay_instructions where status = 'paid') paid,
              (select count(*)::int from autopay_instructions where status = 'rejected') rejected`,
    )
  ).rows[0]!;

describe('autopay', () => {
  let file: AutopayRunFile;
  let ids: string[];

  it('makes the instruction file of the loans with autopay details and an instalment due that day', async () => {
    file = dataOf(await makeRun({ dueDate }));
    const lines = file.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe('instruction_id,creditor_reference,debtor_bank_code,debtor_branch_code,debtor_account_no,debtor_account_name,amount,currency,due_date,loan_reference');
    expect(file.run).toMatchObject({ dueDate, instructionCount: 5, total: '10600.00', paid: 0, rejected: 0 });
    ids = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => `AP${String(file.run.id).padStart(6, '0')}${String(n).padStart(4, '0')}`));
    // the account name holds a comma: quoted
    expect(lines[1]).toBe(`${ids[0]},DDA-${loans[0]!.id},004,512,512000120,"AU, ZI DONG 0",2120.00,HKD,${dueDate},${loans[0]!.loanNo}`);
  });

  it('refuses a second file while the same loans and date are sent', async () => {
    const again = await makeRun({ dueDate });
    expect(again.statusCode).toBe(422);
    expect(again.body).toMatchObject({ result: 'error', message: `No loan with autopay details has an unpaid instalment due on ${dueDate} that was not sent already` });
  });

  it('imports the result: two paid post one receipt each, three rejected go to the list with the reason', async () => {
    const before = await counts();
    const result = [
      'Instruction ID,Status,Reason',
      `${ids[0]},SUCCESS,`,
      `${ids[1]},REJECTED,"Insufficient funds"`,
      `${ids[2]},SUCCESS,`,
      `${ids[3]},REJECTED,Account closed`,
      `${ids[4]},REJECTED,"Mandate cancelled, by payer"`,
      'AP9999990001,SUCCESS,',
    ].join('\r\n');
    expect(dataOf(await importResults(result))).toEqual({ paid: 2, rejected: 3, refused: 0, unchanged: 0, unknown: ['AP9999990001'] });
    for (const i of [0, 2]) expect(await receiptsOf(loans[i]!.id)).toEqual([{ received: '2120.00', method: 'autopay', key: ids[i] }]);
    for (const i of [1, 3, 4]) expect(await receiptsOf(loans[i]!.id)).toEqual([]);
    const after = await counts();
    expect([after.receipts - before.receipts, after.entries - before.entries, after.paid, after.rejected]).toEqual([2, 2, 2, 3]);
    const rejected = dataOf(await call<AutopayRejected[]>(t.app, 'GET', '/autopay/rejected', { token: s.collector }));
    expect(rejected.map((r) => [r.instructionId, r.loanNo, r.amount, r.status, r.reason]).sort()).toEqual([
      [ids[1], loans[1]!.loanNo, '2120.00', 'rejected', 'Insufficient funds'],
      [ids[3], loans[3]!.loanNo, '2120.00', 'rejected', 'Account closed'],
      [ids[4], loans[4]!.loanNo, '2120.00', 'rejected', 'Mandate cancelled, by payer'],
    ]);
    await expectLedgerBalanced(t.db);
    // imported again: nothing changes
    expect(dataOf(await importResults(result))).toEqual({ paid: 0, rejected: 0, refused: 0, unchanged: 5, unknown: ['AP9999990001'] });
    expect(await counts()).toEqual(after);
  });

  it('queues the "autopay rejected" SMS to the rejected loans only, once', async () => {
    const send = (loanIds: number[]) => call<{ queued: number; skipped: { loanId: number; reason: string }[] }>(t.app, 'POST', '/sms/send', { token: s.collector, lang: 'en', body: { kind: 'autopayRejected', loanIds } });
    const ids5 = loans.map((l) => l.id);
    expect(dataOf(await send(ids5))).toEqual({ queued: 3, skipped: [ids5[0], ids5[2]].map((loanId) => ({ loanId, reason: 'notEligible' })) });
    const { rows } = await t.pool.query<{ loan_id: number; due: string; text: string }>(
      `select loan_id, to_char(due_date, 'YYYY-MM-DD') due, text from sms_messages where kind = 'autopayRejected' order by loan_id`,
    );
    expect(rows.map((r) => [r.loan_id, r.due])).toEqual([1, 3, 4].map((i) => [loans[i]!.id, dueDate]));
    expect(rows[0]!.text).toContain(`貸款${loans[1]!.loanNo}於${dueDate}的自動轉賬HK$2,120.00未能成功`);
    expect(dataOf(await send([loans[1]!.id])).queued).toBe(0);
  });

  let retry: AutopayRunFile;
  it('sends the rejected debits again in a new file for the same date, the paid ones not', async () => {
    retry = dataOf(await makeRun({ dueDate }));
    expect(retry.run).toMatchObject({ instructionCount: 3, total: '6360.00' });
    expect(retry.content).toContain(`,${loans[1]!.loanNo}\r\n`);
    expect(retry.content).not.toContain(`,${loans[0]!.loanNo}\r\n`);
  });

  it('posts the other debits when Harbour refuses one (its loan no longer takes receipts), and lists that one with the reason', async () => {
    const retryIds = retry.content.trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[0]!);
    expect(retry.content.trimEnd().split('\r\n').slice(1).map((l) => l.split(',').at(-1))).toEqual([1, 3, 4].map((i) => loans[i]!.loanNo));
    // loan 1 was settled elsewhere meanwhile
    await t.pool.query(`update loans set status = 'complete' where id = $1`, [loans[1]!.id]);
    try {
      const before = await counts();
      const result = ['instruction_id,status,reason', `${retryIds[0]},SUCCESS,`, `${retryIds[1]},SUCCESS,`, `${retryIds[2]},REJECTED,Insufficient funds`].join('\r\n');
      expect(dataOf(await importResults(result))).toEqual({ paid: 1, rejected: 1, refused: 1, unchanged: 0, unknown: [] });
      expect(await receiptsOf(loans[1]!.id)).toEqual([]);
      expect(await receiptsOf(loans[3]!.id)).toEqual([{ received: '2120.00', method: 'autopay', key: retryIds[1] }]);
      const after = await counts();
      expect([after.receipts - before.receipts, after.entries - before.entries]).toEqual([1, 1]);
      const listed = dataOf(await call<AutopayRejected[]>(t.app, 'GET', '/autopay/rejected', { token: s.collector }));
      expect(listed.find((r) => r.instructionId === retryIds[0])).toMatchObject({ status: 'refused', loanNo: loans[1]!.loanNo, reason: expect.stringContaining('This loan takes no repayments') });
      await expectLedgerBalanced(t.db);
      // imported again: nothing changes, the refused line included
      expect(dataOf(await importResults(result))).toEqual({ paid: 0, rejected: 0, refused: 0, unchanged: 3, unknown: [] });
      expect(await counts()).toEqual(after);
    } finally {
      await t.pool.query(`update loans set status = 'repaying' where id = $1`, [loans[1]!.id]);
    }
  });

  it('refuses a result file without its columns (400) and a collector making a file (403)', async () => {
    const bad = await importResults('id,outcome\r\nAP1,OK');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ message: 'The result file needs the columns instruction_id and status' });
    expect((await makeRun({ dueDate }, s.collector)).statusCode).toBe(403);
  });
});
