import { reportByName, type ReportAnswer, type TrialBalance } from '@harbour/contracts';
import { dec, referralCommission } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * The origination reports on the demo data (demo/), each against an independent computation:
 * SQL written here over the records, and the ledger (trial balance, journal lines) for the money
 * it also holds. Beyond the demo, three steps give the empty reports rows: a demo loan settled
 * early (completed loans), referral agents named on three demo loans (referral agent sales) and a
 * two-instalment loan with its first instalment paid (semi-complete).
 */
let t: TestApp;
let who: RepaymentStaff;
let manager: string;
let accountant: string;
let clerk: string;
let today: string;
let clerkStore: number;
let accountantStore: number;
let settledLoanNo: string;
let semiLoanNo: string;

const ORIGINATION = ['loan', 'loanDetail', 'repaymentSchedule', 'estimatedRepayment', 'monthlyReceivable', 'staffSales', 'referralAgentSales', 'semiComplete', 'completedLoan', 'annualLoanStatement'] as const;

const report = async (name: string, query: Record<string, string | number> = {}, token = manager) =>
  dataOf(await call<ReportAnswer>(t.app, 'GET', `/reports/${name}`, { token, query: { pageSize: 200, ...query }, lang: 'en' }));

const q = async <T = Record<string, string>>(text: string, values: unknown[] = []) => (await t.pool.query(text, values)).rows as T[];
const one = async <T = Record<string, string>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0]!;

const trialBalance = async (query: Record<string, string | number>) =>
  dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: manager, query }));
