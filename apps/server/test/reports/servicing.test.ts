import { reportByName, type ReportAnswer, type TrialBalance } from '@harbour/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff } from '../helpers/repaying.js';
import { servicingQueries } from '../../src/modules/reports/queries/servicing.js';

/** The servicing reports' declarations (the ones that have a servicing query). */
const servicingReports = Object.keys(servicingQueries).map((name) => reportByName(name)!);

/**
 * The servicing reports (docs/reports.md → Servicing reports) on the demo data, each against an
 * independent computation: the trial balance (`GET /ledger/trialBalance`), the journal lines, the
 * due summaries the daily job wrote, or SQL written here. Expectations are computed relative to
 * the database's business day, never hard-coded.
 */
let t: TestApp;
let manager: string;
let accountant: string;
let clerk: string;
let collector: string;
let today: string;
let monthAgo: string;
let mongKok: number;
let kwunTong: number;

const run = async (token: string, name: string, query: Record<string, string | number> = {}) =>
  call<ReportAnswer>(t.app, 'GET', `/reports/${name}`, { token, query: { pageSize: 1000, ...query } });
const report = async (token: string, name: string, query: Record<string, string | number> = {}) => dataOf(await run(token, name, query));
const tb = async (query: Record<string, string | number>) => dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager, query }));
/** An account's balance on its normal side, from a trial balance. */
const balanceOf = (b: TrialBalance, account: string) => b.rows.find((r) => r.key === account)!.balance;
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  manager = (await loginAs(t.app, 'manager')).access_token;
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  collector = (await loginAs(t.app, 'collector')).access_token;
  const { rows } = await t.pool.query<{ today: string; month_ago: string }>(
    `select to_char(d, 'YYYY-MM-DD') as today, to_char(d - 30, 'YYYY-MM-DD') as month_ago from (select (now() at time zone 'Asia/Hong_Kong')::date as d) x`,
  );
  today = rows[0]!.today;
  monthAgo = rows[0]!.month_ago;
  const stores = (await t.pool.query<{ id: number; code: string }>('select id, code from stores')).rows;
  mongKok = stores.find((s) => s.code === 'MK')!.id;
  kwunTong = stores.find((s) => s.code === 'KT')!.id;
});
afterAll(() => t.close());

/** Journal movements (debit − credit) of `accounts` over entries chosen by `where` (alias e). */
async function journalNet(accounts: string[], where: string, params: unknown[]): Promise<number> {
  const { rows } = await t.pool.query<{ net: string | null }>(
    `select sum(jl.debit - jl.credit) as net from journal_entries e join journal_lines jl on jl.entry_id = e.id where jl.account = any($1) and ${where}`,
    [accounts, ...params],
  );
  return cents(rows[0]!.net);
}

