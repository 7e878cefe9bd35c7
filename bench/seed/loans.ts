/**
 * Bench loans and their instalments, in SQL (`generate_series`, one statement each), over the
 * stores and five years back from today:
 *
 * - applications taken more often lately (a growing book); loan types mostly private loans, some
 *   first and second mortgages and revolving loans; amounts from HK$5,000 to about HK$500,000
 *   (mortgages larger), flat rates 0.5–2 % a month, tenors 3–36 months
 *   (≈ 14 instalments a paid-out loan on average: ≈ 1,200,000 instalments over 100,000 loans);
 * - statuses as a book has them: the last three weeks' applications are still pending, awaiting
 *   approval or approved (some refused, some cancelled, a few paid out); older ones refused,
 *   cancelled, or paid out — then still repaying, with an OCA agent or written off while their
 *   schedule runs, or completed, reloaned or written off once it has ended;
 * - a paid-out loan has its loan number, payout date and instalments.
 *
 * The figures are a bench's, not the domain's: a straight-line schedule (principal / tenor,
 * interest = amount × flat rate each month, the last instalment takes the rounding), and the
 * Ordinance rate from the usual flat-to-effective approximation. What the queries under test read
 * (status, store, dates, borrower) is what matters here. Servicing data (receipts, OCA, write-offs,
 * due summaries, SMS, the journal) is `servicing.ts`, the next steps of the generator.
 */
import type pg from 'pg';

export interface LoanSeedOptions {
  loans: number;
  /** Bench customers' ids; loan n borrows as customer ids[n mod length] */
  customerIds: number[];
  /** the stores with their codes and the staff working there */
  stores: { id: number; code: string; staff: number[] }[];
  /** today (YYYY-MM-DD), Hong Kong */
  today: string;
  /** days of history (five years) */
  days: number;
}

