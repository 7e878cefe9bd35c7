import { reportByName, type AgentPaymentItem, type ReportAnswer, type RecoveryItem, type TrialBalance } from '@harbour/contracts';
import { dec } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmsWorker } from '../../src/modules/sms/worker.js';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { expectLedgerBalanced } from '../helpers/ledger.js';
import { insertCustomer } from '../helpers/loans.js';
import { repayingLoan, repaymentStaff, type RepaymentStaff } from '../helpers/repaying.js';

/**
 * The collection reports (docs/reports.md → Collection reports) on the demo data plus rows made
 * here through the services, in the clerk's store (Mong Kok): an OCA loan with two recoveries and
 * part of its agent's charges paid, a loan written off with recovery income (one recovery deleted),
 * a write-off cancelled, and SMS reminders sent and queued. Every report's rows and totals are
 * checked against an independent SQL over the tables or the ledger's journal lines, as the manager
 * (every store) sees them; then the store scope (the accountant works in Mong Kok only), the key,
 * the parameters and every sort.
 */
let t: TestApp;
let s: RepaymentStaff;
let accountant: string;
let clerk: string;
let agentId: number;
let otherAgentId: number;
let monthStart: string;
let monthEnd: string;
let yesterday: string;
const made: { oca: number; ocaNo: string; bad: number; badNo: string; cancelled: number; cancelledNo: string } = { oca: 0, ocaNo: '', bad: 0, badNo: '', cancelled: 0, cancelledNo: '' };
let seq = 0;

const COLLECTION = ['currentlyOcaLoan', 'ocaChargesPayable', 'nonSettledOcaRepayment', 'writeOff', 'writeOffCollection', 'smsSentRecord'] as const;
type Name = (typeof COLLECTION)[number];

const key = () => `rcoll-key-${++seq}-${Date.now()}`;
const post = <T>(url: string, body: Record<string, unknown>, token = s.manager) => call<T>(t.app, 'POST', url, { token, body, lang: 'en' });
const report = (name: Name, query: Record<string, string | number> = {}, token = s.manager) => call<ReportAnswer>(t.app, 'GET', `/reports/${name}`, { token, lang: 'en', query: { pageSize: 200, ...query } });
const run = async (name: Name, query: Record<string, string | number> = {}, token = s.manager) => dataOf(await report(name, query, token));
const byLoan = (a: ReportAnswer) => new Map(a.rows.map((r) => [r.loanNo as string, r]));
const sum = (rows: ReportAnswer['rows'], col: string) => rows.reduce((acc, r) => acc.plus(dec((r[col] as string | null) ?? '0')), dec('0')).toFixed(2);
const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pool.query<T>(text, values)).rows;
/** The ledger's net (debit − credit) of an account over entries dated in a range, in the given stores. */
const ledgerNet = async (account: string, from: string | null, to: string, stores: number[] = [1, 2, 3]) =>
  dec(
    (
      await q<{ n: string }>(
        `select coalesce(sum(l.debit - l.credit), 0)::text n from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.account = $1 and ($2::date is null or e.entry_date >= $2) and e.entry_date <= $3 and e.store_id = any($4)`,
        [account, from, to, stores],
      )
    )[0]!.n,
  ).toFixed(2);

/** An account's balance (on its normal side) in the ledger's own trial balance route, as the manager (every store) reads it. */
const trialBalance = async (account: string, query: Record<string, string>, token = s.manager) =>
  dec(dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token, query })).rows.find((r) => r.key === account)!.balance).toFixed(2);