describe('repayment', () => {
  it('lists the receipts of the period; money received agrees with the cash and bank of their journal entries', async () => {
    const from = '2000-01-01';
    const r = await report(manager, 'repayment', { dateFrom: from, dateTo: today });
    const { rows: receipts } = await t.pool.query<{ n: number; received: string; principal: string }>(
      `select count(*)::int as n, sum(received - paid_out) as received, sum(principal) as principal from loan_repayments where repay_date <= $1`,
      [today],
    );
    const { rows: reversals } = await t.pool.query<{ n: number; received: string | null; principal: string | null }>(
      `select count(*)::int as n, sum(r.received - r.paid_out) as received, sum(r.principal) as principal
         from loan_repayment_corrections c join loan_repayments r on r.id = c.repayment_id where c.corrected_on <= $1`,
      [today],
    );
    expect(receipts[0]!.n).toBeGreaterThanOrEqual(3);
    expect(r.total).toBe(receipts[0]!.n + reversals[0]!.n);
    expect(cents(r.totals.received)).toBe(cents(receipts[0]!.received) - cents(reversals[0]!.received));
    expect(cents(r.totals.principal)).toBe(cents(receipts[0]!.principal) - cents(reversals[0]!.principal));
    // each row's split adds up to what was received
    for (const row of r.rows)
      expect(cents(row.received), String(row.receiptNo)).toBe(
        cents(row.principal) + cents(row.interest) + cents(row.overdueInterest) + cents(row.charges) + cents(row.temporary),
      );
    // the ledger: cash, bank (and reloan clearing) of the receipts' and their reversals' entries;
    // loans receivable credited by their principal; the temporary amount held by what they kept
    const entries = `e.entry_date between $2 and $3 and (e.id in (select journal_entry_id from loan_repayments) or e.id in (select journal_entry_id from loan_repayment_corrections))`;
    expect(cents(r.totals.received)).toBe(await journalNet(['cash', 'bank', 'reloanClearing'], entries, [from, today]));
    expect(cents(r.totals.principal)).toBe(-(await journalNet(['loansReceivable'], entries, [from, today])));
    expect(cents(r.totals.temporary)).toBe(-(await journalNet(['customerDeposits'], entries, [from, today])));
    // a receipt row points at its own journal entry
    for (const row of r.rows) {
      const { rows } = await t.pool.query(`select repay_no from loan_repayments where journal_entry_id = $1`, [row.entryNo]);
      expect(rows[0]?.repay_no).toBe(row.receiptNo);
    }
  });

  it('filters by method and store, and the period excludes receipts outside it', async () => {
    const cash = await report(manager, 'repayment', { dateFrom: '2000-01-01', dateTo: today, method: 'cash' });
    expect(cash.rows.length).toBeGreaterThan(0);
    expect(cash.rows.every((row) => row.method === 'cash')).toBe(true);
    const kt = await report(manager, 'repayment', { dateFrom: '2000-01-01', dateTo: today, store: kwunTong });
    const { rows } = await t.pool.query(`select repay_no from loan_repayments where store_id = $1 order by repay_no`, [kwunTong]);
    expect(kt.rows.map((x) => x.receiptNo).sort()).toEqual(rows.map((x) => x.repay_no));
    const none = await report(manager, 'repayment', { dateFrom: '2000-01-01', dateTo: '2000-12-31' });
    expect(none.total).toBe(0);
    expect(none.totals.received).toBe('0.00');
  });
});

describe('outstandingSummary', () => {
  it('per store: principal outstanding equals the ledger’s loans receivable, today and a month ago', async () => {
    for (const asOf of [today, monthAgo]) {
      const r = await report(manager, 'outstandingSummary', { asOf });
      expect(r.total).toBe(3);
      const all = await tb({ to: asOf });
      expect(cents(r.totals.outstandingPrincipal), asOf).toBe(cents(balanceOf(all, 'loansReceivable')));
      expect(cents(r.totals.temporaryAmount), asOf).toBe(cents(balanceOf(all, 'customerDeposits')));
      for (const row of r.rows) {
        const mine = await tb({ to: asOf, storeId: Number(row.storeId) });
        expect(cents(row.outstandingPrincipal), `${asOf} ${row.storeName}`).toBe(cents(balanceOf(mine, 'loansReceivable')));
      }
    }
  });

  it('today: loans, overdue loans and overdue amount agree with the due summaries of the daily job', async () => {
    const r = await report(manager, 'outstandingSummary');
    const { rows } = await t.pool.query<{ store_id: number; loans: number; overdue: number; amount: string }>(
      `select store_id, count(*)::int as loans, (count(*) filter (where overdue_tenors > 0))::int as overdue, sum(overdue_amount) as amount
         from loan_due_summaries where unpaid_principal > 0 group by store_id`,
    );
    for (const row of r.rows) {
      const s = rows.find((x) => x.store_id === row.storeId);
      expect(row.loans).toBe(s?.loans ?? 0);
      expect(row.overdueLoans).toBe(s?.overdue ?? 0);
      expect(cents(row.overdueAmount)).toBe(cents(s?.amount));
    }
  });

  it('a one-store caller sees its store only, with the totals of that store', async () => {
    const mine = await report(accountant, 'outstandingSummary');
    expect(mine.rows.map((x) => x.storeId)).toEqual([mongKok]);
    const byManager = await report(manager, 'outstandingSummary', { store: mongKok });
    expect(mine.totals).toEqual(byManager.totals);
    const other = await report(accountant, 'outstandingSummary', { store: kwunTong });
    expect(other.total).toBe(0);
  });
});

