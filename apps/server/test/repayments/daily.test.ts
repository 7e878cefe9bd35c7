import ExcelJS from 'exceljs';
import { API_BASE, type DailyJobResult, type DueState, type LoanItem, type RepaymentTipsPage } from '@harbour/contracts';
import { dec, sum } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msUntilHongKong } from '../../src/jobs/schedule.js';
import { refreshDueSummary, runDailyServicing } from '../../src/modules/repayments/daily.js';
import { systemContext } from '../../src/platform/context.js';
import { withTx } from '../../src/platform/tx.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan as loanRepaying } from '../helpers/repaying.js';

/**
 * The daily servicing job and the tips list on the real server and PostgreSQL: each loan's summary
 * equals its due state, one run at a time under the advisory lock, one audit row per run; the tips
 * list's window, filters, sort, pages and export, within the caller's stores, and the keys.
 */
let t: TestApp;
let manager: string;
let clerk: string;
let collector: string;
let accountant: string;
let today: string;
let borrower: number;
let otherBorrower: number;
/** first instalment 10 days overdue */
let overdue: LoanItem;
/** paid out today, first instalment a month ahead: not on the list */
let fresh: LoanItem;
/** every 2 days: the first instalment falls due within the reminder days */
let soon: LoanItem;
/** overdue too, moved to Kwun Tong: the Mong Kok clerk never sees it */
let kwunTong: LoanItem;

const repayingLoan = (opts: { daysAgo?: number; cycle?: Record<string, unknown>; customerId?: number } = {}) =>
  loanRepaying(t, { clerk, manager, accountant }, opts.customerId ?? borrower, today, { daysAgo: opts.daysAgo, terms: opts.cycle });

const due = async (loanId: number) => dataOf(await call<DueState>(t.app, 'GET', '/repayments/due', { token: manager, query: { loanId } }));

interface SummaryRow {
  loan_id: number;
  store_id: number;
  as_of: string;
  next_tenor: number | null;
  next_due_date: string | null;
  next_amount: string;
  remaining_tenors: number;
  overdue_tenors: number;
  overdue_amount: string;
  overdue_interest: string;
  handling_fee: string;
  days_overdue: number;
  oldest_overdue_date: string | null;
  unpaid_principal: string;
  temp_amount: string;
}
const summary = async (loanId: number) =>
  (await t.pool.query<SummaryRow>(`select *, as_of::text, next_due_date::text, oldest_overdue_date::text from loan_due_summaries where loan_id = $1`, [loanId])).rows[0];

const auditRuns = async () => Number((await t.pool.query<{ n: string }>(`select count(*) n from audit_log where module = 'repayments' and reference like 'daily:%'`)).rows[0]!.n);

const tips = (token: string, query: Record<string, string | number> = {}) => call<RepaymentTipsPage>(t.app, 'GET', '/repayments/tips', { token, query, lang: 'en' });