beforeAll(async () => {
  t = await createTestApp();
  // these tests void, refund and write off directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  s = await repaymentStaff(t);
  accountant = (await loginAs(t.app, 'accountant')).access_token;
  [{ monthStart, monthEnd, yesterday }] = await q<{ monthStart: string; monthEnd: string; yesterday: string }>(
    `select to_char(date_trunc('month', $1::date), 'YYYY-MM-DD') "monthStart",
            to_char(date_trunc('month', $1::date) + interval '1 month' - interval '1 day', 'YYYY-MM-DD') "monthEnd",
            to_char($1::date - 1, 'YYYY-MM-DD') "yesterday"`,
    [s.today],
  ) as [{ monthStart: string; monthEnd: string; yesterday: string }];
  [agentId, otherAgentId] = (await q<{ id: number }>(`select id from oca_agents order by charge_percent <> 25, id limit 2`)).map((r) => r.id) as [number, number];
  const borrower = await insertCustomer(t.pool, { code: 'TC0901', name: '報表追收', idNumber: 'C1234569', mobile1: '91239001' });

  // An OCA loan: two recoveries (charges 500.00 and 250.00), the agent paid 600.00 of them.
  const oca = await repayingLoan(t, s, borrower, s.today, { daysAgo: 75 });
  dataOf(await post('/collection/transfers', { loanId: oca.id, agentId, ocaDate: s.today }));
  dataOf(await post<RecoveryItem>('/collection/recoveries', { loanId: oca.id, amount: '2000.00', method: 'cash', idempotencyKey: key() }));
  dataOf(await post<RecoveryItem>('/collection/recoveries', { loanId: oca.id, amount: '1000.00', method: 'cash', idempotencyKey: key() }));
  dataOf(await post<AgentPaymentItem>('/collection/agentPayments', { agentId, amount: '600.00', method: 'bank-transfer', idempotencyKey: key() }));

  // Written off, 300.00 recovered, a 200.00 recovery entered in error and deleted.
  const bad = await repayingLoan(t, s, borrower, s.today, { daysAgo: 75 });
  dataOf(await post('/collection/writeOffs', { loanId: bad.id, reason: 'customer left Hong Kong' }));
  dataOf(await post<RecoveryItem>('/collection/recoveries', { loanId: bad.id, amount: '300.00', method: 'cash', idempotencyKey: key() }));
  const wrong = dataOf(await post<RecoveryItem>('/collection/recoveries', { loanId: bad.id, amount: '200.00', method: 'cheque', idempotencyKey: key(), remarks: 'wrong loan' }));
  dataOf(await post('/collection/recoveries/void', { recoveryId: wrong.id, reason: 'entered on the wrong loan' }));

  // Written off and the write-off cancelled (repaying again).
  const cancelled = await repayingLoan(t, s, borrower, s.today, { daysAgo: 75 });
  dataOf(await post('/collection/writeOffs', { loanId: cancelled.id, reason: 'no contact' }));
  dataOf(await post('/collection/writeOffs/cancel', { loanId: cancelled.id, reason: 'customer repaying again' }));

  // SMS: one reminder sent through the outbox, one still queued.
  dataOf(await call(t.app, 'POST', '/sms/send', { token: s.collector, body: { kind: 'overdue', loanIds: [cancelled.id] } }));
  await runSmsWorker(t.app.db, { ratePerSecond: 100 });
  dataOf(await call(t.app, 'POST', '/sms/send', { token: s.collector, body: { kind: 'overdue', loanIds: [oca.id] } }));

  const no = async (id: number) => (await q<{ loan_no: string }>('select loan_no from loans where id = $1', [id]))[0]!.loan_no;
  Object.assign(made, { oca: oca.id, ocaNo: await no(oca.id), bad: bad.id, badNo: await no(bad.id), cancelled: cancelled.id, cancelledNo: await no(cancelled.id) });
  clerk = (await loginAs(t.app, 'clerk')).access_token;
});
afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

/** Loans with an agent today (status oca), their ledger principal and standing recoveries, independently. */
const ocaLoansNow = (stores: number[] = [1, 2, 3]) =>
  q<{ loan_no: string; principal: string; recovered: string; n: number }>(
    `select l.loan_no,
            (select coalesce(sum(jl.debit - jl.credit), 0) from journal_lines jl join journal_entries je on je.id = jl.entry_id
              where je.loan_id = l.id and jl.account = 'loansReceivable')::numeric(16,2)::text principal,
            (select coalesce(sum(r.amount), 0) from loan_oca_recoveries r where r.loan_id = l.id and r.kind = 'receipt'
              and not exists (select 1 from loan_oca_recovery_voids v where v.recovery_id = r.id))::numeric(16,2)::text recovered,
            (select count(*)::int from loan_oca_recoveries r where r.loan_id = l.id and r.kind = 'receipt'
              and not exists (select 1 from loan_oca_recovery_voids v where v.recovery_id = r.id)) n
       from loans l where l.status = 'oca' and l.store_id = any($1)`,
    [stores],
  );

