/**
 * The dashboard's figures (issue 12 item 4; meaning and approximations in `docs/reports.md` →
 * Dashboard). Four read queries in one read-only transaction with the caller's store scope:
 * the book (the daily job's `loan_due_summaries`, which the tips list also reads), money out and
 * in by month (payouts and receipts over the `(store_id, date)` indexes), PAR as of the last six
 * month-ends (receipts and instalments, one pass each), and the top referral agents of the year.
 */
import type { Dashboard, DashboardQuery } from '@harbour/contracts';
import { addDays, addMonthsClamped, percentOf } from '@harbour/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { reachesAllStores } from '../../platform/store-scope.js';
import { withReadTx } from '../../platform/tx.js';
import { storeChoices, storeOfRead } from '../ledger/service.js';
import { overdueOn } from '../repayments/tips.js';

/** Month-ends of the PAR trend. */
export const TREND_MONTHS = 6;
/** Months of the disbursed / collected chart (this month included). */
export const CHART_MONTHS = 6;
export const TOP_AGENTS = 5;
const PAR_DAYS = [30, 60, 90] as const;

/** `and <column> = <store>` when the read is narrowed to one store; row-level security does the rest. */
const inStore = (column: SQL, storeId: number | undefined) => (storeId === undefined ? sql`` : sql`and ${column} = ${storeId}`);

export interface DashboardDates {
  today: string;
  monthStart: string;
  lastMonthStart: string;
  chartStart: string;
  yearStart: string;
  /** the last `TREND_MONTHS` month-ends, oldest first */
  monthEnds: string[];
}

export function dashboardDates(today: string): DashboardDates {
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnds = Array.from({ length: TREND_MONTHS }, (_, i) => addDays(addMonthsClamped(monthStart, -(TREND_MONTHS - 1 - i)), -1));
  return {
    today,
    monthStart,
    lastMonthStart: addMonthsClamped(monthStart, -1),
    chartStart: addMonthsClamped(monthStart, -(CHART_MONTHS - 1)),
    yearStart: `${today.slice(0, 4)}-01-01`,
    monthEnds,
  };
}

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
  const { rows } = await tx.execute<{ kind: 'out' | 'in'; month: string; amount: string; n: number; amount_to_day: string; n_to_day: number }>(sql`
    select 'out' as kind, to_char(p.payout_date, 'YYYY-MM') as month,
      sum(l.loan_amount)::text as amount, count(*)::int as n,
      coalesce(sum(l.loan_amount) filter (where extract(day from p.payout_date) <= ${day}), 0)::text as amount_to_day,
      count(*) filter (where extract(day from p.payout_date) <= ${day})::int as n_to_day
    from loan_payouts p join loans l on l.id = p.loan_id
    where p.payout_date >= ${d.chartStart}::date and p.payout_date <= ${d.today}::date ${inStore(sql`p.store_id`, storeId)}
    group by 2
    union all
    select 'in', to_char(r.repay_date, 'YYYY-MM'),
      sum(r.received)::text, count(*)::int,
      coalesce(sum(r.received) filter (where extract(day from r.repay_date) <= ${day}), 0)::text,
      count(*) filter (where extract(day from r.repay_date) <= ${day})::int
    from loan_repayments r
    where r.repay_date >= ${d.chartStart}::date and r.repay_date <= ${d.today}::date and r.received > 0 ${inStore(sql`r.store_id`, storeId)}
      and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)
    group by 2`);
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

/**
 * PAR as of each month-end M: the principal outstanding at M (principal paid out by M less the
 * principal of receipts dated by M; a loan written off by M counts no more) of the loans whose
 * instalments paid by M (principal + interest of the receipts dated by M) fall short of what fell
 * due more than 30 / 60 / 90 days before M, over that outstanding principal. Receipts are applied
 * to the oldest instalment first, so "paid less than was due by M − 30" is "an instalment more
 * than 30 days overdue at M". The schedule is the loan's current revision; corrected (voided or
 * refunded) receipts are left out at every month-end.
 */