const balanceOf = (tb: TrialBalance, account: string) => tb.rows.find((r) => r.key === account)!;

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
const monthStart = (d: string) => `${d.slice(0, 8)}01`;
const monthEnd = (d: string) => {
  const [y, m] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
  return `${d.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((a, r) => a.plus(dec(String(r[key] ?? '0'))), dec("0")).toFixed(2);

/** The current schedule's instalments with what standing receipts paid on each (independent of the report's SQL). */
const INSTALMENTS = `
  with cur as (select loan_id, max(revision) as revision from loan_instalments group by loan_id),
  standing as (select r.id from loan_repayments r left join loan_repayment_corrections c on c.repayment_id = r.id where c.id is null),
  paid as (select ln.loan_id, ln.tenor, sum(ln.principal) p, sum(ln.interest) i, sum(ln.interest_waived) w
           from loan_repayment_lines ln where ln.repayment_id in (select id from standing) group by ln.loan_id, ln.tenor)
  select l.loan_no, l.status, l.store_id, i.tenor, i.due_date, i.principal, i.interest,
         coalesce(paid.p, 0) as paid_p, coalesce(paid.i, 0) as paid_i, coalesce(paid.w, 0) as waived,
         i.principal + i.interest - coalesce(paid.p, 0) - coalesce(paid.i, 0) - coalesce(paid.w, 0) as unpaid
  from loan_instalments i join cur on cur.loan_id = i.loan_id and cur.revision = i.revision
  join loans l on l.id = i.loan_id
  left join paid on paid.loan_id = i.loan_id and paid.tenor = i.tenor`;

beforeAll(async () => {
  t = await createTestApp();
  who = await repaymentStaff(t);
  manager = who.manager;
  accountant = who.accountant;
  clerk = who.clerk;
  today = (await report('loanDetail')).params.asOf as string;
  clerkStore = (await one<{ store_id: number }>(`select ss.store_id from staff_stores ss join staff s on s.id = ss.staff_id where s.username = 'clerk'`)).store_id;
  accountantStore = (await one<{ id: number }>(`select default_store_id as id from staff where username = 'accountant'`)).id;

  // a demo loan of the clerk's store settled early today
  const settle = await one<{ id: number; loan_no: string }>(
    `select id, loan_no from loans where status = 'repaying' and store_id = $1 and not exists (select 1 from loan_repayments r where r.loan_id = loans.id) order by payout_date limit 1`,
    [clerkStore],
  );
  dataOf(await call(t.app, 'POST', '/repayments/settle', { token: clerk, body: { loanId: settle.id, method: 'cash', idempotencyKey: 'report-settle-1' } }));
  settledLoanNo = settle.loan_no;

  // referral agents on the loans paid out this month
  await t.pool.query(`update loans set referral_agent_id = (select min(id) from referral_agents) where id in (select loan_id from loan_payouts where payout_date >= $1::date and store_id <> 3)`, [monthStart(today)]);
  await t.pool.query(`update loans set referral_agent_id = (select max(id) from referral_agents) where id in (select loan_id from loan_payouts where payout_date >= $1::date and store_id = 3)`, [monthStart(today)]);
  // … with the commission their payouts would have kept had the agents been named then
  const referred = await q<{ id: number; amount: string; kind: 'percent' | 'fixed'; rate: string }>(
    `select p.id, l.loan_amount::text amount, a.commission_kind kind, a.commission::text rate
     from loan_payouts p join loans l on l.id = p.loan_id join referral_agents a on a.id = l.referral_agent_id`,
  );
  for (const r of referred) {
    await t.pool.query(`update loan_payouts set referral_commission = $2 where id = $1`, [r.id, referralCommission(r.amount, { kind: r.kind, commission: r.rate })]);
  }

  // a two-instalment loan with its first instalment paid: half the tenors
  const customer = await one<{ id: number }>(`select id from customers order by id limit 1`);
  const semi = await repayingLoan(t, who, customer.id, today, { tenor: 2, amount: '6000' });
  dataOf(
    await call(t.app, 'POST', '/repayments', {
      token: clerk,
      body: { loanId: semi.id, received: semi.instalments[0]!.instalment, repayType: 'instalment', tenor: 1, method: 'cash', idempotencyKey: 'report-semi-1' },
    }),
  );
  semiLoanNo = semi.loanNo!;
});
afterAll(() => t.close());

describe('loan (paid out in a period)', () => {
  it('lists each payout of the month with the deductions, totals agreeing with the payout entries of the ledger', async () => {
    const a = await report('loan');
    expect(a.params).toMatchObject({ dateFrom: monthStart(today), dateTo: monthEnd(today) });
    const expected = await q(
      `select l.loan_no, l.loan_amount::text, p.amount_received::text, p.upfront_deducted::text,
              (l.loan_amount - p.upfront_deducted - p.amount_received - p.old_loan_settled)::text as fees
       from loan_payouts p join loans l on l.id = p.loan_id where p.payout_date between $1 and $2 order by l.loan_no`,
      [a.params.dateFrom, a.params.dateTo],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(a.rows.map((r) => [r.loanNo, r.loanAmount, r.netPaid, r.upfrontInterest, r.fees]).sort()).toEqual(
      expected.map((e) => [e.loan_no, e.loan_amount, e.amount_received, e.upfront_deducted, e.fees]).sort(),
    );
    const ledger = await one(
      `select coalesce(sum(jl.debit) filter (where jl.account = 'loansReceivable'), 0)::numeric(16,2)::text as principal,
              coalesce(sum(jl.credit) filter (where jl.account = 'feeIncome'), 0)::numeric(16,2)::text as fees,
              coalesce(sum(jl.credit) filter (where jl.account = 'interestIncome'), 0)::numeric(16,2)::text as interest,
              coalesce(sum(jl.credit) filter (where jl.account in ('cash', 'bank')), 0)::numeric(16,2)::text as paid
       from journal_entries e join journal_lines jl on jl.entry_id = e.id where e.event = 'payout' and e.entry_date between $1 and $2`,
      [a.params.dateFrom, a.params.dateTo],
    );
    expect(a.totals).toMatchObject({ loanAmount: ledger.principal, fees: ledger.fees, upfrontInterest: ledger.interest, netPaid: ledger.paid });
    expect(a.total).toBe(expected.length);
  });

  it('filters by loan type and store', async () => {
    const second = await report('loan', { loanType: 'second_mortgage' });
    expect(second.rows.every((r) => r.loanType === 'Second mortgage')).toBe(true);
    const n = await one<{ n: number }>(`select count(*)::int n from loan_payouts p join loans l on l.id = p.loan_id where l.loan_type = 'second_mortgage' and p.payout_date between $1 and $2`, [second.params.dateFrom, second.params.dateTo]);
    expect(second.total).toBe(n.n);
    const mk = await report('loan', { store: clerkStore });
    expect(mk.rows.length).toBeGreaterThan(0);
    expect(mk.rows.every((r) => String(r.loanNo).startsWith('LNMK'))).toBe(true);
  });
});

describe('loanDetail (balances as of a date)', () => {
  it('gives each paid-out loan its outstanding principal, the total equal to loans receivable in the trial balance', async () => {
    const a = await report('loanDetail');
    const expected = await q(
      `select l.loan_no, (l.loan_amount - coalesce((select sum(r.principal) from loan_repayments r where r.loan_id = l.id
                 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)), 0))::numeric(16,2)::text as outstanding
       from loans l where l.payout_date is not null order by l.loan_no`,
    );
    expect(a.rows.map((r) => [r.loanNo, r.outstandingPrincipal]).sort()).toEqual(expected.map((e) => [e.loan_no, e.outstanding]).sort());
    const tb = await trialBalance({ to: today });
    expect(a.totals.outstandingPrincipal).toBe(balanceOf(tb, 'loansReceivable').balance);
    // the total interest is the schedule in force's
    const interest = await q(`select loan_no, sum(interest)::text ti from (${INSTALMENTS}) x group by loan_no`);
    expect(a.rows.map((r) => [r.loanNo, r.totalInterest]).sort()).toEqual(interest.map((i) => [i.loan_no, i.ti]).sort());
    // paid + written off + outstanding = principal, loan by loan
    for (const r of a.rows) expect(dec(r.paidPrincipal as string).plus(dec(r.writtenOffPrincipal as string)).plus(dec(r.outstandingPrincipal as string)).toFixed(2)).toBe(r.loanAmount);
  });

  it('as of an earlier date agrees with the trial balance of that date, and leaves out later loans and receipts', async () => {
    const asOf = addDays(today, -10);
    const a = await report('loanDetail', { asOf });
    const tb = await trialBalance({ to: asOf });
    expect(a.totals.outstandingPrincipal).toBe(balanceOf(tb, 'loansReceivable').balance);
    expect(a.rows.every((r) => (r.payoutDate as string) <= asOf)).toBe(true);
    const settled = a.rows.find((r) => r.loanNo === settledLoanNo)!;
    expect(settled.paidPrincipal).toBe('0.00');
  });

  it('shows the next unpaid instalment and filters by status', async () => {
    const a = await report('loanDetail', { status: 'repaying' });
    expect(a.rows.every((r) => r.status === 'repaying')).toBe(true);
    const next = await q(`select loan_no, min(due_date)::text as due from (${INSTALMENTS}) x where unpaid > 0 and status = 'repaying' group by loan_no`);
    expect(a.rows.map((r) => [r.loanNo, r.nextDueDate]).sort()).toEqual(next.map((n) => [n.loan_no, n.due]).sort());
    const complete = await report('loanDetail', { status: 'complete' });
    expect(complete.rows.map((r) => r.loanNo)).toContain(settledLoanNo);
    expect(complete.rows.every((r) => r.outstandingPrincipal === '0.00' && r.nextDueDate === null)).toBe(true);
  });
});

describe('repaymentSchedule and estimatedRepayment', () => {
  it('repaymentSchedule lists the instalments due in the period with paid and unpaid amounts', async () => {
    const [from, to] = [`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`];
    const a = await report('repaymentSchedule', { dateFrom: from, dateTo: to });
    const e = await one(
      `select count(*)::int as n, sum(principal)::text p, sum(interest)::text i, sum(paid_p + paid_i)::text paid, sum(waived)::text w, sum(unpaid)::text u
       from (${INSTALMENTS}) x where due_date between $1 and $2`,
      [from, to],
    );
    expect(a.total).toBe(Number(e.n));
    expect(a.totals).toMatchObject({ principal: e.p, interest: e.i, paid: e.paid, waived: e.w, unpaid: e.u });
    expect(a.rows.some((r) => r.state === 'settled')).toBe(true);
    expect(a.rows.some((r) => r.state === 'overdue')).toBe(true);
    expect(a.rows.every((r) => dec(r.paid as string).plus(dec(r.waived as string)).plus(dec(r.unpaid as string)).toFixed(2) === r.instalment)).toBe(true);
  });

  it('estimatedRepayment gives what is still to come from today, mobile masked', async () => {
    const to = addDays(today, 90);
    const a = await report('estimatedRepayment', { dateTo: to });
    expect(a.params.dateFrom).toBe(today);
    const e = await one(
      `select count(*)::int as n, sum(unpaid)::text u, sum(principal - paid_p)::text p from (${INSTALMENTS}) x
       where status = 'repaying' and unpaid > 0 and due_date between $1 and $2`,
      [today, to],
    );
    expect(a.total).toBe(Number(e.n));
    expect(a.totals).toMatchObject({ expectedTotal: e.u, expectedPrincipal: e.p });
    expect(a.rows.length).toBeGreaterThan(0);
    expect(a.rows.every((r) => /^\*+\d{4}$/.test(String(r.mobile)))).toBe(true);
    expect(a.rows.some((r) => String(r.instalmentRef).startsWith(settledLoanNo))).toBe(false);
  });

  it('masks a report\'s numbers to the "visible tel. no." setting in force (the one masking policy)', async () => {
    const to = addDays(today, 90);
    const mobiles = new Set((await q<{ mobile1: string }>(`select distinct c.mobile1 from customers c join loans l on l.customer_id = c.id where l.status = 'repaying'`)).map((r) => r.mobile1));
    await t.pool.query(`insert into settings (key, value) values ('visibleTelDigits', '2') on conflict (key) do update set value = excluded.value`);
    try {
      const a = await report('estimatedRepayment', { dateTo: to });
      expect(a.rows.length).toBeGreaterThan(0);
      const plain = [...mobiles].map((m) => m.replace(/[\s()-]/g, ''));
      const shown = new Set(plain.map((m) => `${'*'.repeat(m.length - 2)}${m.slice(-2)}`));
      expect(a.rows.every((r) => shown.has(String(r.mobile)))).toBe(true);
    } finally {
      await t.pool.query(`delete from settings where key = 'visibleTelDigits'`);
    }
    const back = await report('estimatedRepayment', { dateTo: to });
    expect(back.rows.every((r) => /^\*+\d{4}$/.test(String(r.mobile)))).toBe(true);
  });
});

describe('monthlyReceivable', () => {
  it('has twelve months whose figures add up and total the year of the schedule', async () => {
    const a = await report('monthlyReceivable');
    const year = a.params.year as number;
    expect(a.rows.map((r) => r.month)).toEqual(Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`));
    const e = await one(
      `select count(*)::int n, sum(principal + interest)::text due, sum(paid_p)::text pp, sum(paid_i)::text pi, sum(unpaid)::text u
       from (${INSTALMENTS}) x where extract(year from due_date) = $1`,
      [year],
    );
    expect(a.totals).toMatchObject({ instalments: e.n, totalDue: e.due, principalReceived: e.pp, interestReceived: e.pi });
    expect(dec(a.totals.writtenOff as string).plus(dec(a.totals.outstanding as string)).toFixed(2)).toBe(e.u);
    for (const r of a.rows) {
      const parts = ['principalReceived', 'interestReceived', 'waived', 'writtenOff', 'outstanding'].reduce((s, k) => s.plus(dec(r[k] as string)), dec("0"));
      expect(parts.toFixed(2), String(r.month)).toBe(r.totalDue);
    }
  });
});

