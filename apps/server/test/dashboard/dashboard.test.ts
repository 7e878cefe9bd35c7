import type { Dashboard, TrialBalance } from '@harbour/contracts';
import { addDays, addMonthsClamped, percentOf } from '@harbour/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf, loginAs } from '../helpers/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * GET /dashboard on the demo data (the test template is seeded with it): every figure against an
 * independent SQL written here (or the ledger's trial balance), the store scope of a one-store
 * clerk, a several-store manager and the super administrator, and the key.
 */
let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let today: string;
let mongKok: number;
let kwunTong: number;

const get = (token: string, query: Record<string, string> = {}, lang?: string) =>
  call<Dashboard>(t.app, 'GET', '/dashboard', { token, query, ...(lang ? { lang } : {}) });
const dash = async (token: string, query: Record<string, string> = {}) => dataOf(await get(token, query));
const one = async <T>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows[0] as T;
/** `and <col> = $1` or nothing (every store) */
const storeCond = (col: string, store: number | null) => (store === null ? '' : `and ${col} = ${store}`);

beforeAll(async () => {
  t = await createTestApp();
  // the demo loans name no referral agent: give three paid-out loans two agents, for the top-agents list
  await t.pool.query(
    `with paid as (select p.loan_id, row_number() over (order by p.loan_id) as n from loan_payouts p)
     update loans l set referral_agent_id = (select id from referral_agents order by id offset (case when paid.n = 1 then 1 else 0 end) limit 1)
     from paid where paid.loan_id = l.id and paid.n <= 3`,
  );
  admin = (await loginAs(t.app, 'admin')).access_token;
  manager = (await loginAs(t.app, 'manager')).access_token;
  clerk = (await loginAs(t.app, 'clerk')).access_token;
  const stores = (await t.pool.query<{ id: number; code: string }>('select id, code from stores')).rows;
  mongKok = stores.find((s) => s.code === 'MK')!.id;
  kwunTong = stores.find((s) => s.code === 'KT')!.id;
  today = (await one<{ d: string }>(`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as d`)).d;
});
afterAll(() => t.close());

/** The figures of one store (or null: all) as independent SQL computes them. */
async function expected(store: number | null) {
  const b = await one<Record<string, string>>(
    `select count(*) filter (where l.status = 'repaying')::int as repaying, count(*) filter (where l.status = 'oca')::int as oca,
       coalesce(sum(s.unpaid_principal), 0)::text as outstanding,
       coalesce(sum(s.unpaid_principal) filter (where s.days_overdue > 30), 0)::text as p30,
       coalesce(sum(s.unpaid_principal) filter (where s.days_overdue > 60), 0)::text as p60,
       coalesce(sum(s.unpaid_principal) filter (where s.days_overdue > 90), 0)::text as p90
     from loans l join loan_due_summaries s on s.loan_id = l.id where l.status in ('repaying', 'oca') ${storeCond('l.store_id', store)}`,
  );
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastStart = addMonthsClamped(monthStart, -1);
  const out = async (from: string, to: string) =>
    one<{ amount: string; n: number }>(
      `select coalesce(sum(l.loan_amount), 0)::numeric(16,2)::text as amount, count(*)::int as n from loans l
       where l.payout_date between $1 and $2 and l.status not in ('pending','wait_approve','approved','reject','cancel') ${storeCond('l.store_id', store)}`,
      [from, to],
    );
  const inn = async (from: string, to: string) =>
    (
      await one<{ amount: string }>(
        `select coalesce(sum(r.received), 0)::numeric(16,2)::text as amount from loan_repayments r
         left join loan_repayment_corrections c on c.repayment_id = r.id
         where c.id is null and r.repay_date between $1 and $2 ${storeCond('r.store_id', store)}`,
        [from, to],
      )
    ).amount;
  const lastSameDay = addMonthsClamped(today, -1);
  return {
    b,
    thisMonth: { ...(await out(monthStart, today)), collected: await inn(monthStart, today) },
    lastMonth: { ...(await out(lastStart, addDays(monthStart, -1))), collected: await inn(lastStart, addDays(monthStart, -1)) },
    lastMonthToDate: { ...(await out(lastStart, lastSameDay)), collected: await inn(lastStart, lastSameDay) },
  };
}

describe('GET /dashboard on the demo data', () => {
  it('gives the book, money out and in, PAR and counts equal to independent SQL, for every store and each', async () => {
    for (const store of [null, mongKok, kwunTong]) {
      const d = await dash(admin, { store: store === null ? 'all' : String(store) });
      expect(d.storeId).toBe(store);
      expect(d.today).toBe(today);
      const e = await expected(store);
      expect(d.book).toEqual({ repayingLoans: Number(e.b.repaying), ocaLoans: Number(e.b.oca), outstandingPrincipal: e.b.outstanding });
      expect(d.par).toEqual({
        par30: percentOf(e.b.p30!, e.b.outstanding!),
        par60: percentOf(e.b.p60!, e.b.outstanding!),
        par90: percentOf(e.b.p90!, e.b.outstanding!),
        par30Principal: e.b.p30,
        par60Principal: e.b.p60,
        par90Principal: e.b.p90,
      });
      for (const k of ['thisMonth', 'lastMonth', 'lastMonthToDate'] as const) {
        expect(d[k].disbursed, `${k} ${store}`).toBe(e[k].amount);
        expect(d[k].disbursedLoans).toBe(e[k].n);
        expect(d[k].collected, `${k} ${store}`).toBe(e[k].collected);
      }
      expect(d.months).toHaveLength(6);
      expect(d.months.at(-1)).toEqual({ month: today.slice(0, 7), ...d.thisMonth });
      expect(d.months.at(-2)).toEqual({ month: addMonthsClamped(today, -1).slice(0, 7), ...d.lastMonth });

      // due today / overdue: what the tips list shows with the same filters
      const counts = await one<{ due: number; overdue: number }>(
        `select count(*) filter (where s.next_due_date = $1)::int as due,
           count(*) filter (where s.overdue_tenors > 0 or s.next_due_date < $1 or s.overdue_interest + s.handling_fee > 0)::int as overdue
         from loan_due_summaries s where true ${storeCond('s.store_id', store)}`,
        [today],
      );
      expect({ dueToday: d.dueToday, overdue: d.overdue }).toEqual({ dueToday: counts.due, overdue: counts.overdue });

      // top agents of the year
      const agents = (
        await t.pool.query(
          `select a.id as "agentId", count(*)::int as loans, sum(l.loan_amount)::text as principal from loans l join referral_agents a on a.id = l.referral_agent_id
           where l.payout_date between $1 and $2 ${storeCond('l.store_id', store)} group by a.id order by sum(l.loan_amount) desc, a.id limit 5`,
          [`${today.slice(0, 4)}-01-01`, today],
        )
      ).rows;
      expect(d.topAgents.map(({ agentId, loans, principal }) => ({ agentId, loans, principal }))).toEqual(agents);
      if (store === null) expect(d.topAgents.length).toBe(2);
    }
  });

  it('has demo figures to show: repaying loans, money in, something overdue', async () => {
    const d = await dash(admin, { store: 'all' });
    expect(d.book.repayingLoans).toBeGreaterThan(0);
    expect(Number(d.book.outstandingPrincipal)).toBeGreaterThan(0);
    expect(d.months.some((m) => Number(m.collected) > 0)).toBe(true);
    expect(d.months.some((m) => Number(m.disbursed) > 0)).toBe(true);
    expect(d.parTrend).toHaveLength(6);
  });

  it('agrees with the ledger: outstanding principal = loans receivable of the trial balance', async () => {
    for (const store of [null, mongKok, kwunTong]) {
      const d = await dash(admin, { store: store === null ? 'all' : String(store) });
      const tb = dataOf(await call<TrialBalance>(t.app, 'GET', '/ledger/trialBalance', { token: admin, query: store === null ? {} : { storeId: String(store) } }));
      const receivable = tb.rows.find((r) => r.key === 'loansReceivable')!;
      expect(d.book.outstandingPrincipal, `store ${store}`).toBe(receivable.balance);
    }
  });

  it('computes the PAR trend as of each month-end from payouts, receipts and instalments (a loan-by-loan SQL)', async () => {
    const d = await dash(admin, { store: 'all' });
    const monthStart = `${today.slice(0, 7)}-01`;
    const ends = [5, 4, 3, 2, 1, 0].map((i) => addDays(addMonthsClamped(monthStart, -i), -1));
    expect(d.parTrend.map((p) => p.asOf)).toEqual(ends);
    for (const [i, m] of ends.entries()) {
      // per loan: principal outstanding at m, and the oldest instalment unpaid at m (paid in tenor order)
      const rows = (
        await t.pool.query<{ loan_id: number; out: string; oldest_unpaid_due: string | null }>(
          `with paid as (
             select r.loan_id, sum(r.principal) as p, sum(r.principal + r.interest) as pi from loan_repayments r
             where r.repay_date <= $1 and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id) group by r.loan_id),
           sched as (
             select i.loan_id, i.due_date, sum(i.instalment) over (partition by i.loan_id order by i.tenor) as cum
             from loan_instalments i where i.revision = (select coalesce(max(revision), 0) from loan_schedule_revisions sr where sr.loan_id = i.loan_id))
           select l.id as loan_id, greatest(l.loan_amount - coalesce(paid.p, 0), 0)::text as out,
             (select min(s.due_date)::text from sched s where s.loan_id = l.id and s.cum > coalesce(paid.pi, 0)) as oldest_unpaid_due
           from loans l join loan_payouts lp on lp.loan_id = l.id left join paid on paid.loan_id = l.id
           where lp.payout_date <= $1
             and not exists (select 1 from loan_write_offs w where w.loan_id = l.id and w.kind = 'write_off' and w.on_date <= $1
                              and not exists (select 1 from loan_write_offs c where c.cancels_id = w.id))`,
          [m],
        )
      ).rows;
      const cents = (s: string) => Math.round(Number(s) * 100);
      const total = rows.reduce((a, r) => a + cents(r.out), 0);
      const over = (n: number) => rows.filter((r) => r.oldest_unpaid_due !== null && r.oldest_unpaid_due < addDays(m, -n)).reduce((a, r) => a + cents(r.out), 0);
      const asText = (c: number) => (c / 100).toFixed(2);
      expect(d.parTrend[i]).toEqual({
        asOf: m,
        outstanding: asText(total),
        par30: percentOf(asText(over(30)), asText(total)),
        par60: percentOf(asText(over(60)), asText(total)),
        par90: percentOf(asText(over(90)), asText(total)),
      });
    }
  });
});

describe('the PAR trend kept by the daily job', () => {
  it('reads the snapshots the job wrote for every store, with the figures it works out itself; without one for every store it works them out again', async () => {
    // before the job: worked out from the receipts and instalments
    const before = await Promise.all([dash(admin, { store: 'all' }), dash(clerk), dash(manager, { store: String(kwunTong) })]);
    const run = dataOf(await call<{ asOf: string }>(t.app, 'POST', '/repayments/dailyJob', { token: manager, body: {} }));
    expect(run.asOf).toBe(today);
    const rows = (await t.pool.query<{ store_id: number; month_end: string; computed_on: string }>(
      `select store_id, to_char(month_end, 'YYYY-MM-DD') as month_end, to_char(computed_on, 'YYYY-MM-DD') as computed_on from dashboard_par_snapshots`,
    )).rows;
    const stores = Number((await one<{ n: string }>('select count(*) as n from stores')).n);
    expect(rows).toHaveLength(stores * 6);
    expect(new Set(rows.map((r) => r.month_end))).toEqual(new Set(before[0].parTrend.map((p) => p.asOf)));
    expect(rows.every((r) => r.computed_on === today)).toBe(true);
    // the snapshot is what the dashboard shows: a marked row shows through (every caller, its stores only)
    const marked = before[0].parTrend[5]!.asOf;
    await t.pool.query(`update dashboard_par_snapshots set par30 = outstanding where store_id = $1 and month_end = $2`, [kwunTong, marked]);
    const after = await Promise.all([dash(admin, { store: 'all' }), dash(clerk), dash(manager, { store: String(kwunTong) })]);
    expect(after.map((d) => d.parTrend.slice(0, 5))).toEqual(before.map((d) => d.parTrend.slice(0, 5)));
    expect(after[2]!.parTrend[5]!.par30).toBe(before[2]!.parTrend[5]!.outstanding === '0.00' ? '0.00' : '100.00');
    expect(after[1]!.parTrend[5]).toEqual(before[1]!.parTrend[5]); // the clerk's store is not Kwun Tong
    // a store without its snapshot: the figures are worked out again, the mark is gone
    await t.pool.query(`delete from dashboard_par_snapshots where store_id = $1 and month_end = $2`, [mongKok, marked]);
    expect((await dash(admin, { store: 'all' })).parTrend).toEqual(before[0].parTrend);
  });
});

describe('GET /dashboard store scope and key', () => {
  it('gives a one-store clerk its own store by default, for all, and 404 for another store', async () => {
    const own = await dash(clerk);
    expect(own.storeId).toBe(mongKok);
    expect(own.allowAll).toBe(false);
    expect(own.stores.map((s) => s.id)).toEqual([mongKok]);
    const asAdmin = await dash(admin, { store: String(mongKok) });
    expect({ ...own, stores: [], allowAll: false }).toEqual({ ...asAdmin, stores: [], allowAll: false });
    expect((await dash(clerk, { store: 'all' })).storeId).toBe(mongKok);
    expect((await dash(clerk, { store: String(mongKok) })).storeId).toBe(mongKok);
    const other = await get(clerk, { store: String(kwunTong) }, 'en');
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.body)).not.toMatch(/outstanding|disbursed/);
  });

  it('gives an all-stores manager its current store by default, any store it names, all, and 404 for none', async () => {
    const d = await dash(manager);
    expect(d.storeId).toBe(mongKok);
    expect(d.allowAll).toBe(true);
    expect(d.stores.length).toBeGreaterThanOrEqual(3);
    expect((await dash(manager, { store: String(kwunTong) })).storeId).toBe(kwunTong);
    expect((await dash(manager, { store: 'all' })).storeId).toBeNull();
    expect((await get(manager, { store: '999999' })).statusCode).toBe(404);
  });

  it('answers 400 to a bad store and 401/403 without a session or the key', async () => {
    for (const store of ['abc', '-1', '0', '1.5', 'ALL', '99999999999']) {
      const res = await get(manager, { store }, 'en');
      expect(res.statusCode, store).toBe(400);
    }
    expect((await call(t.app, 'GET', '/dashboard')).statusCode).toBe(401);
    await t.pool.query(`delete from role_permissions where permission_key = 'dashboard.view' and role_id = (select id from roles where name = 'clerk')`);
    const denied = await get(clerk, {}, 'en');
    expect(denied.statusCode).toBe(403);
    await t.pool.query(`insert into role_permissions (role_id, permission_key) select id, 'dashboard.view' from roles where name = 'clerk'`);
    expect((await get(clerk)).statusCode).toBe(200);
  });
});