describe('outstandingDetails', () => {
  it('one row per loan with principal outstanding: the ledger’s receivable per loan and the due summaries’ figures', async () => {
    const r = await report(manager, 'outstandingDetails');
    const { rows } = await t.pool.query<{ loan_no: string; unpaid_principal: string; overdue_tenors: number; days_overdue: number; overdue_amount: string }>(
      `select l.loan_no, d.unpaid_principal, d.overdue_tenors, d.days_overdue, d.overdue_amount
         from loan_due_summaries d join loans l on l.id = d.loan_id where d.unpaid_principal > 0`,
    );
    expect(r.rows.map((x) => x.loanNo).sort()).toEqual(rows.map((x) => x.loan_no).sort());
    for (const s of rows) {
      const row = r.rows.find((x) => x.loanNo === s.loan_no)!;
      expect(cents(row.outstandingPrincipal), s.loan_no).toBe(cents(s.unpaid_principal));
      expect(row.overdueTenors, s.loan_no).toBe(s.overdue_tenors);
      expect(row.overdueDays, s.loan_no).toBe(s.days_overdue);
      expect(cents(row.overdueAmount), s.loan_no).toBe(cents(s.overdue_amount));
      const ledger = await journalNet(['loansReceivable'], `e.loan_id = (select id from loans where loan_no = $2) and e.entry_date <= $3`, [s.loan_no, today]);
      expect(cents(row.outstandingPrincipal), s.loan_no).toBe(ledger);
    }
    expect(cents(r.totals.outstandingPrincipal)).toBe(cents(balanceOf(await tb({ to: today }), 'loansReceivable')));
    // the last receipt: the latest standing one that took money
    const { rows: last } = await t.pool.query<{ loan_no: string; d: string }>(
      `select l.loan_no, to_char(max(r.repay_date), 'YYYY-MM-DD') as d from loan_repayments r join loans l on l.id = r.loan_id
        where r.received > 0 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id) group by l.loan_no`,
    );
    for (const row of r.rows) expect(row.lastReceiptDate, String(row.loanNo)).toBe(last.find((x) => x.loan_no === row.loanNo)?.d ?? null);
  });

  it('a month ago: loans paid out later are not there yet', async () => {
    const r = await report(manager, 'outstandingDetails', { asOf: monthAgo });
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from loans where payout_date <= $1 and status in ('repaying','oca','complete','reloaned','bad')`,
      [monthAgo],
    );
    expect(r.total).toBe(rows[0]!.n);
    expect(cents(r.totals.outstandingPrincipal)).toBe(cents(balanceOf(await tb({ to: monthAgo }), 'loansReceivable')));
  });
});

describe('interestReceivable', () => {
  it('interest due and not received per loan equals an independent sum over the instalments and receipt lines', async () => {
    const r = await report(manager, 'interestReceivable');
    const { rows } = await t.pool.query<{ loan_no: string; due: string; paid: string }>(
      `with cur as (select loan_id, max(revision) as rev from loan_instalments group by loan_id),
            due as (select i.loan_id, sum(i.interest) as due from loan_instalments i join cur on cur.loan_id = i.loan_id and cur.rev = i.revision
                     where i.due_date <= $1 group by i.loan_id),
            paid as (select ln.loan_id, sum(ln.interest + ln.interest_waived) as paid from loan_repayment_lines ln
                      join loan_instalments i on i.loan_id = ln.loan_id and i.tenor = ln.tenor and i.revision = (select rev from cur where cur.loan_id = ln.loan_id)
                     where i.due_date <= $1
                       and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = ln.repayment_id) group by ln.loan_id)
       select l.loan_no, due.due, coalesce(paid.paid, 0) as paid from due join loans l on l.id = due.loan_id left join paid on paid.loan_id = due.loan_id
        where due.due > coalesce(paid.paid, 0)`,
      [today],
    );
    expect(r.rows.map((x) => x.loanNo).sort()).toEqual(rows.map((x) => x.loan_no).sort());
    for (const s of rows) {
      const row = r.rows.find((x) => x.loanNo === s.loan_no)!;
      expect(cents(row.interestUnpaid), s.loan_no).toBe(cents(s.due) - cents(s.paid));
      expect(cents(row.interestDue) - cents(row.interestReceived) - cents(row.interestWaived)).toBe(cents(row.interestUnpaid));
    }
    // the summary's unpaid interest is this report's, as of the same day
    expect(cents(r.totals.interestUnpaid)).toBe(cents((await report(manager, 'outstandingSummary')).totals.unpaidInterest));
  });

  it('a period counts only the instalments due in it', async () => {
    const r = await report(manager, 'interestReceivable', { dateFrom: monthAgo, dateTo: today });
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from loan_instalments i
        where i.due_date between $1 and $2 and i.revision = (select max(revision) from loan_instalments x where x.loan_id = i.loan_id)`,
      [monthAgo, today],
    );
    expect(r.rows.reduce((s, x) => s + Number(x.tenorsDue), 0)).toBeLessThanOrEqual(rows[0]!.n);
    for (const row of r.rows) expect(String(row.oldestUnpaidDueDate) >= monthAgo).toBe(true);
  });
});