describe('staffSales and referralAgentSales', () => {
  it('staffSales: per responsible staff member, totals equal to the loan report and the ledger', async () => {
    const a = await report('staffSales');
    const loan = await report('loan');
    const e = await q(
      `select s.username, count(*)::int n, sum(l.loan_amount)::text amount from loan_payouts p join loans l on l.id = p.loan_id join staff s on s.id = l.staff_id
       where p.payout_date between $1 and $2 group by s.username`,
      [a.params.dateFrom, a.params.dateTo],
    );
    expect(a.rows.map((r) => [r.username, r.loans, r.loanAmount]).sort()).toEqual(e.map((x) => [x.username, x.n, x.amount]).sort());
    expect(a.totals).toMatchObject({ loanAmount: loan.totals.loanAmount, fees: loan.totals.fees, netPaid: loan.totals.netPaid, loans: loan.total });
  });

  it('referralAgentSales: loans and the commission by the agent terms', async () => {
    const a = await report('referralAgentSales');
    const loans = await q<{ agent: number; amount: string; kind: string; rate: string }>(
      `select l.referral_agent_id agent, l.loan_amount::text amount, a.commission_kind kind, a.commission::text rate
       from loan_payouts p join loans l on l.id = p.loan_id join referral_agents a on a.id = l.referral_agent_id where p.payout_date between $1 and $2`,
      [a.params.dateFrom, a.params.dateTo],
    );
    expect(loans.length).toBeGreaterThan(0);
    const commission = loans.reduce((s, l) => s.plus(l.kind === 'percent' ? dec(l.amount).times(dec(l.rate)).div(100).toDecimalPlaces(2) : dec(l.rate)), dec("0"));
    expect(a.totals.commission).toBe(commission.toFixed(2));
    expect(a.totals.loans).toBe(loans.length);
    expect(a.totals.loanAmount).toBe(sum(loans, 'amount'));
    expect(a.total).toBe(new Set(loans.map((l) => l.agent)).size);
  });
});