/** The summary is the due state of the same date, field by field. */
function expectSummaryIsDueState(s: SummaryRow, d: DueState) {
  const overdueLines = d.instalments.filter((i) => i.state === 'overdue');
  const next = d.instalments.find((i) => dec(i.unpaid).gt(0));
  expect(s.as_of).toBe(d.asOf);
  // the summary's next is the earliest unpaid instalment (overdue or not); the counter's is the next still to fall due
  expect(s.next_tenor).toBe(next?.tenor ?? null);
  expect(s.next_due_date).toBe(next?.dueDate ?? null);
  expect(s.next_amount).toBe(next?.unpaid ?? '0.00');
  expect(s.remaining_tenors).toBe(d.instalments.filter((i) => dec(i.unpaid).gt(0)).length);
  expect(s.overdue_tenors).toBe(overdueLines.length);
  expect(s.overdue_amount).toBe(sum(overdueLines.map((i) => dec(i.unpaid))).toFixed(2));
  expect(s.overdue_interest).toBe(d.overdueInterest);
  expect(s.handling_fee).toBe(d.handlingFee);
  expect(s.days_overdue).toBe(Math.max(0, ...overdueLines.map((i) => i.overdueDays)));
  expect(s.oldest_overdue_date).toBe(overdueLines[0]?.dueDate ?? null);
  expect(s.unpaid_principal).toBe(d.unpaidPrincipal);
  expect(s.temp_amount).toBe(d.tempAmount);
}

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(['manager', 'clerk', 'collector', 'accountant'].map(async (u) => (await loginAs(t.app, u)).access_token));
  [manager, clerk, collector, accountant] = tokens as [string, string, string, string];
  today = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date, 'YYYY-MM-DD') d`)).rows[0]!.d;
  borrower = await insertCustomer(t.pool, { code: 'DL0001', name: '容提示', idNumber: 'A1234563', mobile1: '91237788' });
  otherBorrower = await insertCustomer(t.pool, { code: 'DL0002', name: '區觀塘', idNumber: 'C6688996', mobile1: '62345511' });
  // the first instalment (a month after the loan date) 10 days overdue
  overdue = await repayingLoan({ daysAgo: 41 });
  fresh = await repayingLoan();
  soon = await repayingLoan({ cycle: { repayCycle: 'every-n-days', cycleDays: 2, flatRate: '0.01' } });
  kwunTong = await repayingLoan({ daysAgo: 60, customerId: otherBorrower });
  // A loan of Kwun Tong (store 2): its summary takes the loan's store.
  await t.pool.query(`update loans set store_id = 2 where id = $1`, [kwunTong.id]);
});
afterAll(async () => {
  await t.close();
});

describe('the daily servicing job', () => {
  it('writes each repaying loan’s summary equal to its due state, with one audit row naming who ran it', async () => {
    const before = await auditRuns();
    const res = await call<DailyJobResult>(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: {}, lang: 'en' });
    expect(res.statusCode).toBe(200);
    const run = dataOf(res);
    expect(run.asOf).toBe(today);
    const repaying = Number((await t.pool.query<{ n: string }>(`select count(*) n from loans where status in ('repaying','oca') and loan_no is not null`)).rows[0]!.n);
    expect(run.loans).toBe(repaying);
    expect(run.overdue).toBeGreaterThanOrEqual(2);
    expect(await auditRuns()).toBe(before + 1);
    const [row] = (
      await t.pool.query<{ staff_id: number; action: string; after: DailyJobResult }>(
        `select staff_id, action, after from audit_log where module = 'repayments' and reference = $1 order by id desc limit 1`,
        [`daily:${today}`],
      )
    ).rows;
    expect(row!.action).toBe('edit');
    expect(row!.staff_id).toBe((await t.pool.query<{ id: number }>(`select id from staff where username = 'manager'`)).rows[0]!.id);
    expect(row!.after.loans).toBe(run.loans);

    for (const loan of [overdue, fresh, soon]) expectSummaryIsDueState((await summary(loan.id))!, await due(loan.id));
    const s = (await summary(overdue.id))!;
    expect(s.overdue_tenors).toBe(1);
    expect(s.days_overdue).toBeGreaterThanOrEqual(10);
    expect(dec(s.overdue_interest).gt(0)).toBe(true);
    expect(s.handling_fee).toBe('100.00');
    expect((await summary(fresh.id))!.overdue_tenors).toBe(0);
  });

  it('refreshDueSummary follows a receipt; a loan that stops repaying loses its summary at the next run', async () => {
    const d = await due(overdue.id);
    dataOf(
      await call(t.app, 'POST', '/repayments', {
        token: collector,
        body: { loanId: overdue.id, received: d.amountDue, method: 'cash', repayType: 'auto', idempotencyKey: `daily-test-${Date.now()}` },
      }),
    );
    await withTx(systemContext(t.app.db, 'test'), (tx) => refreshDueSummary(tx, overdue.id));
    const s = (await summary(overdue.id))!;
    expect(s.overdue_tenors).toBe(0);
    expect(s.overdue_amount).toBe('0.00');
    expectSummaryIsDueState(s, await due(overdue.id));

    await t.pool.query(`update loans set status = 'complete' where id = $1`, [fresh.id]);
    try {
      const run = await runDailyServicing(t.app.db, { force: true });
      expect(run.status).toBe('done');
      if (run.status === 'done') expect(run.result.removed).toBe(1);
      expect(await summary(fresh.id)).toBeUndefined();
    } finally {
      await t.pool.query(`update loans set status = 'repaying' where id = $1`, [fresh.id]);
    }
    expect((await runDailyServicing(t.app.db, { force: true })).status).toBe('done');
    expect(await summary(fresh.id)).toBeDefined();
  });

  it('runs once at a time: a second run while one holds the lock answers busy and changes nothing', async () => {
    // Hold one summary row so the first run waits inside its transaction, holding the advisory lock.
    const holder = await t.pool.connect();
    let first: Promise<Awaited<ReturnType<typeof runDailyServicing>>> | undefined;
    try {
      await holder.query('begin');
      await holder.query('select 1 from loan_due_summaries where loan_id = $1 for update', [soon.id]);
      first = runDailyServicing(t.app.db, { force: true });
      for (let i = 0; i < 200; i++) {
        const { rows } = await t.pool.query<{ n: string }>(`select count(*) n from pg_locks where locktype = 'advisory' and granted`);
        if (Number(rows[0]!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const before = await auditRuns();
      expect(await runDailyServicing(t.app.db)).toEqual({ status: 'busy' });
      const res = await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: {}, lang: 'en' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatchObject({ result: 'error', message: expect.stringContaining('already running') });
      expect(await auditRuns()).toBe(before);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    const done = await first!;
    expect(done.status).toBe('done');
  });

  it('refuses a future date (422), bad input (400) and callers without the key (403), changing nothing', async () => {
    const before = await auditRuns();
    const tomorrow = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date + 1, 'YYYY-MM-DD') d`)).rows[0]!.d;
    expect((await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: { date: tomorrow } })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: { date: '2026-02-30' } })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: { date: today, extra: 1 } })).statusCode).toBe(400);
    for (const token of [clerk, collector, accountant]) {
      expect((await call(t.app, 'POST', '/repayments/dailyJob', { token, body: {} })).statusCode).toBe(403);
    }
    expect(await auditRuns()).toBe(before);
  });
});

