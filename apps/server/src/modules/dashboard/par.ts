/**
 * Portfolio at risk as of the last six month-ends: the dashboard's trend.
 *
 * PAR as of each month-end M: the principal outstanding at M (principal paid out by M less the
 * principal of receipts dated by M; a loan written off by M counts no more) of the loans whose
 * instalments paid by M (principal + interest of the receipts dated by M) fall short of what fell
 * due more than 30 / 60 / 90 days before M, over that outstanding principal. Receipts are applied
 * to the oldest instalment first, so "paid less than was due by M − 30" is "an instalment more
 * than 30 days overdue at M". The schedule is the loan's current revision; corrected (voided or
 * refunded) receipts are left out at every month-end.
 *
 * Working that out reads every receipt and instalment of the book (seconds at 100,000 loans), and
 * a past month-end changes only when a receipt dated by then is posted or corrected later. So the
 * daily job keeps it per store in `dashboard_par_snapshots` (`refreshParSnapshots`), and the
 * dashboard reads those rows; it works the figures out itself only while a month-end has no row
 * for every store it reads (the job has not run since the month began, or on a new database).
 */
import { addDays, percentOf } from '@harbour/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { PAR_DAYS, dashboardDates, inStore, type DashboardDates } from './dates.js';

type ParRow = {
  /** index of the month-end in `ends` */
  k: number;
  out: string;
  o30: string;
  o60: string;
  o90: string;
};

/** The month-ends as one `date[]` parameter (numbered from 1 by `with ordinality`). */
const monthEndArray = (ends: string[]): SQL => sql`${`{${ends.join(',')}}`}::date[]`;

/** Per store and month-end (`k`): outstanding principal and of it the principal at risk past 30 / 60 / 90 days. */
function parByStore(ends: string[], storeId: number | undefined): SQL {
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
      sql`(${i}::int, ${m}::date, coalesce(rc.p${k(i)}, 0), coalesce(rc.pi${k(i)}, 0), coalesce(du.d30_${k(i)}, 0), coalesce(du.d60_${k(i)}, 0), coalesce(du.d90_${k(i)}, 0))`,
  );
  return sql`
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
      select p.loan_id, p.store_id, p.payout_date, l.loan_amount, wo.on_date as wo_date
      from loan_payouts p join loans l on l.id = p.loan_id left join wo on wo.loan_id = p.loan_id
      where p.payout_date <= ${last}::date ${inStore(sql`p.store_id`, storeId)}
    )
    select bk.store_id, pt.k, coalesce(sum(o.out), 0) as out,
      ${sql.join(
        PAR_DAYS.map((n) => sql`coalesce(sum(o.out) filter (where pt.pi < pt.${sql.raw(`d${n}`)}), 0) as ${sql.raw(`o${n}`)}`),
        sql`, `,
      )}
    from bk
    left join rc on rc.loan_id = bk.loan_id
    left join du on du.loan_id = bk.loan_id
    cross join lateral (values ${sql.join(points, sql`, `)}) as pt(k, m, p, pi, d30, d60, d90)
    cross join lateral (select greatest(bk.loan_amount - pt.p, 0) as out) o
    where bk.payout_date <= pt.m and (bk.wo_date is null or bk.wo_date > pt.m)
    group by bk.store_id, pt.k`;
}

/** The snapshots of the month-ends, summed over the stores read, when every store read has one for each; else null. */
async function fromSnapshots(tx: Tx, ends: string[], storeId: number | undefined): Promise<ParRow[] | null> {
  const { rows } = await tx.execute<ParRow & { stores: number; expected: number }>(sql`
    select (e.n - 1)::int as k, count(s.store_id)::int as stores,
      ${storeId === undefined ? sql`cardinality(harbour_visible_stores())` : sql`1`}::int as expected,
      coalesce(sum(s.outstanding), 0)::text as out, coalesce(sum(s.par30), 0)::text as o30,
      coalesce(sum(s.par60), 0)::text as o60, coalesce(sum(s.par90), 0)::text as o90
    from unnest(${monthEndArray(ends)}) with ordinality as e(month_end, n)
    left join dashboard_par_snapshots s on s.month_end = e.month_end ${inStore(sql`s.store_id`, storeId)}
    group by e.n`);
  return rows.length === ends.length && rows.every((r) => r.stores === r.expected) ? rows : null;
}

/** PAR at each of the last six month-ends, for one store or every store the caller reaches. */
export async function parTrend(tx: Tx, d: DashboardDates, storeId: number | undefined) {
  const ends = d.monthEnds;
  const rows =
    (await fromSnapshots(tx, ends, storeId)) ??
    (
      await tx.execute<ParRow>(sql`
        select x.k, sum(x.out)::text as out, sum(x.o30)::text as o30, sum(x.o60)::text as o60, sum(x.o90)::text as o90
        from (${parByStore(ends, storeId)}) x group by x.k`)
    ).rows;
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

/**
 * The statement that recomputes the snapshots of the last six month-ends before `today`, for
 * every store (a store without loans then: zeros), as of the receipts and corrections now. Run by
 * the daily job in its transaction (every store in scope); the bench seed runs it too.
 */
export function parSnapshotStatement(today: string): SQL {
  const ends = dashboardDates(today).monthEnds;
  return sql`
    insert into dashboard_par_snapshots as t (store_id, month_end, outstanding, par30, par60, par90, computed_on)
    select s.id, e.month_end, coalesce(x.out, 0), coalesce(x.o30, 0), coalesce(x.o60, 0), coalesce(x.o90, 0), ${today}::date
    from stores s
    cross join unnest(${monthEndArray(ends)}) with ordinality as e(month_end, n)
    left join (${parByStore(ends, undefined)}) x on x.store_id = s.id and x.k = e.n - 1
    on conflict (store_id, month_end) do update
      set outstanding = excluded.outstanding, par30 = excluded.par30, par60 = excluded.par60, par90 = excluded.par90, computed_on = excluded.computed_on`;
}

/** Recomputes the snapshots (see `parSnapshotStatement`). */
export async function refreshParSnapshots(tx: Tx, today: string): Promise<void> {
  await tx.execute(parSnapshotStatement(today));
}