describe('semiComplete and completedLoan', () => {
  it('semiComplete lists repaying loans with half or more of the tenors paid', async () => {
    const a = await report('semiComplete');
    const e = await q(
      `select loan_no, count(*) filter (where unpaid <= 0)::int paid, count(*)::int total from (${INSTALMENTS}) x where status = 'repaying'
       group by loan_no having count(*) filter (where unpaid <= 0) * 2 >= count(*) and count(*) filter (where unpaid <= 0) < count(*)`,
    );
    expect(a.rows.map((r) => [r.loanNo, r.paidTenors, r.totalTenor]).sort()).toEqual(e.map((x) => [x.loan_no, x.paid, x.total]).sort());
    const semi = a.rows.find((r) => r.loanNo === semiLoanNo)!;
    expect(semi).toMatchObject({ paidTenors: 1, totalTenor: 2 });
    expect(String(semi.mobile)).toMatch(/^\*+\d{4}$/);
    const before = await report('semiComplete', { asOf: addDays(today, -1) });
    expect(before.rows.map((r) => r.loanNo)).not.toContain(semiLoanNo);
  });

  it('completedLoan shows the loan settled early with the interest received and the rebate', async () => {
    const a = await report('completedLoan');
    const row = a.rows.find((r) => r.loanNo === settledLoanNo)!;
    expect(row).toMatchObject({ completedOn: today, completion: 'early' });
    const e = await one(`select sum(interest)::text i, sum(rebate)::text r from loan_repayments r join loans l on l.id = r.loan_id where l.loan_no = $1`, [settledLoanNo]);
    expect([row.interestReceived, row.rebate]).toEqual([e.i, e.r]);
    const n = await one<{ n: number }>(`select count(*)::int n from loans where status in ('complete', 'reloaned')`);
    expect(a.total).toBe(n.n);
    expect((await report('completedLoan', { completion: 'normal' })).rows.map((r) => r.loanNo)).not.toContain(settledLoanNo);
    expect((await report('completedLoan', { completion: 'early' })).total).toBe(a.total);
  });
});