describe('temporary amounts', () => {
  it('per loan: the closing balance agrees with the ledger’s temporary amounts and the due summaries', async () => {
    const r = await report(manager, 'temporaryAmount', { dateFrom: '2000-01-01', dateTo: today });
    expect(r.rows.length).toBeGreaterThan(0);
    expect(cents(r.totals.closing)).toBe(cents(balanceOf(await tb({ to: today }), 'customerDeposits')));
    const period = await tb({ from: monthAgo, to: today });
    const inPeriod = await report(manager, 'temporaryAmount', { dateFrom: monthAgo, dateTo: today });
    expect(cents(inPeriod.totals.amountIn) - cents(inPeriod.totals.amountOut)).toBe(cents(balanceOf(period, 'customerDeposits')));
    expect(cents(inPeriod.totals.opening)).toBe(cents(balanceOf(await tb({ to: dayBefore(monthAgo) }), 'customerDeposits')));
    const { rows } = await t.pool.query<{ loan_no: string; temp_amount: string }>(
      `select l.loan_no, d.temp_amount from loan_due_summaries d join loans l on l.id = d.loan_id where d.temp_amount <> 0`,
    );
    for (const s of rows) expect(cents(r.rows.find((x) => x.loanNo === s.loan_no)?.closing), s.loan_no).toBe(cents(s.temp_amount));
  });

  it('the account: movements of the period with a running balance per loan; in − out is the ledger’s movement', async () => {
    const r = await report(manager, 'temporaryAmountEscrow', { dateFrom: '2000-01-01', dateTo: today, sort: 'entryNo:asc' });
    expect(r.rows.length).toBeGreaterThan(0);
    const ledger = await tb({ from: '2000-01-01', to: today });
    expect(cents(r.totals.amountIn) - cents(r.totals.amountOut)).toBe(cents(balanceOf(ledger, 'customerDeposits')));
    const { rows } = await t.pool.query<{ credit: string | null; debit: string | null }>(
      `select sum(jl.credit) as credit, sum(jl.debit) as debit from journal_lines jl join journal_entries e on e.id = jl.entry_id
        where jl.account = 'customerDeposits' and e.entry_date <= $1`,
      [today],
    );
    // in and out as the journal has them (a reversal's lines move to the other side, as the report shows them)
    expect(cents(r.totals.amountIn) - cents(r.totals.amountOut)).toBe(cents(rows[0]!.credit) - cents(rows[0]!.debit));
    const balances = new Map<string, number>();
    for (const row of r.rows) {
      const b = (balances.get(String(row.loanNo)) ?? 0) + cents(row.amountIn) - cents(row.amountOut);
      balances.set(String(row.loanNo), b);
      expect(cents(row.balance), String(row.entryNo)).toBe(b);
    }
  });
});

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('customerRepaymentHistory', () => {
  it('finds a customer’s receipts by name, ID number or loan number, in date order, the ID number masked', async () => {
    const { rows } = await t.pool.query<{ name: string; id_number: string; loan_no: string; n: number }>(
      `select c.name, c.id_number, l.loan_no, (select count(*)::int from loan_repayments r join loans x on x.id = r.loan_id where x.customer_id = c.id) as n
         from loan_repayments r join loans l on l.id = r.loan_id join customers c on c.id = l.customer_id
        where l.store_id = $1 group by c.id, l.loan_no order by l.loan_no limit 1`,
      [mongKok],
    );
    const who = rows[0]!;
    expect(who.n).toBeGreaterThan(0);
    for (const keyword of [who.name, who.id_number, who.loan_no.toLowerCase()]) {
      const r = await report(manager, 'customerRepaymentHistory', { keyword });
      expect(r.total, keyword).toBeGreaterThanOrEqual(who.loan_no === keyword ? 1 : who.n);
      expect(r.rows.every((x) => x.customerName === who.name)).toBe(true);
      expect(r.rows.every((x) => x.idNumber !== who.id_number && String(x.idNumber).includes('*'))).toBe(true);
      const dates = r.rows.map((x) => String(x.repayDate));
      expect(dates).toEqual([...dates].sort());
    }
    const none = await report(manager, 'customerRepaymentHistory', { keyword: 'no-such-customer-%_' });
    expect(none.total).toBe(0);
    // the keyword is required
    expect((await run(manager, 'customerRepaymentHistory')).statusCode).toBe(400);
    expect((await run(manager, 'customerRepaymentHistory', { keyword: '   ' })).statusCode).toBe(400);
  });
});