describe('currently OCA loans', () => {
  it('lists every loan with an agent today with the ledger principal and what was recovered, to the cent', async () => {
    const a = await run('currentlyOcaLoan');
    const expected = await ocaLoansNow();
    expect(expected.length).toBeGreaterThanOrEqual(2); // the demo loan (何詠詩) and the one made here
    expect([...byLoan(a).keys()].sort()).toEqual(expected.map((e) => e.loan_no).sort());
    for (const e of expected) expect(byLoan(a).get(e.loan_no), e.loan_no).toMatchObject({ outstandingPrincipal: dec(e.principal).toFixed(2), recovered: dec(e.recovered).toFixed(2) });
    expect(byLoan(a).get(made.ocaNo)).toMatchObject({ transferDate: s.today, daysAtAgent: 0, chargePercent: '25.00', recovered: '3000.00', ocaCharges: '750.00', transferredPrincipal: '12000.00' });
    expect(a.totals.outstandingPrincipal).toBe(sum(a.rows, 'outstandingPrincipal'));
    expect(a.totals.outstandingPrincipal).toBe(expected.reduce((x, e) => x.plus(dec(e.principal)), dec('0')).toFixed(2));
    expect(a.totals.recovered).toBe(sum(a.rows, 'recovered'));
    expect(a.total).toBe(expected.length);
  });

  it('as of an earlier date: a loan transferred later is not there yet; the agent filter narrows', async () => {
    const before = await run('currentlyOcaLoan', { asOf: yesterday });
    expect(byLoan(before).has(made.ocaNo)).toBe(false);
    const [demo] = await q<{ loan_no: string; on_date: string }>(
      `select l.loan_no, to_char(a.on_date, 'YYYY-MM-DD') on_date from loans l join loan_oca_assignments a on a.loan_id = l.id
        where l.id <> $1 and a.kind = 'transfer' and l.status = 'oca' order by a.id limit 1`,
      [made.oca],
    );
    expect(byLoan(before).get(demo!.loan_no)).toMatchObject({ transferDate: demo!.on_date });
    const earlier = await q<{ d: string }>(`select to_char($1::date - 1, 'YYYY-MM-DD') d`, [demo!.on_date]);
    expect(byLoan(await run('currentlyOcaLoan', { asOf: earlier[0]!.d })).has(demo!.loan_no)).toBe(false);
    expect((await run('currentlyOcaLoan', { ocaAgent: otherAgentId })).rows.some((r) => r.loanNo === made.ocaNo)).toBe(false);
    expect((await run('currentlyOcaLoan', { ocaAgent: agentId })).rows.some((r) => r.loanNo === made.ocaNo)).toBe(true);
  });
});