describe('annualLoanStatement', () => {
  it('moves each loan from its opening to its closing principal; the year agrees with loans receivable', async () => {
    const a = await report('annualLoanStatement');
    const year = a.params.year as number;
    for (const r of a.rows) {
      const closing = dec(r.openingBalance as string).plus(dec(r.principalAdvanced as string)).minus(dec(r.principalRepaid as string)).minus(dec(r.writtenOff as string));
      expect(closing.toFixed(2), String(r.loanNo)).toBe(r.closingBalance);
    }
    const closing = await trialBalance({ to: `${year}-12-31` });
    const opening = await trialBalance({ to: `${year - 1}-12-31` });
    expect(a.totals.closingBalance).toBe(balanceOf(closing, 'loansReceivable').balance);
    expect(a.totals.openingBalance).toBe(balanceOf(opening, 'loansReceivable').balance);
    const year_ = await trialBalance({ from: `${year}-01-01`, to: `${year}-12-31` });
    expect(a.totals.principalAdvanced).toBe(balanceOf(year_, 'loansReceivable').debit);
    expect(a.totals.principalRepaid).toBe(balanceOf(year_, 'loansReceivable').credit);
    expect(a.rows.every((r) => /^\*+.{4}$/.test(String(r.idNumber)))).toBe(true);
    // the year before is read from its receipts (this year from the kept totals less the year's
    // movements): its closing is this year's opening, loan by loan
    const before = await report('annualLoanStatement', { year: year - 1 });
    expect(before.totals.closingBalance).toBe(a.totals.openingBalance);
    expect(before.totals.closingBalance).toBe(balanceOf(opening, 'loansReceivable').balance);
    const closedBefore = new Map(before.rows.map((r) => [r.loanNo, r.closingBalance]));
    for (const r of a.rows.filter((x) => x.openingBalance !== '0.00')) expect(closedBefore.get(r.loanNo), String(r.loanNo)).toBe(r.openingBalance);
  });

  it('finds one borrower by name, ID number (any spelling) or loan number', async () => {
    const c = await one<{ name: string; id_number: string; loan_no: string; n: number }>(
      `select c.name, c.id_number, min(l.loan_no) loan_no, count(*)::int n from loans l join customers c on c.id = l.customer_id
       where l.payout_date is not null group by c.id order by count(*) desc, c.id limit 1`,
    );
    const spelled = `${c.id_number.slice(0, -1)}(${c.id_number.slice(-1)})`.toLowerCase();
    for (const keyword of [c.name, spelled]) {
      const a = await report('annualLoanStatement', { keyword });
      expect(a.total, keyword).toBe(c.n);
    }
    expect((await report('annualLoanStatement', { keyword: c.loan_no })).rows.map((r) => r.loanNo)).toEqual([c.loan_no]);
    expect((await report('annualLoanStatement', { keyword: 'nobody-of-that-name' })).total).toBe(0);
  });
});