describe('incomeExpenditure', () => {
  it('every income and expense account per store equals the trial balance movements of the period, to the cent', async () => {
    for (const [from, to] of [
      ['2000-01-01', today],
      [monthAgo, today],
    ] as const) {
      const r = await report(manager, 'incomeExpenditure', { dateFrom: from, dateTo: to });
      const all = await tb({ from, to });
      const income = all.rows.filter((x) => x.kind === 'income').reduce((s, x) => s + cents(x.balance), 0);
      const expense = all.rows.filter((x) => x.kind === 'expense').reduce((s, x) => s + cents(x.balance), 0);
      expect(cents(r.totals.income)).toBe(income);
      expect(cents(r.totals.expenditure)).toBe(expense);
      for (const storeId of [mongKok, kwunTong]) {
        const mine = await tb({ from, to, storeId });
        const code = storeId === mongKok ? 'MK' : 'KT';
        for (const acc of mine.rows.filter((x) => x.kind === 'income' || x.kind === 'expense')) {
          const row = r.rows.find((x) => x.rowId === `${code}-${acc.code}`);
          expect(cents(row?.debit), `${code} ${acc.key}`).toBe(cents(acc.debit));
          expect(cents(row?.credit), `${code} ${acc.key}`).toBe(cents(acc.credit));
          expect(cents(acc.kind === 'income' ? row?.income : row?.expenditure), `${code} ${acc.key}`).toBe(cents(acc.balance));
        }
      }
    }
    const r = await report(manager, 'incomeExpenditure', { dateFrom: '2000-01-01', dateTo: today });
    expect(r.rows.some((x) => x.accountName === '利息收入' || x.accountName === 'Interest income')).toBe(true);
  });
});