describe('OCA charges payable', () => {
  it('shows each recovery receipt’s charge, the agent’s payment settling the oldest first', async () => {
    const all = await run('ocaChargesPayable', { chargeStatus: 'all', ocaAgent: agentId, store: 1 });
    const mine = all.rows.filter((r) => r.loanNo === made.ocaNo);
    expect(mine.map((r) => [r.recovered, r.charge, r.paid, r.unpaid])).toEqual([
      ['2000.00', '500.00', '500.00', '0.00'],
      ['1000.00', '250.00', '100.00', '150.00'],
    ]);
    const unpaid = await run('ocaChargesPayable', { ocaAgent: agentId, store: 1 });
    expect(unpaid.rows.filter((r) => r.loanNo === made.ocaNo).map((r) => r.unpaid)).toEqual(['150.00']);
    expect(unpaid.rows.every((r) => dec(r.unpaid as string).gt(0))).toBe(true);
  });

  it('its payable total is the ledger’s OCA charges payable balance, its charges the OCA charges expense', async () => {
    const a = await run('ocaChargesPayable');
    expect(a.totals.unpaid).toBe(dec(await ledgerNet('ocaPayable', null, s.today)).negated().toFixed(2));
    expect(a.totals.unpaid).toBe(sum(a.rows, 'unpaid'));
    expect(a.totals.unpaid).toBe(await trialBalance('ocaPayable', { from: '2000-01-01', to: s.today }));
    const all = await run('ocaChargesPayable', { chargeStatus: 'all' });
    expect(all.totals.charge).toBe(await ledgerNet('ocaCharges', null, s.today));
    expect(dec(all.totals.charge as string).minus(dec(all.totals.paid as string)).toFixed(2)).toBe(a.totals.unpaid);
    // as of yesterday: today's recoveries and payment had not happened
    const before = await run('ocaChargesPayable', { dateTo: yesterday, chargeStatus: 'all' });
    expect(before.rows.some((r) => r.loanNo === made.ocaNo)).toBe(false);
    expect(before.totals.unpaid).toBe(dec(await ledgerNet('ocaPayable', null, yesterday)).negated().toFixed(2));
    // a period: only the recoveries in it
    expect((await run('ocaChargesPayable', { dateFrom: s.today, chargeStatus: 'all' })).rows.every((r) => r.recoveredOn === s.today)).toBe(true);
  });
});

describe('non-settled OCA repayments', () => {
  it('lists the OCA loans with recoveries not settled: recovered against the principal at transfer', async () => {
    const a = await run('nonSettledOcaRepayment');
    const expected = (await ocaLoansNow()).filter((e) => e.n > 0 && dec(e.principal).gt(0));
    expect([...byLoan(a).keys()].sort()).toEqual(expected.map((e) => e.loan_no).sort());
    for (const e of expected) expect(byLoan(a).get(e.loan_no)).toMatchObject({ recovered: dec(e.recovered).toFixed(2), remainingPrincipal: dec(e.principal).toFixed(2), recoveries: e.n });
    expect(byLoan(a).get(made.ocaNo)).toMatchObject({ transferredPrincipal: '12000.00', recoveredPercent: '25.00', recoveries: 2 });
    expect(a.totals.recovered).toBe(sum(a.rows, 'recovered'));
    expect(a.totals.remainingPrincipal).toBe(sum(a.rows, 'remainingPrincipal'));
  });
});

describe('write-off', () => {
  it('lists write-offs and cancellations of the period; the net is the ledger’s bad debt expense', async () => {
    const a = await run('writeOff');
    expect(a.params).toMatchObject({ dateFrom: monthStart, dateTo: monthEnd });
    const [n] = await q<{ n: number }>(`select count(*)::int n from loan_write_offs where on_date between $1 and $2`, [monthStart, monthEnd]);
    expect(a.total).toBe(n!.n);
    expect(a.totals.amount).toBe(await ledgerNet('badDebtExpense', monthStart, monthEnd));
    expect(a.totals.amount).toBe(await trialBalance('badDebtExpense', { from: monthStart, to: monthEnd }));
    expect(a.totals.amount).toBe(sum(a.rows, 'amount'));
    const [bad] = await q<{ principal: string }>(`select principal::text from loan_write_offs where loan_id = $1`, [made.bad]);
    const rows = (no: string) => a.rows.filter((r) => r.loanNo === no);
    expect(rows(made.badNo)).toEqual([expect.objectContaining({ onDate: s.today, principal: bad!.principal, amount: bad!.principal, cancelledOn: null, reason: 'customer left Hong Kong', staffName: '陳經理', entryKind: 'Write-off' })]);
    const pair = rows(made.cancelledNo);
    expect(pair).toHaveLength(2);
    expect(pair.find((r) => r.cancelledOn === s.today)).toBeTruthy();
    expect(sum(pair, 'amount')).toBe('0.00');
    // earlier months hold none of these
    const last = await run('writeOff', { dateFrom: '2020-01-01', dateTo: yesterday });
    expect(last.rows.some((r) => r.loanNo === made.badNo)).toBe(false);
    expect(last.totals.amount).toBe(await ledgerNet('badDebtExpense', '2020-01-01', yesterday));
  });

  it('answers the entry kind in the caller’s language', async () => {
    const zh = dataOf(await call<ReportAnswer>(t.app, 'GET', '/reports/writeOff', { token: accountant, lang: 'zh-TW' }));
    expect(new Set(zh.rows.map((r) => r.entryKind))).toEqual(new Set(['撇賬', '取消撇賬']));
  });
});