describe('access and input', () => {
  it('a one-store caller (the accountant) sees only its store, totals of its rows only; another store gives nothing', async () => {
    const mine = await report('loanDetail', {}, accountant);
    const e = await one(
      `select count(*)::int n, sum(l.loan_amount)::text amount from loans l where l.payout_date is not null and l.store_id = $1`,
      [accountantStore],
    );
    expect(mine.total).toBe(Number(e.n));
    expect(mine.totals.loanAmount).toBe(e.amount);
    const tb = dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: accountant, query: { to: today } }));
    expect(mine.totals.outstandingPrincipal).toBe(balanceOf(tb, 'loansReceivable').balance);
    const other = (await one<{ id: number }>(`select id from stores where id <> $1 order by id limit 1`, [accountantStore])).id;
    for (const name of ORIGINATION) {
      const a = await report(name, { store: other }, accountant);
      if (name === 'monthlyReceivable') expect(a.totals.totalDue, name).toBe('0.00');
      else expect(a.total, name).toBe(0);
    }
  });

  it('a role without the report key gets 403', async () => {
    for (const token of [who.collector, clerk])
      for (const name of ORIGINATION) expect((await call(t.app, 'GET', `/reports/${name}`, { token })).statusCode, name).toBe(403);
  });

  it('bad parameters answer 400', async () => {
    const bad: [string, Record<string, string>][] = [
      ['loan', { dateFrom: '2026-02-30x' }],
      ['loan', { dateFrom: '2026-11-20', dateTo: '2026-11-01' }],
      ['loan', { loanType: 'yacht' }],
      ['loanDetail', { asOf: 'yesterday' }],
      ['loanDetail', { sort: 'nope:asc' }],
      ['loanDetail', { colour: 'red' }],
      ['monthlyReceivable', { year: '1999' }],
      ['annualLoanStatement', { keyword: 'x'.repeat(101) }],
      ['completedLoan', { completion: 'maybe' }],
    ];
    for (const [name, query] of bad) {
      const a = await call(t.app, 'GET', `/reports/${name}`, { token: manager, query });
      expect(a.statusCode, `${name} ${JSON.stringify(query)}`).toBe(400);
    }
  });

  it('every column sorts both ways', async () => {
    for (const name of ORIGINATION) {
      const decl = reportByName(name)!;
      for (const c of decl.columns)
        for (const dir of ['asc', 'desc']) {
          const a = await call<ReportAnswer>(t.app, 'GET', `/reports/${name}`, { token: manager, query: { sort: `${c.key}:${dir}`, pageSize: 5 } });
          expect(a.statusCode, `${name} ${c.key}:${dir}`).toBe(200);
        }
    }
  });
});