describe('the daily servicing job runs once per business date', () => {
  let yesterday: string;
  const runsOf = async (date: string) =>
    (
      await t.pool.query<{ forced: boolean; source: string; started_by: number | null; at: string }>(
        `select forced, source, started_by, to_char(finished_at at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD HH24:MI') at from daily_job_runs where business_date = $1 order by id`,
        [date],
      )
    ).rows;
  /** what the job writes: its run records, its audit rows of a run ('edit'), and the summaries' refresh instants */
  const written = async (date: string) => ({
    runs: (await runsOf(date)).length,
    audits: Number((await t.pool.query<{ n: string }>(`select count(*) n from audit_log where module = 'repayments' and action = 'edit' and reference = $1`, [`daily:${date}`])).rows[0]!.n),
    refreshed: (await t.pool.query<{ at: string | null }>(`select max(refreshed_at)::text at from loan_due_summaries`)).rows[0]!.at,
  });
  const post = (body: Record<string, unknown>, lang: 'en' | 'zh-TW' | 'zh-CN' = 'en', token = manager) => call<DailyJobResult>(t.app, 'POST', '/repayments/dailyJob', { token, body, lang });
  let managerId: number;

  beforeAll(async () => {
    yesterday = (await t.pool.query<{ d: string }>(`select to_char((now() at time zone 'Asia/Hong_Kong')::date - 1, 'YYYY-MM-DD') d`)).rows[0]!.d;
    managerId = (await t.pool.query<{ id: number }>(`select id from staff where username = 'manager'`)).rows[0]!.id;
  });

  it('records the run; a second run for the date is a no-op that says when it ran, in each language', async () => {
    expect(await runsOf(yesterday)).toEqual([]);
    const first = await post({ date: yesterday });
    expect(first.statusCode).toBe(200);
    const ran = dataOf(first);
    expect(ran).toMatchObject({ asOf: yesterday, alreadyRan: false, forced: false });
    const [record] = await runsOf(yesterday);
    expect(record).toEqual({ forced: false, source: 'api', started_by: managerId, at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) });
    const after = await written(yesterday);
    expect(after.runs).toBe(1);
    expect(after.audits).toBe(1);

    const again = await post({ date: yesterday });
    expect(again.statusCode).toBe(200);
    const en = `The daily servicing job already ran for ${yesterday} (finished ${record!.at} Hong Kong time); nothing was done now. Running it again needs a forced re-run.`;
    expect(again.body).toMatchObject({ result: 'success', message: en });
    // the earlier run's figures, said to be so
    expect(dataOf(again)).toEqual({ ...ran, alreadyRan: true, message: en });
    expect((await post({ date: yesterday }, 'zh-TW')).body).toMatchObject({ message: `${yesterday} 的每日還款結算已於 ${record!.at}（香港時間）完成，今次未有重複執行。如需再次執行，須強制重新執行。` });
    expect((await post({ date: yesterday }, 'zh-CN')).body).toMatchObject({ message: `${yesterday} 的每日还款结算已于 ${record!.at}（香港时间）完成，本次未有重复执行。如需再次执行，须强制重新执行。` });
    // nothing written: no run record, no run's audit row, no summary refreshed; each ask is on record as a look
    expect(await written(yesterday)).toEqual(after);
    const looks = (await t.pool.query<{ staff_id: number; after: { alreadyRan: boolean } }>(`select staff_id, after from audit_log where action = 'view' and reference = $1`, [`daily:${yesterday}`])).rows;
    expect(looks).toHaveLength(3);
    expect(looks[0]).toEqual({ staff_id: managerId, after: { alreadyRan: true, ranAt: ran.ranAt } });
    // the scheduler's and the command line's way in says the same
    const direct = await runDailyServicing(t.app.db, { date: yesterday, source: 'schedule' });
    expect(direct.status).toBe('already');
    expect(await written(yesterday)).toEqual(after);
  });

  it('re-runs a date only when forced, with the key, recorded and audited as forced', async () => {
    const before = await written(yesterday);
    expect((await post({ date: yesterday, force: 'yes' })).statusCode).toBe(400);
    for (const token of [clerk, collector]) expect((await post({ date: yesterday, force: true }, 'en', token)).statusCode).toBe(403);
    expect(await written(yesterday)).toEqual(before);

    const forced = await post({ date: yesterday, force: true });
    expect(forced.statusCode).toBe(200);
    const run = dataOf(forced);
    expect(run).toMatchObject({ asOf: yesterday, alreadyRan: false, forced: true });
    const message = `The daily servicing job was re-run for ${yesterday} (forced): ${run.loans} loans refreshed, ${run.overdue} with overdue instalments.`;
    expect(forced.body).toMatchObject({ message });
    expect(run.message).toBe(message);
    const records = await runsOf(yesterday);
    expect(records.map((r) => [r.forced, r.source, r.started_by])).toEqual([
      [false, 'api', managerId],
      [true, 'api', managerId],
    ]);
    const after = await written(yesterday);
    expect(after.audits).toBe(before.audits + 1);
    expect(after.refreshed).not.toBe(before.refreshed);
    const [row] = (
      await t.pool.query<{ staff_id: number; after: DailyJobResult & { forced?: boolean } }>(
        `select staff_id, after from audit_log where module = 'repayments' and action = 'edit' and reference = $1 order by id desc limit 1`,
        [`daily:${yesterday}`],
      )
    ).rows;
    expect(row).toEqual({ staff_id: managerId, after: { asOf: yesterday, loans: run.loans, overdue: run.overdue, removed: run.removed, durationMs: run.durationMs, forced: true } });

    // and a plain run after it is again a no-op, naming the forced run
    const again = dataOf(await post({ date: yesterday }));
    expect(again).toMatchObject({ alreadyRan: true, forced: true, loans: run.loans, ranAt: run.ranAt });
    expect(await written(yesterday)).toEqual(after);
  });
});

