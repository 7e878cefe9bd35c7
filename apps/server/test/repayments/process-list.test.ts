import ExcelJS from 'exceljs';
import { API_BASE, type DueState, type LoanItem, type ProcessListPage, type RepaymentItem, type RepaymentOperation } from '@harbour/contracts';
import { dec, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * Repayment → process list and operation on the real server and PostgreSQL: the rows are the
 * daily summaries of the caller's stores' paid-out loans with their last receipt and temporary
 * amount; filters (status, search by number / exact ID or phone, overdue, due dates, staff, loan
 * type), sorting, pages and the xlsx export; one loan's operation view from its repayment state
 * and receipts; numbers masked; keys, store scope and bad input.
 */
let t: TestApp;
let s: RepaymentStaff;
let borrower: number;
let other: number;
/** first instalment 10 days overdue, its overdue interest and fee received today */
let overdue: LoanItem;
/** paid out today: nothing due */
let fresh: LoanItem;
/** settled early today: complete */
let settled: LoanItem;
/** overdue, paid with a 300.00 surplus held as its temporary amount */
let withTemp: LoanItem;
/** overdue, in Kwun Tong: the Mong Kok clerk never sees it */
let kwunTong: LoanItem;
let tempReceipt: RepaymentItem;
/** what the receipt on the overdue loan took: its overdue interest and fee, no more */
let charges: string;

const ID = 'A1234563';
const PHONE = '91237788';

const list = (token: string, query: Record<string, string | number> = {}) => call<ProcessListPage>(t.app, 'GET', '/repayments/processList', { token, query, lang: 'en' });
const operation = (token: string, loanId: number | string) => call<RepaymentOperation>(t.app, 'GET', '/repayments/operation', { token, query: { loanId }, lang: 'en' });
const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: s.manager, query: { loanId } }));
const receipt = async (loanId: number, received: string, key: string) =>
  dataOf(await call<RepaymentItem>(t.app, 'POST', '/repayments', { token: s.collector, body: { loanId, received, method: 'cash', repayType: 'auto', idempotencyKey: key } }));

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  borrower = await insertCustomer(t.pool, { code: 'PL0001', name: '程序列', idNumber: ID, mobile1: PHONE });
  other = await insertCustomer(t.pool, { code: 'PL0002', name: '區觀塘', idNumber: 'C6688996', mobile1: '62345511' });
  const make = (customerId: number, opts: Parameters<typeof repayingLoan>[4] = {}) => repayingLoan(t, s, customerId, s.today, opts);
  overdue = await make(borrower, { daysAgo: 41, amount: '12000' });
  fresh = await make(borrower, { amount: '8000' });
  settled = await make(borrower, { amount: '6000' });
  withTemp = await make(other, { daysAgo: 41, amount: '9000' });
  kwunTong = await make(other, { daysAgo: 60, amount: '15000' });
  await t.pool.query(`update loans set store_id = 2 where id = $1`, [kwunTong.id]);
  // the summaries of loans moved into the past, and of the store moved
  dataOf(await call(t.app, 'POST', '/repayments/dailyJob', { token: s.manager, body: {} }));
  const before = await due(overdue.id);
  charges = dec(before.overdueInterest).plus(before.handlingFee).toFixed(2);
  await receipt(overdue.id, charges, 'process-list-overdue');
  tempReceipt = await receipt(withTemp.id, dec((await due(withTemp.id)).amountDue).plus(300).toFixed(2), 'process-list-temp');
  dataOf(await call(t.app, 'POST', '/repayments/settle', { token: s.manager, body: { loanId: settled.id, method: 'cash', idempotencyKey: 'process-list-settle' } }));
});
afterAll(async () => {
  await t.close();
});