describe('write-off collection', () => {
  it('lists recovery income of the period, a deleted recovery negative; the net is the ledger’s bad debts recovered', async () => {
    const a = await run('writeOffCollection');
    const mine = a.rows.filter((r) => r.loanNo === made.badNo);
    expect(mine.map((r) => r.amount).sort()).toEqual(['-200.00', '200.00', '300.00']);
    expect(mine.find((r) => r.amount === '-200.00')).toMatchObject({ method: 'cheque', remarks: 'entered on the wrong loan', writeOffDate: s.today });
    expect(sum(mine, 'amount')).toBe('300.00');
    expect(a.totals.amount).toBe(dec(await ledgerNet('badDebtRecovered', monthStart, monthEnd)).negated().toFixed(2));
    expect(a.totals.amount).toBe(await trialBalance('badDebtRecovered', { from: monthStart, to: monthEnd }));
    const [n] = await q<{ n: number }>(
      `select (select count(*) from loan_oca_recoveries where kind = 'income' and recovered_on between $1 and $2)::int
            + (select count(*) from loan_oca_recovery_voids v join journal_entries e on e.id = v.journal_entry_id join loan_oca_recoveries r on r.id = v.recovery_id
                where r.kind = 'income' and e.entry_date between $1 and $2)::int n`,
      [monthStart, monthEnd],
    );
    expect(a.total).toBe(n!.n);
  });
});

describe('SMS sent record', () => {
  it('lists the messages queued in the period with masked phones; status and kind filter', async () => {
    const a = await run('smsSentRecord');
    const [x] = await q<{ n: number; segments: number; sent: number }>(
      `select count(*)::int n, coalesce(sum(segments), 0)::int segments, count(*) filter (where status = 'sent')::int sent from sms_messages
        where (created_at at time zone 'Asia/Hong_Kong')::date between $1 and $2`,
      [monthStart, s.today],
    );
    expect(x!.n).toBeGreaterThanOrEqual(2);
    expect(a.total).toBe(x!.n);
    expect(a.totals.segments).toBe(x!.segments);
    for (const r of a.rows) expect(r.phone).toMatch(/^\*+\d{4}$/);
    expect(JSON.stringify(a)).not.toContain('91239001');
    expect(a.rows.find((r) => r.loanNo === made.cancelledNo)).toMatchObject({ status: 'sent', kind: 'overdue', staffName: '張收數', attempts: 1, sentAt: expect.any(String) });
    expect(a.rows.find((r) => r.loanNo === made.ocaNo)).toMatchObject({ status: 'queued', sentAt: null, providerRef: null });
    expect((await run('smsSentRecord', { smsStatus: 'sent' })).total).toBe(x!.sent);
    expect((await run('smsSentRecord', { smsStatus: 'queued' })).rows.map((r) => r.loanNo)).toContain(made.ocaNo);
    expect((await run('smsSentRecord', { smsKind: 'upcoming' })).rows.every((r) => r.kind === 'upcoming')).toBe(true);
    expect((await run('smsSentRecord', { dateFrom: '2020-01-01', dateTo: '2020-01-31' })).total).toBe(0);
  });
});