/** Inserts the loans; answers how many were paid out. */
export async function seedLoans(client: pg.Client, o: LoanSeedOptions): Promise<number> {
  await client.query('select setseed(0.4242)');
  await client.query(
    `
    with g as (
      select n, random() as r_age, random() as r_status, random() as r_type, random() as r_amount, random() as r_rate,
             random() as r_tenor, random() as r_end, random() as r_store, random() as r_staff, random() as r_days
      from generate_series(0, $1::int - 1) as n
    ), s as (
      select row_number() over (order by x.id) - 1 as k, x.id, x.code, x.staff from jsonb_to_recordset($2::jsonb) as x(id int, code text, staff int[])
    ), base as (
      select g.*,
        st.id as store_id, st.code as store_code, st.staff[1 + floor(g.r_staff * cardinality(st.staff))::int] as staff_id,
        ($3::int[])[1 + (g.n % cardinality($3::int[]))] as customer_id,
        ($4::date - floor($5::int * power(g.r_age, 1.4))::int) as apply_date,
        case when g.r_type < 0.80 then 'private_loan' when g.r_type < 0.88 then 'second_mortgage' when g.r_type < 0.93 then 'first_mortgage' else 'revolving' end as loan_type
      from g join s st on st.k = floor(g.r_store * (select count(*) from s))::int
    ), terms as (
      select b.*,
        (b.apply_date + floor(b.r_days * 4)::int) as loan_date,
        (case when b.loan_type like '%mortgage'
          then round((50000 + power(b.r_amount, 2) * 950000) / 1000) * 1000
          else round((5000 + power(b.r_amount, 3) * 495000) / 1000) * 1000 end)::numeric(16, 2) as amount,
        case when b.loan_type like '%mortgage' then round((0.5 + b.r_rate * 0.5)::numeric, 2) else round((0.8 + b.r_rate * 1.2)::numeric, 2) end as flat_rate,
        case when b.loan_type like '%mortgage' then (array[24, 36, 36])[1 + floor(b.r_tenor * 3)::int]
          else (array[3, 6, 6, 12, 12, 12, 12, 12, 18, 24])[1 + floor(b.r_tenor * 10)::int] end as tenor
      from base b
    ), lifecycle as (
      select t.*,
        case
          when t.apply_date > $4::date - 21 then
            case when t.r_status < 0.35 then 'pending' when t.r_status < 0.60 then 'wait_approve' when t.r_status < 0.75 then 'approved'
                 when t.r_status < 0.85 then 'reject' when t.r_status < 0.90 then 'cancel' else 'repaying' end
          when t.r_status < 0.08 then 'reject'
          when t.r_status < 0.13 then 'cancel'
          when (t.loan_date + make_interval(months => t.tenor))::date >= $4::date then
            case when t.r_end < 0.85 then 'repaying' when t.r_end < 0.93 then 'oca' when t.r_end < 0.97 then 'bad' else 'reloaned' end
          else
            case when t.r_end < 0.80 then 'complete' when t.r_end < 0.88 then 'reloaned' when t.r_end < 0.95 then 'bad' else 'oca' end
        end as status
      from terms t
    )
    insert into loans (store_id, apply_no, loan_no, status, customer_id, loan_type, apply_date, loan_date, interest_start_date, loan_amount, flat_rate,
      interest_method, repay_cycle, cycle_months, total_tenor, instalment_amount, total_interest, mlo_rate, mlo_status, loan_purpose, payout_method,
      staff_id, submitted_at, submitted_by, payout_date, created_by, updated_by, created_at, updated_at)
    select l.store_id,
      'AP' || l.store_code || to_char(l.apply_date, 'YYMM') || lpad((l.n + 1)::text, 6, '0'),
      case when l.status in ('repaying', 'complete', 'reloaned', 'oca', 'bad') then 'LN' || l.store_code || to_char(l.loan_date, 'YYMM') || lpad((l.n + 1)::text, 6, '0') end,
      l.status, l.customer_id, l.loan_type, l.apply_date, l.loan_date, l.loan_date, l.amount, l.flat_rate,
      'amortization', 'monthly', 1, l.tenor,
      round(l.amount / l.tenor, 2) + round(l.amount * l.flat_rate / 100, 2),
      round(l.amount * l.flat_rate / 100, 2) * l.tenor,
      round(l.flat_rate * 12 * 2 * l.tenor / (l.tenor + 1), 4),
      case when l.flat_rate * 24 * l.tenor / (l.tenor + 1) > 48 then 'illegal' when l.flat_rate * 24 * l.tenor / (l.tenor + 1) > 36 then 'extortionate' else 'ok' end,
      (array['cash_flow', 'business_turnover', 'living_expenses', 'debt_repayment', 'other'])[1 + (l.n % 5)],
      case when l.amount >= 100000 then 'cheque' else 'cash' end,
      l.staff_id,
      case when l.status <> 'pending' then l.apply_date::timestamptz + interval '10 hours' end,
      case when l.status <> 'pending' then l.staff_id end,
      case when l.status in ('repaying', 'complete', 'reloaned', 'oca', 'bad') then l.loan_date end,
      l.staff_id, l.staff_id, l.apply_date::timestamptz + interval '9 hours', l.apply_date::timestamptz + interval '9 hours'
    from lifecycle l
    order by l.apply_date, l.n`,
    [o.loans, JSON.stringify(o.stores), o.customerIds, o.today, o.days],
  );
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from loans where payout_date is not null and apply_no ~ '^AP[A-Z]+[0-9]{10}$'`);
  return rows[0]!.n;
}

/** Every paid-out bench loan's schedule; answers how many instalments were inserted. */
export async function seedInstalments(client: pg.Client): Promise<number> {
  const res = await client.query(`
    insert into loan_instalments (store_id, loan_id, tenor, due_date, principal, interest, instalment, balance, created_by, created_at, updated_at)
    select l.store_id, l.id, k,
      (l.interest_start_date + make_interval(months => k))::date,
      p.principal, p.interest, p.principal + p.interest,
      case when k = l.total_tenor then 0 else l.loan_amount - round(l.loan_amount / l.total_tenor, 2) * k end,
      l.created_by, l.created_at, l.created_at
    from loans l
    cross join lateral generate_series(1, l.total_tenor) as k
    cross join lateral (select
      case when k = l.total_tenor then l.loan_amount - round(l.loan_amount / l.total_tenor, 2) * (l.total_tenor - 1) else round(l.loan_amount / l.total_tenor, 2) end as principal,
      round(l.loan_amount * l.flat_rate / 100, 2) as interest) as p
    where l.payout_date is not null and l.apply_no ~ '^AP[A-Z]+[0-9]{10}$'`);
  return res.rowCount ?? 0;
}