describe('the tips list', () => {
  beforeAll(async () => {
    expect((await runDailyServicing(t.app.db, { force: true })).status).toBe('done');
    // overdue again: a fresh overdue loan of Mong Kok (the first one was paid up)
    overdue = await repayingLoan({ daysAgo: 45 });
    expect((await runDailyServicing(t.app.db, { force: true })).status).toBe('done');
  });

  it('lists the loans due within the reminder days and the overdue ones, paged by the reminder page size', async () => {
    const settings = (await t.pool.query<{ key: string; value: string }>(`select key, value::text as value from settings where key in ('overdueReminderDays','overdueReminderPageSize')`)).rows.map((r) => ({ key: r.key, value: Number(r.value) }));
    const page = dataOf(await tips(manager, { pageSize: 100 }));
    const ids = page.items.map((i) => i.loanId);
    expect(ids).toEqual(expect.arrayContaining([overdue.id, soon.id, kwunTong.id]));
    expect(ids).not.toContain(fresh.id);
    expect(page.today).toBe(today);
    const byDefault = dataOf(await tips(manager));
    const pageSizeSetting = settings.find((s) => s.key === 'overdueReminderPageSize')?.value ?? 20;
    expect(byDefault.pageSize).toBe(pageSizeSetting);
    expect(byDefault.reminderDays).toBe(settings.find((s) => s.key === 'overdueReminderDays')?.value ?? 3);
    const tip = page.items.find((i) => i.loanId === overdue.id)!;
    expect(tip.mobile).not.toBe('91237788');
    expect(tip.mobile).toMatch(/\*/);
    expect(tip.overdueTenors).toBe(1);
    expect(tip.amountDue).toBe(dec(tip.overdueAmount).plus(tip.overdueInterest).plus(tip.handlingFee).toFixed(2));
    expect(page.totals.amountDue).toBe(sum(page.items.map((i) => dec(i.amountDue))).toFixed(2));
    const soonTip = page.items.find((i) => i.loanId === soon.id)!;
    expect(soonTip.overdueTenors).toBe(0);
    expect(soonTip.amountDue).toBe(soonTip.nextAmount);
  });

  it('filters (overdue only, due dates, customer, loan number), sorts and pages', async () => {
    const overdueOnly = dataOf(await tips(manager, { overdueOnly: 'yes', pageSize: 100 }));
    expect(overdueOnly.items.map((i) => i.loanId)).toEqual(expect.arrayContaining([overdue.id, kwunTong.id]));
    expect(overdueOnly.items.map((i) => i.loanId)).not.toContain(soon.id);
    expect(overdueOnly.items.every((i) => i.overdueTenors > 0 || (i.nextDueDate ?? '') < today || dec(i.overdueInterest).plus(i.handlingFee).gt(0))).toBe(true);

    const byNo = dataOf(await tips(manager, { loanNo: soon.loanNo! }));
    expect(byNo.items.map((i) => i.loanId)).toEqual([soon.id]);
    const byName = dataOf(await tips(manager, { customerName: '區觀', pageSize: 100 }));
    expect(byName.items.map((i) => i.loanId)).toEqual([kwunTong.id]);
    const s = (await summary(soon.id))!;
    const byDate = dataOf(await tips(manager, { dueFrom: s.next_due_date!, dueTo: s.next_due_date!, pageSize: 100 }));
    expect(byDate.items.map((i) => i.loanId)).toContain(soon.id);
    expect(byDate.items.every((i) => i.nextDueDate === s.next_due_date)).toBe(true);

    const sorted = dataOf(await tips(manager, { sort: 'daysOverdue:desc', pageSize: 100 }));
    const days = sorted.items.map((i) => i.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const one = dataOf(await tips(manager, { sort: 'daysOverdue:desc', pageSize: 1, page: 2 }));
    expect(one.items).toHaveLength(1);
    expect(one.items[0]!.loanId).toBe(sorted.items[1]!.loanId);
    expect(one.total).toBe(sorted.total);
  });

  it('keeps another store’s loans out of the rows, the totals and the filters', async () => {
    const mine = dataOf(await tips(clerk, { pageSize: 100 }));
    expect(mine.items.every((i) => i.storeId === 1)).toBe(true);
    expect(mine.items.map((i) => i.loanId)).not.toContain(kwunTong.id);
    expect(mine.total).toBe(mine.items.length);
    expect(mine.totals.amountDue).toBe(sum(mine.items.map((i) => dec(i.amountDue))).toFixed(2));
    const probe = dataOf(await tips(clerk, { loanNo: kwunTong.loanNo! }));
    expect(probe.total).toBe(0);
    expect(probe.totals.amountDue).toBe('0.00');
  });

  it('refuses a caller without the key (403) and bad input (400)', async () => {
    expect((await tips(accountant)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/repayments/tips/export', { token: accountant })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/repayments/tips')).statusCode).toBe(401);
    const bad: Record<string, string | number>[] = [{ dueFrom: '2026-13-01' }, { overdueOnly: 'maybe' }, { pageSize: 1000 }, { page: 0 }, { loanNo: 'x'.repeat(40) }];
    for (const query of bad) {
      const res = await tips(manager, query);
      expect(res.statusCode).toBe(400);
    }
  });

  it('exports the same rows as xlsx in the caller’s language, within the caller’s stores', async () => {
    const exportAs = (token: string, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${API_BASE}/repayments/tips/export`, query, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    const res = await exportAs(manager, { sort: 'loanNo:asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="repayment-tips-${today}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Reminders');
    expect(ws.getRow(1).getCell(1).value).toBe('Repayment reminders');
    expect(ws.getRow(5).getCell(2).value).toBe('Loan no.');
    const listed = dataOf(await tips(manager, { sort: 'loanNo:asc', pageSize: 100 }));
    const loanNos: unknown[] = [];
    for (let r = 6; r < 6 + listed.total; r++) loanNos.push(ws.getRow(r).getCell(2).value);
    expect(loanNos).toEqual(listed.items.map((i) => i.loanNo));
    expect(ws.getRow(6 + listed.total).getCell(1).value).toBe('Total');
    expect(ws.getRow(6 + listed.total).getCell(12).value).toBe(Number(listed.totals.amountDue));

    const clerkFile = await exportAs(clerk);
    const cwb = new ExcelJS.Workbook();
    await cwb.xlsx.load(clerkFile.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    cwb.worksheets[0]!.eachRow((row) => values.push(row.getCell(2).value));
    expect(values).not.toContain(kwunTong.loanNo);
    expect(values).toContain(overdue.loanNo);
  });
});

describe('the schedule', () => {
  it('waits until the next 00:05 in Hong Kong (UTC+8, no daylight saving)', () => {
    // 00:04 in Hong Kong: one minute
    expect(msUntilHongKong(new Date('2026-11-23T16:04:00Z'), 0, 5)).toBe(60_000);
    // exactly 00:05: the next day's
    expect(msUntilHongKong(new Date('2026-11-23T16:05:00Z'), 0, 5)).toBe(86_400_000);
    // 06:00 in Hong Kong: 18 h 5 min
    expect(msUntilHongKong(new Date('2026-11-23T22:00:00Z'), 0, 5)).toBe((18 * 60 + 5) * 60_000);
    // 23:59:30 in Hong Kong on 30 June (UTC date still the 30th): 5.5 min
    expect(msUntilHongKong(new Date('2026-06-30T15:59:30Z'), 0, 5)).toBe(5 * 60_000 + 30_000);
  });
});