describe('every collection report', () => {
  it('a one-store caller sees only its store’s rows and their totals; another store gives nothing', async () => {
    for (const name of COLLECTION) {
      const mine = await run(name, { ...(name === 'ocaChargesPayable' ? { chargeStatus: 'all' } : {}) }, accountant);
      const all = await run(name, { store: 1, ...(name === 'ocaChargesPayable' ? { chargeStatus: 'all' } : {}) });
      expect(mine.rows, name).toEqual(all.rows);
      expect(mine.totals, name).toEqual(all.totals);
      expect(mine.total, name).toBeGreaterThan(0);
      const away = await run(name, { store: 2 }, accountant);
      expect(away.total, name).toBe(0);
      expect(away.rows, name).toEqual([]);
    }
    const oneStore = await run('currentlyOcaLoan', {}, accountant);
    const store1 = await ocaLoansNow([1]);
    expect(oneStore.rows.map((r) => r.loanNo).sort()).toEqual(store1.map((e) => e.loan_no).sort());
    expect(oneStore.totals.outstandingPrincipal).toBe(store1.reduce((x, e) => x.plus(dec(e.principal)), dec('0')).toFixed(2));
    expect((await run('ocaChargesPayable', {}, accountant)).totals.unpaid).toBe(dec(await ledgerNet('ocaPayable', null, s.today, [1])).negated().toFixed(2));
    expect((await run('writeOff', {}, accountant)).totals.amount).toBe(await ledgerNet('badDebtExpense', monthStart, monthEnd, [1]));
  });

  it('403 without the report’s key', async () => {
    for (const name of COLLECTION) expect((await report(name, {}, accountant)).statusCode, name).toBe(200);
    for (const name of COLLECTION) expect((await report(name, {}, clerk)).statusCode, name).toBe(403);
    // the collector holds only the currently-OCA report of these
    expect((await report('currentlyOcaLoan', {}, s.collector)).statusCode).toBe(200);
    for (const name of COLLECTION.filter((n) => n !== 'currentlyOcaLoan')) expect((await report(name, {}, s.collector)).statusCode, name).toBe(403);
    expect((await call(t.app, 'GET', '/reports/writeOff')).statusCode).toBe(401);
  });

  it('400 on bad parameters, unknown sorts and unknown parameters', async () => {
    for (const name of COLLECTION) {
      const decl = reportByName(name)!;
      const bad: Record<string, string | number>[] = [{ sort: 'nope:asc' }, { sort: `${decl.columns[0]!.key}:sideways` }, { bogus: '1' }, { page: 0 }, { pageSize: 100000 }, { store: 'x' }];
      for (const p of decl.params.filter((x) => x.kind === 'date')) bad.push({ [p.name]: '2026-13-01' }, { [p.name]: 'yesterday' });
      if (decl.params.some((p) => p.name === 'dateFrom')) bad.push({ dateFrom: '2026-02-01', dateTo: '2026-01-31' });
      for (const p of decl.params.filter((x) => x.kind === 'enum')) bad.push({ [p.name]: 'nonsense' });
      for (const p of decl.params.filter((x) => x.kind === 'ocaAgent')) bad.push({ [p.name]: -1 });
      for (const query of bad) {
        const res = await report(name, query);
        expect(res.statusCode, `${name} ${JSON.stringify(query)}`).toBe(400);
        expect(res.body.result).toBe('error');
      }
    }
  });

  it('sorts by every column both ways, the same rows and totals', async () => {
    for (const name of COLLECTION) {
      const decl = reportByName(name)!;
      const base = await run(name, name === 'ocaChargesPayable' ? { chargeStatus: 'all' } : {});
      for (const c of decl.columns) {
        for (const dir of ['asc', 'desc']) {
          const res = await report(name, { sort: `${c.key}:${dir}`, ...(name === 'ocaChargesPayable' ? { chargeStatus: 'all' } : {}) });
          expect(res.statusCode, `${name} ${c.key}:${dir}`).toBe(200);
          const a = dataOf(res);
          expect(a.total).toBe(base.total);
          expect(a.totals).toEqual(base.totals);
          expect(new Set(a.rows.map((r) => r[decl.rowKey]))).toEqual(new Set(base.rows.map((r) => r[decl.rowKey])));
        }
      }
    }
  });
});