async function parTrend(tx: Tx, d: DashboardDates, storeId: number | undefined) {
  const ends = d.monthEnds;
  const last = ends[ends.length - 1]!;
  const k = (i: number) => sql.raw(String(i));
  const paidCols = ends.map(
    (m, i) =>
      sql`sum(r.principal) filter (where r.repay_date <= ${m}::date) as p${k(i)}, sum(r.principal + r.interest) filter (where r.repay_date <= ${m}::date) as pi${k(i)}`,
  );
  const dueCols = ends.flatMap((m, i) =>
    PAR_DAYS.map((n) => sql`sum(i.instalment) filter (where i.due_date < ${addDays(m, -n)}::date) as d${k(n)}_${k(i)}`),
  );
  const points = ends.map(
    (m, i) =>
      sql`(${i}, ${m}::date, coalesce(rc.p${k(i)}, 0), coalesce(rc.pi${k(i)}, 0), coalesce(du.d30_${k(i)}, 0), coalesce(du.d60_${k(i)}, 0), coalesce(du.d90_${k(i)}, 0))`,
  );
  const { rows } = await tx.execute<{ k: number; out: string; o30: string; o60: string; o90: string }>(sql`
    with rc as (
      select r.loan_id, ${sql.join(paidCols, sql`, `)}
      from loan_repayments r
      where r.repay_date <= ${last}::date ${inStore(sql`r.store_id`, storeId)}
        and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)
      group by r.loan_id
    ),
    cur as (
      select sr.loan_id, max(sr.revision) as rev from loan_schedule_revisions sr where true ${inStore(sql`sr.store_id`, storeId)} group by sr.loan_id
    ),
    du as (
      select i.loan_id, ${sql.join(dueCols, sql`, `)}
      from loan_instalments i left join cur on cur.loan_id = i.loan_id
      where i.revision = coalesce(cur.rev, 0) and i.due_date < ${addDays(last, -PAR_DAYS[0])}::date ${inStore(sql`i.store_id`, storeId)}
      group by i.loan_id
    ),
    wo as (
      select w.loan_id, min(w.on_date) as on_date from loan_write_offs w
      where w.kind = 'write_off' ${inStore(sql`w.store_id`, storeId)}
        and not exists (select 1 from loan_write_offs c where c.cancels_id = w.id)
      group by w.loan_id
    ),
    bk as (
      select p.loan_id, p.payout_date, l.loan_amount, wo.on_date as wo_date
      from loan_payouts p join loans l on l.id = p.loan_id left join wo on wo.loan_id = p.loan_id
      where p.payout_date <= ${last}::date ${inStore(sql`p.store_id`, storeId)}
    )
    select pt.k, coalesce(sum(o.out), 0)::text as out,
      ${sql.join(
        PAR_DAYS.map((n) => sql`coalesce(sum(o.out) filter (where pt.pi < pt.${sql.raw(`d${n}`)}), 0)::text as ${sql.raw(`o${n}`)}`),
        sql`, `,
      )}
    from bk
    left join rc on rc.loan_id = bk.loan_id
    left join du on du.loan_id = bk.loan_id
    cross join lateral (values ${sql.join(points, sql`, `)}) as pt(k, m, p, pi, d30, d60, d90)
    cross join lateral (select greatest(bk.loan_amount - pt.p, 0) as out) o
    where bk.payout_date <= pt.m and (bk.wo_date is null or bk.wo_date > pt.m)
    group by pt.k`);
  return ends.map((asOf, i) => {
    const r = rows.find((x) => Number(x.k) === i);
    const out = r?.out ?? '0.00';
    return {
      asOf,
      outstanding: out,
      par30: percentOf(r?.o30 ?? '0', out),
      par60: percentOf(r?.o60 ?? '0', out),
      par90: percentOf(r?.o90 ?? '0', out),
    };
  });
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
  return withReadTx(ctx, async (tx) => {
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