describe('overdue', () => {
  it('each overdue loan with its amount aged by the days past due of each instalment, as the due summaries have it', async () => {
    const r = await report(manager, 'overdue');
    const { rows } = await t.pool.query<{ loan_no: string; overdue_tenors: number; days_overdue: number; overdue_amount: string }>(
      `select l.loan_no, d.overdue_tenors, d.days_overdue, d.overdue_amount from loan_due_summaries d join loans l on l.id = d.loan_id where d.overdue_tenors > 0`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(r.rows.map((x) => x.loanNo).sort()).toEqual(rows.map((x) => x.loan_no).sort());
    for (const s of rows) {
      const row = r.rows.find((x) => x.loanNo === s.loan_no)!;
      expect(row.overdueTenors).toBe(s.overdue_tenors);
      expect(row.overdueDays).toBe(s.days_overdue);
      expect(cents(row.totalOverdue)).toBe(cents(s.overdue_amount));
      expect(cents(row.d1to30) + cents(row.d31to60) + cents(row.d61to90) + cents(row.d90plus)).toBe(cents(row.totalOverdue));
      const oldest = s.days_overdue <= 30 ? 'd1to30' : s.days_overdue <= 60 ? 'd31to60' : s.days_overdue <= 90 ? 'd61to90' : 'd90plus';
      expect(cents(row[oldest]), s.loan_no).toBeGreaterThan(0);
      expect(String(row.mobile)).toContain('*');
    }
    // the bucket filter keeps the loans with an amount in that bucket
    for (const bucket of ['d1to30', 'd31to60', 'd61to90', 'd90plus']) {
      const only = await report(manager, 'overdue', { bucket });
      expect(only.rows.map((x) => x.loanNo).sort(), bucket).toEqual(r.rows.filter((x) => cents(x[bucket]) > 0).map((x) => x.loanNo).sort());
    }
  });

  it('a collector sees the overdue loans of the current store only', async () => {
    const mine = await report(collector, 'overdue');
    const byManager = await report(manager, 'overdue', { store: mongKok });
    expect(mine.rows.map((x) => x.loanNo).sort()).toEqual(byManager.rows.map((x) => x.loanNo).sort());
    expect(mine.totals).toEqual(byManager.totals);
    expect(mine.rows.every((x) => String(x.loanNo).startsWith('LNMK'))).toBe(true);
  });
});

describe('every servicing report', () => {
  const paramsOf = (name: string): Record<string, string> => (name === 'customerRepaymentHistory' ? { keyword: '陳' } : {});

  it('a one-store caller sees only its store; naming another store gives no rows', async () => {
    for (const decl of servicingReports) {
      const mine = await report(accountant, decl.name, { ...paramsOf(decl.name), ...(decl.params.some((p) => p.name === 'dateFrom') ? { dateFrom: '2000-01-01' } : {}) });
      const byManager = await report(manager, decl.name, {
        ...paramsOf(decl.name),
        store: mongKok,
        ...(decl.params.some((p) => p.name === 'dateFrom') ? { dateFrom: '2000-01-01' } : {}),
      });
      expect(mine.total, decl.name).toBe(byManager.total);
      expect(mine.totals, decl.name).toEqual(byManager.totals);
      const other = await report(accountant, decl.name, { ...paramsOf(decl.name), store: kwunTong });
      expect(other.total, decl.name).toBe(0);
      for (const c of decl.columns.filter((x) => x.total)) expect(Number(other.totals[c.key]), `${decl.name} ${c.key}`).toBe(0);
    }
  });

  it('sorts by every column both ways', async () => {
    for (const decl of servicingReports)
      for (const c of decl.columns)
        for (const order of ['asc', 'desc']) {
          const res = await run(manager, decl.name, { ...paramsOf(decl.name), sort: `${c.key}:${order}`, pageSize: 3 });
          expect(res.statusCode, `${decl.name} ${c.key}:${order}`).toBe(200);
        }
  });

  it('refuses a caller without the key, and bad parameters', async () => {
    for (const decl of servicingReports) {
      expect((await run(clerk, decl.name, paramsOf(decl.name))).statusCode, decl.name).toBe(403);
      if (decl.name !== 'overdue') expect((await run(collector, decl.name, paramsOf(decl.name))).statusCode, decl.name).toBe(403);
      expect((await run(manager, decl.name, { ...paramsOf(decl.name), sort: 'nope:asc' })).statusCode, decl.name).toBe(400);
      expect((await run(manager, decl.name, { ...paramsOf(decl.name), unknown: '1' })).statusCode, decl.name).toBe(400);
      expect((await run(manager, decl.name, { ...paramsOf(decl.name), store: 'x' })).statusCode, decl.name).toBe(400);
      for (const p of decl.params.filter((x) => x.kind === 'date'))
        expect((await run(manager, decl.name, { ...paramsOf(decl.name), [p.name]: '2026-02-30x' })).statusCode, `${decl.name} ${p.name}`).toBe(400);
      for (const p of decl.params.filter((x) => x.kind === 'enum'))
        expect((await run(manager, decl.name, { ...paramsOf(decl.name), [p.name]: 'nope' })).statusCode, `${decl.name} ${p.name}`).toBe(400);
      if (decl.params.some((p) => p.name === 'dateFrom')) {
        const res = await run(manager, decl.name, { dateFrom: today, dateTo: monthAgo });
        expect(res.statusCode, decl.name).toBe(400);
        expect(res.body.result === 'error' && res.body.errors?.[0]?.field).toBe('dateTo');
      }
    }
  });

  it('answers in the caller’s language: store and account names', async () => {
    const en = dataOf(await call<ReportAnswer>(t.app, 'GET', '/reports/outstandingSummary', { token: manager, lang: 'en' }));
    expect(en.rows.map((x) => x.storeName)).toContain('Mong Kok');
    const zh = dataOf(await call<ReportAnswer>(t.app, 'GET', '/reports/outstandingSummary', { token: manager, lang: 'zh-TW' }));
    expect(zh.rows.map((x) => x.storeName)).toContain('旺角店');
  });
});

// Last: it voids a receipt of the demo data, which the tests above must not see.
describe('repayment: voided receipts, and pages read apart from their totals', () => {
  it('shows a voided receipt and its reversal with the correction, or leaves both out', async () => {
    // a receipt of today on a new loan (a correction is allowed for 7 days: the demo's are older)
    const staff = await repaymentStaff(t);
    const borrower = await insertCustomer(t.pool, { code: 'RV0001', name: '區作廢', idNumber: 'A1234563', mobile1: '91230003' });
    const loan = await repayingLoan(t, staff, borrower, today);
    const posted = await call<{ id: number; repayNo: string }>(t.app, 'POST', '/repayments', {
      token: staff.collector,
      body: { loanId: loan.id, received: '300.00', method: 'cash', repayType: 'auto', idempotencyKey: 'report-void-receipt-1' },
    });
    const receipt = { id: dataOf(posted).id, repay_no: dataOf(posted).repayNo };
    const voided = await call(t.app, 'POST', `/repayments/${receipt.id}/correct`, { token: manager, body: { kind: 'void', reason: 'entered in error' } });
    expect(voided.statusCode, JSON.stringify(voided.body)).toBe(200);
    const all = await report(manager, 'repayment', { dateFrom: '2000-01-01', dateTo: today });
    const both = all.rows.filter((row) => row.receiptNo === receipt.repay_no);
    expect(both.map((row) => row.correction)).toEqual(['void', 'void']);
    expect(cents(both[0]!.received) + cents(both[1]!.received)).toBe(0);

    const standing = await report(manager, 'repayment', { dateFrom: '2000-01-01', dateTo: today, includeVoided: 'no' });
    const { rows } = await t.pool.query<{ n: number; received: string }>(
      `select count(*)::int as n, sum(received - paid_out) as received from loan_repayments r
        where repay_date <= $1 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)`,
      [today],
    );
    expect(standing.total).toBe(rows[0]!.n);
    expect(cents(standing.totals.received)).toBe(cents(rows[0]!.received));
    expect(standing.rows.some((row) => row.receiptNo === receipt.repay_no || row.correction !== null)).toBe(false);
  });

  it('pages follow one another in order, each with the count and totals of every row', async () => {
    for (const name of ['repayment', 'repaymentSchedule']) {
      const query = name === 'repayment' ? { dateFrom: '2000-01-01', dateTo: today } : { dateFrom: '2000-01-01', dateTo: '2100-12-31' };
      const whole = await report(manager, name, query);
      const decl = reportByName(name)!;
      const pages = [1, 2, 3].map((page) => report(manager, name, { ...query, pageSize: 1, page }));
      const got = await Promise.all(pages);
      expect(whole.total, name).toBeGreaterThanOrEqual(3);
      expect(got.flatMap((p) => p.rows.map((row) => row[decl.rowKey])), name).toEqual(whole.rows.slice(0, 3).map((row) => row[decl.rowKey]));
      for (const p of got) {
        expect(p.total, name).toBe(whole.total);
        expect(p.totals, name).toEqual(whole.totals);
      }
      const past = await report(manager, name, { ...query, pageSize: 1, page: whole.total + 1 });
      expect(past.rows, name).toEqual([]);
      expect(past.total, name).toBe(whole.total);
      expect(past.totals, name).toEqual(whole.totals);
    }
  });
});
