/**
 * The dashboard's figures (issue 12 item 4; meaning and approximations in `docs/reports.md` →
 * Dashboard). Four read queries in one read-only transaction with the caller's store scope:
 * the book (the daily job's `loan_due_summaries`, which the tips list also reads), money out and
 * in by month (payouts and receipts over the `(store_id, date)` indexes), PAR as of the last six
 * month-ends (`par.ts`: the daily job's snapshots), and the top referral agents of the year.
 */
import type { Dashboard, DashboardQuery } from '@harbour/contracts';
import { addMonthsClamped, percentOf } from '@harbour/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { reachesAllStores } from '../../platform/store-scope.js';
import { withReportTx } from '../../platform/report-reads.js';
import { storeChoices, storeOfRead } from '../ledger/service.js';
import { overdueOn } from '../loan-core/due-summary.js';
import { parTrend } from './par.js';
import { CHART_MONTHS, PAR_DAYS, TOP_AGENTS, dashboardDates, inStore, type DashboardDates } from './dates.js';

/** Repaying and OCA loans, their unpaid principal, PAR today, due-today and overdue counts. */
async function book(tx: Tx, d: DashboardDates, storeId: number | undefined) {
  const { rows } = await tx.execute<Record<string, string | number>>(sql`
    select count(*) filter (where loan_status = 'repaying')::int as repaying,
      count(*) filter (where loan_status = 'oca')::int as oca,
      coalesce(sum(unpaid_principal), 0)::text as outstanding,
      ${sql.join(
        PAR_DAYS.map((n) => sql`coalesce(sum(unpaid_principal) filter (where days_overdue > ${n}), 0)::text as ${sql.raw(`par${n}`)}`),
        sql`, `,
      )},
      count(*) filter (where next_due_date = ${d.today}::date)::int as due_today,
      count(*) filter (where ${overdueOn(d.today)})::int as overdue
    from loan_due_summaries
    where true ${inStore(sql`store_id`, storeId)}`);
  const r = rows[0]!;
  const outstanding = String(r.outstanding);
  return {
    book: { repayingLoans: Number(r.repaying), ocaLoans: Number(r.oca), outstandingPrincipal: outstanding },
    par: {
      par30: percentOf(String(r.par30), outstanding),
      par60: percentOf(String(r.par60), outstanding),
      par90: percentOf(String(r.par90), outstanding),
      par30Principal: String(r.par30),
      par60Principal: String(r.par60),
      par90Principal: String(r.par90),
    },
    dueToday: Number(r.due_today),
    overdue: Number(r.overdue),
  };
}

/**
 * Principal paid out and money received per month since the chart's first month, each also up to
 * the day of the month of today (for "last month to the same day"). Receipts voided or refunded
 * are left out.
 */
async function months(tx: Tx, d: DashboardDates, storeId: number | undefined) {
  const day = Number(d.today.slice(8, 10));
  // summed per day first (a date groups cheaply), then the few days per month by their month and
  // day of month: to_char and extract run on those rows, not on every receipt of six months
  const { rows } = await tx.execute<{ kind: 'out' | 'in'; month: string; amount: string; n: number; amount_to_day: string; n_to_day: number }>(sql`
    with per_day as (
      select 'out' as kind, p.payout_date as on_day, sum(l.loan_amount) as amount, count(*)::int as n
      from loan_payouts p join loans l on l.id = p.loan_id
      where p.payout_date >= ${d.chartStart}::date and p.payout_date <= ${d.today}::date ${inStore(sql`p.store_id`, storeId)}
      group by p.payout_date
      union all
      select 'in', r.repay_date, sum(r.received), count(*)::int
      from loan_repayments r
      where r.repay_date >= ${d.chartStart}::date and r.repay_date <= ${d.today}::date and r.received > 0 and r.repay_type <> 'opening' ${inStore(sql`r.store_id`, storeId)}
        and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)
      group by r.repay_date
    )
    select kind, to_char(on_day, 'YYYY-MM') as month, sum(amount)::text as amount, sum(n)::int as n,
      coalesce(sum(amount) filter (where extract(day from on_day) <= ${day}), 0)::text as amount_to_day,
      coalesce(sum(n) filter (where extract(day from on_day) <= ${day}), 0)::int as n_to_day
    from per_day
    group by 1, 2`);
  const find = (kind: 'out' | 'in', month: string) => rows.find((r) => r.kind === kind && r.month === month);
  const monthList = Array.from({ length: CHART_MONTHS }, (_, i) => addMonthsClamped(d.chartStart, i).slice(0, 7));
  const figures = (month: string, toDay: boolean) => {
    const out = find('out', month);
    const inn = find('in', month);
    return {
      disbursed: (toDay ? out?.amount_to_day : out?.amount) ?? '0.00',
      disbursedLoans: (toDay ? out?.n_to_day : out?.n) ?? 0,
      collected: (toDay ? inn?.amount_to_day : inn?.amount) ?? '0.00',
    };
  };
  const thisMonth = d.monthStart.slice(0, 7);
  const lastMonth = d.lastMonthStart.slice(0, 7);
  return {
    thisMonth: figures(thisMonth, false),
    lastMonth: figures(lastMonth, false),
    lastMonthToDate: figures(lastMonth, true),
    months: monthList.map((month) => ({ month, ...figures(month, false) })),
  };
}

/** The referral agents whose loans were paid out this year, by principal paid out, largest first. */
async function topAgents(tx: Tx, ctx: ServiceContext, d: DashboardDates, storeId: number | undefined) {
  const { rows } = await tx.execute<{ id: number; name_zh: string; name_en: string; n: number; principal: string }>(sql`
    select a.id, a.name_zh, a.name_en, count(*)::int as n, sum(l.loan_amount)::text as principal
    from loan_payouts p join loans l on l.id = p.loan_id join referral_agents a on a.id = l.referral_agent_id
    where p.payout_date >= ${d.yearStart}::date and p.payout_date <= ${d.today}::date ${inStore(sql`p.store_id`, storeId)}
    group by a.id, a.name_zh, a.name_en
    order by sum(l.loan_amount) desc, a.id
    limit ${TOP_AGENTS}`);
  return rows.map((r) => ({
    agentId: Number(r.id),
    name: ctx.lang === 'en' ? r.name_en || r.name_zh : r.name_zh,
    loans: Number(r.n),
    principal: r.principal,
  }));
}

/** The dashboard of the store the query names (see `dashboardQuerySchema` for the store rule). */
export function readDashboard(ctx: ServiceContext, q: DashboardQuery): Promise<Dashboard> {
  return withReportTx(ctx, async (tx) => {
    const all = reachesAllStores(ctx);
    // default: the session's current store; 'all' reads every store the caller reaches
    const named = q.store === 'all' ? undefined : (q.store ?? ctx.auth?.storeId ?? undefined);
    const storeId = await storeOfRead(tx, ctx, named);
    const d = dashboardDates(await businessToday(tx));
    const b = await book(tx, d, storeId);
    const m = await months(tx, d, storeId);
    const trend = await parTrend(tx, d, storeId);
    const agents = await topAgents(tx, ctx, d, storeId);
    return {
      storeId: storeId ?? null,
      stores: await storeChoices(tx, ctx),
      allowAll: all,
      today: d.today,
      book: b.book,
      ...m,
      par: b.par,
      parTrend: trend,
      dueToday: b.dueToday,
      overdue: b.overdue,
      topAgents: agents,
    };
  });
}