describe('GET /repayments/processList', () => {
  it('lists the repaying loans of the caller’s stores with their summary, last receipt and masked numbers', async () => {
    const page = dataOf(await list(s.clerk, { pageSize: 100 }));
    const ids = page.items.map((i) => i.loanId);
    expect(ids).toEqual(expect.arrayContaining([overdue.id, fresh.id, withTemp.id]));
    expect(ids).not.toContain(settled.id);
    expect(ids).not.toContain(kwunTong.id);
    expect(page.total).toBe(page.items.length);
    expect(page.items.every((i) => i.status === 'repaying' && i.storeId === 1)).toBe(true);
    const total = Number((await t.pool.query<{ n: string }>(`select count(*) n from loans where status = 'repaying' and store_id = 1 and loan_no is not null`)).rows[0]!.n);
    expect(page.total).toBe(total);

    const row = page.items.find((i) => i.loanId === overdue.id)!;
    const summary = (await t.pool.query<{ overdue_amount: string; unpaid_principal: string; days_overdue: number; remaining_tenors: number }>(`select * from loan_due_summaries where loan_id = $1`, [overdue.id])).rows[0]!;
    expect(row.loanNo).toBe(overdue.loanNo);
    expect(row.overdueTenors).toBe(1);
    expect(row.daysOverdue).toBe(summary.days_overdue);
    expect(row.daysOverdue).toBeGreaterThanOrEqual(10);
    expect(row.overdueAmount).toBe(summary.overdue_amount);
    expect(row.unpaidPrincipal).toBe(summary.unpaid_principal);
    expect(row.paidTenors).toBe(overdue.totalTenor - summary.remaining_tenors);
    expect(row.lastReceiptDate).toBe(s.today);
    expect(row.lastReceiptAmount).toBe(charges);
    expect(row.loanAmount).toBe('12000.00');
    expect(row.tempAmount).toBe('0.00');
    expect(row.customerName).toBe('程序列');
    // personal numbers masked to the "visible tel. no." digits, whoever asks
    for (const who of [s.clerk, s.manager]) {
      const mine = dataOf(await list(who, { q: overdue.loanNo! })).items[0]!;
      expect(mine.idNumber).not.toBe(ID);
      expect(mine.idNumber).toMatch(/\*/);
      expect(mine.mobile).toMatch(/\*/);
      expect(mine.mobile).not.toContain(PHONE.slice(0, 4));
    }
    expect(dataOf(await list(s.clerk)).staff.length).toBeGreaterThan(0);
    // the temporary amount held
    expect(page.items.find((i) => i.loanId === withTemp.id)!.tempAmount).toBe('300.00');
    // an all-stores manager sees Kwun Tong's too
    expect(dataOf(await list(s.manager, { pageSize: 100 })).items.map((i) => i.loanId)).toContain(kwunTong.id);
  });

  it('filters by status, search, overdue, due dates, staff and loan type', async () => {
    const idsOf = async (query: Record<string, string | number>) => dataOf(await list(s.manager, { pageSize: 100, ...query })).items.map((i) => i.loanId);
    const complete = dataOf(await list(s.manager, { status: 'complete' })).items;
    expect(complete.map((i) => i.loanId)).toEqual([settled.id]);
    expect(complete[0]).toMatchObject({ paidTenors: settled.totalTenor, overdueTenors: 0, overdueAmount: '0.00', unpaidPrincipal: '0.00', nextDueDate: null, lastReceiptDate: s.today });
    expect(await idsOf({ status: 'all', q: '程序列' })).toEqual(expect.arrayContaining([overdue.id, fresh.id, settled.id]));

    const overdueOnly = await idsOf({ overdueOnly: 'yes' });
    expect(overdueOnly).toContain(overdue.id);
    expect(overdueOnly).not.toContain(fresh.id);

    // an ID number or phone matches the borrower exactly, once normalised; a part of one matches nothing
    expect((await idsOf({ q: 'A123456(3)' })).sort((a, b) => a - b)).toEqual([overdue.id, fresh.id].sort((a, b) => a - b));
    expect((await idsOf({ q: '9123 7788' })).sort()).toEqual([overdue.id, fresh.id].sort());
    expect(await idsOf({ q: 'A12345' })).toEqual([]);
    expect(await idsOf({ q: overdue.loanNo! })).toEqual([overdue.id]);

    const next = dataOf(await list(s.manager, { q: fresh.loanNo! })).items[0]!.nextDueDate!;
    expect(await idsOf({ dueFrom: next, dueTo: next, q: '程序列' })).toEqual([fresh.id]);
    expect(await idsOf({ dueTo: '2000-01-01' })).toEqual([]);

    const staffId = overdue.staffId;
    const byStaff = dataOf(await list(s.manager, { staffId, pageSize: 100 })).items;
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((i) => i.staffId === staffId)).toBe(true);
    expect(await idsOf({ loanType: 'second_mortgage', q: '程序列' })).toEqual([]);
    expect((await idsOf({ loanType: 'private_loan', q: '程序列' })).length).toBe(2);
  });

  it('sorts by its numeric and date columns and pages on the server', async () => {
    const sorted = dataOf(await list(s.manager, { sort: 'daysOverdue:desc', pageSize: 100 })).items;
    const days = sorted.map((i) => i.daysOverdue ?? 0);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const amounts = dataOf(await list(s.manager, { sort: 'loanAmount:asc', pageSize: 100 })).items.map((i) => dec(i.loanAmount));
    for (let k = 1; k < amounts.length; k++) expect(amounts[k]!.gte(amounts[k - 1]!)).toBe(true);
    const received = dataOf(await list(s.manager, { sort: 'lastReceiptDate:desc', pageSize: 100 })).items;
    expect(received[0]!.lastReceiptDate).toBe(s.today);
    // an unknown sort field falls back to the default, never to SQL
    expect((await list(s.manager, { sort: 'nope:asc' })).statusCode).toBe(200);

    const two = dataOf(await list(s.manager, { sort: 'loanNo:asc', pageSize: 2, page: 1 }));
    const second = dataOf(await list(s.manager, { sort: 'loanNo:asc', pageSize: 1, page: 2 }));
    expect(second.items[0]!.loanId).toBe(two.items[1]!.loanId);
    expect(second.total).toBe(two.total);
    expect(second.pageSize).toBe(1);
  });

  it('exports the same rows as xlsx in the caller’s language, numbers masked, within the caller’s stores', async () => {
    const exportAs = (token: string, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}/repayments/processList/export`, query, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    const res = await exportAs(s.manager, { sort: 'loanNo:asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="repayment-process-list-${s.today}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Process list');
    expect(ws.getRow(1).getCell(1).value).toBe('Repayment process list');
    expect(ws.getRow(5).getCell(2).value).toBe('Loan no.');
    const listed = dataOf(await list(s.manager, { sort: 'loanNo:asc', pageSize: 100 }));
    const loanNos: unknown[] = [];
    const ids: unknown[] = [];
    for (let r = 6; r < 6 + listed.total; r++) {
      loanNos.push(ws.getRow(r).getCell(2).value);
      ids.push(ws.getRow(r).getCell(4).value);
    }
    expect(loanNos).toEqual(listed.items.map((i) => i.loanNo));
    expect(ids).toEqual(listed.items.map((i) => i.idNumber));
    expect(ids).not.toContain(ID);
    const totals = ws.getRow(6 + listed.total);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(6).value).toBe(Number(sum(listed.items.map((i) => dec(i.loanAmount))).toFixed(2)));

    const clerkFile = await exportAs(s.clerk, { status: 'all' });
    const cwb = new ExcelJS.Workbook();
    await cwb.xlsx.load(clerkFile.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    cwb.worksheets[0]!.eachRow((row) => values.push(row.getCell(2).value));
    expect(values).not.toContain(kwunTong.loanNo);
    expect(values).toContain(settled.loanNo);
  });
});

describe('GET /repayments/operation', () => {
  it('answers one loan: figures, instalments with what each paid and was charged, receipts and the temporary amount', async () => {
    const op = dataOf(await operation(s.collector, overdue.id));
    const d = await due(overdue.id);
    expect(op.loan).toMatchObject({ loanId: overdue.id, loanNo: overdue.loanNo, status: 'repaying', loanAmount: '12000.00', totalTenor: 6 });
    expect(op.customer.name).toBe('程序列');
    expect(op.customer.idNumber).toMatch(/\*/);
    expect(op.customer.idNumber).not.toBe(ID);
    expect(op.figures).toMatchObject({ asOf: d.asOf, overdueInterest: d.overdueInterest, handlingFee: d.handlingFee, unpaidPrincipal: d.unpaidPrincipal, tempAmount: '0.00', overdueTenors: 1, lastRepaymentDate: s.today });
    expect(op.figures.overdueAmount).toBe(d.overdueAmount);
    expect(op.instalments).toHaveLength(6);
    expect(op.instalments[0]!.state).toBe('overdue');
    expect(op.instalments[0]!.overdueDays).toBeGreaterThanOrEqual(10);
    expect(op.instalments.slice(1).every((i) => i.state === 'future')).toBe(true);
    // the receipt went to the overdue interest and fee charged on the first instalment
    const first = op.instalments[0]!;
    expect(dec(first.overdueInterestPaid).plus(first.feePaid).toFixed(2)).toBe(charges);
    expect(first.feeCharged).toBe('100.00');
    expect(first.feePaid).toBe('100.00');
    for (const [k, v] of Object.entries(op.totals)) {
      expect(v, k).toBe(sum(op.instalments.map((i) => dec(i[k as keyof typeof op.totals]))).toFixed(2));
    }
    expect(op.totals.principal).toBe('12000.00');
    // what is outstanding is the unpaid instalments plus the charges
    expect(op.totals.outstanding).toBe(dec(d.remainingScheduled).plus(d.overdueInterest).plus(d.handlingFee).toFixed(2));
    expect(op.receipts.map((r) => r.received)).toEqual([charges]);
    expect(op.temporary).toEqual([]);
  });

  it('shows the temporary amount held, and a voided receipt stays listed while its amount no longer counts', async () => {
    let op = dataOf(await operation(s.clerk, withTemp.id));
    expect(op.figures.tempAmount).toBe('300.00');
    expect(op.temporary).toEqual([expect.objectContaining({ repaymentId: tempReceipt.id, amountIn: '300.00', amountOut: '0.00', balance: '300.00', correction: null })]);
    expect(op.instalments[0]!.state).toBe('paid');
    dataOf(await call(t.app, 'POST', `/repayments/${tempReceipt.id}/correct`, { token: s.manager, body: { kind: 'void', reason: 'entered in error' } }));
    op = dataOf(await operation(s.clerk, withTemp.id));
    expect(op.figures.tempAmount).toBe('0.00');
    expect(op.receipts).toEqual([expect.objectContaining({ id: tempReceipt.id, correction: 'void' })]);
    expect(op.temporary).toEqual([expect.objectContaining({ repaymentId: tempReceipt.id, balance: null, correction: 'void' })]);
    expect(op.instalments[0]!.state).toBe('overdue');
  });

  it('shows a settled loan with every instalment paid and the interest waived', async () => {
    const op = dataOf(await operation(s.manager, settled.id));
    expect(op.loan.status).toBe('complete');
    expect(op.instalments.every((i) => i.state === 'paid' && i.outstanding === '0.00')).toBe(true);
    expect(op.totals.paidPrincipal).toBe('6000.00');
    expect(dec(op.totals.paidInterest).plus(op.totals.interestWaived).toFixed(2)).toBe(op.totals.interest);
    expect(dec(op.totals.interestWaived).gt(0)).toBe(true);
    expect(op.receipts[0]!.repayType).toBe('settlement');
  });

  it('answers 404 for another store’s loan, 422 for a loan not paid out, without a word of either', async () => {
    const res = await operation(s.clerk, kwunTong.id);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(kwunTong.loanNo!);
    expect(JSON.stringify(res.body)).not.toContain('區觀塘');
    expect((await operation(s.clerk, 999_999)).statusCode).toBe(404);
    expect((await operation(s.manager, kwunTong.id)).statusCode).toBe(200);
    const pending = (await t.pool.query<{ id: number }>(`select id from loans where loan_no is null and store_id = 1 order by id limit 1`)).rows[0]!.id;
    expect((await operation(s.clerk, pending)).statusCode).toBe(422);
  });
});

describe('keys and bad input', () => {
  it('answers 403 without the page’s key (the accountant holds neither)', async () => {
    expect((await list(s.accountant)).statusCode).toBe(403);
    expect((await operation(s.accountant, overdue.id)).statusCode).toBe(403);
    const file = await t.app.inject({ method: 'GET', url: `${API_BASE}/repayments/processList/export`, headers: { authorization: `Bearer ${s.accountant}` } });
    expect(file.statusCode).toBe(403);
  });

  it('answers 400 with a translated message for bad filters, sorts, pages and loan ids', async () => {
    const before = Number((await t.pool.query<{ n: string }>(`select count(*) n from audit_log`)).rows[0]!.n);
    const bad: Record<string, string | number>[] = [{ status: 'pending' }, { sort: 'loanNo;drop' }, { pageSize: 1000 }, { page: 0 }, { dueFrom: '2026-13-01' }, { overdueOnly: 'maybe' }, { staffId: 'x' }, { q: 'x'.repeat(65) }];
    for (const query of bad) {
      const res = await list(s.manager, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      const body = res.body as { result: string; message: string };
      expect(body.result).toBe('error');
      // a sentence in the caller's language, not a message code
      expect(body.message).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
    }
    for (const loanId of ['abc', '0', '-1', '1.5']) expect((await operation(s.manager, loanId)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/repayments/operation', { token: s.manager })).statusCode).toBe(400);
    // reading writes nothing
    expect(Number((await t.pool.query<{ n: string }>(`select count(*) n from audit_log`)).rows[0]!.n)).toBe(before);
  });
});
