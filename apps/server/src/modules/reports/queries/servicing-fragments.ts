/**
 * SQL pieces the servicing reports share (docs/reports.md → Servicing reports). Each takes the date
 * it is "as of", so a report run for a past date sees the book as it stood at the end of that day:
 * a receipt dated after it has not happened, a receipt voided or refunded after it still stands,
 * the schedule in force is the revision effective by then.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@harbour/contracts';
import type { ReportParamValue } from '../query.js';

/** A parameter as the query reads it (absent: null). */
type Param = ReportParamValue | undefined;

export const dateOf = (v: Param) => sql`${v ?? null}::date`;
export const intOf = (v: Param) => sql`${v ?? null}::int`;

/** The store's name in the caller's language (alias `s` of `stores`). */
export const storeName = (alias: string, lang: Language) => sql.raw(lang === 'en' ? `coalesce(nullif(${alias}.name_en, ''), ${alias}.name_zh)` : `${alias}.name_zh`);

/** The loan (`l`), its borrower (`cu`) and its store (`s`) of a row whose `loan_id` is the loan's. */
export const loanJoins = (row: SQL) =>
  sql`join loans l on l.id = ${row}.loan_id join customers cu on cu.id = l.customer_id join stores s on s.id = l.store_id`;

/** A receipt (alias `r` of `loan_repayments`) dated on or before `on` and not voided or refunded by then. */
export const standingOn = (on: SQL) =>
  sql`r.repay_date <= ${on} and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id and c.corrected_on <= ${on})`;

/** The `store` parameter: every store the caller reaches when absent (`col` is the row's store). */
export const inStore = (col: SQL, store: Param) => sql`(${intOf(store)} is null or ${col} = ${intOf(store)})`;

/**
 * Every instalment of every paid-out loan of the store filter, as it stood at the end of `on`: the
 * schedule revision in force then (revision 0, or the highest whose `effective_on` is on or before
 * `on`), what the standing receipts had paid of its principal and interest, the interest an early
 * settlement waived, and what is left unpaid (`unpaid_principal`, `unpaid_interest`). Columns:
 * loan_id, store_id, tenor, due_date, principal, interest, paid_principal, paid_interest, waived,
 * unpaid_principal, unpaid_interest. Loans written off by `on` (and not reinstated) are left out.
 * `current`: `on` is the business day or later — no receipt or correction is dated after today
 * (the services refuse future dates), so every receipt without a correction stands, and what
 * they paid of each instalment is `loan_instalment_paid`, kept with the receipts; an earlier
 * date sums the lines of the receipts standing then.
 * `unpaidBefore` (with `current` only): just the loans with an instalment unpaid that fell due
 * before that date — those whose first instalment not fully paid (`loan_due_summaries`, kept by
 * every payout, receipt, correction, settlement and collection step, as `positionsToday` reads
 * it) is due before it, by the summaries' (store, due date) index. A report that keeps only loans
 * with something unpaid due by then reads their instalments alone, not the whole live book's: at
 * 300,000 loans about 25,000 loans of 84,000 on the business day.
 */
export const instalmentsOn = (on: SQL, store: Param, current = false, unpaidBefore?: SQL) => sql`(
  with lv as (
    select l.id, l.store_id, coalesce(rv.rev, 0) as rev
      from loans l
      left join (select v.loan_id, max(v.revision) as rev from loan_schedule_revisions v where v.effective_on <= ${on} group by v.loan_id) rv
        on rv.loan_id = l.id
     where l.payout_date <= ${on} and l.loan_no is not null and ${inStore(sql`l.store_id`, store)}${
       current && unpaidBefore
         ? sql`
       and l.id in (select ds.loan_id from loan_due_summaries ds where ds.next_due_date < ${unpaidBefore} and ${inStore(sql`ds.store_id`, store)})`
         : sql``
     }
       -- a loan finished (complete, reloaned, written off) on or before the date owes nothing then:
       -- only loans still servicing, or that moved after the date, are read
       and (l.status in ('repaying', 'oca')
            or exists (select 1 from loan_repayments r2 where r2.loan_id = l.id and r2.repay_date > ${on})
            or exists (select 1 from loan_write_offs w2 where w2.loan_id = l.id and w2.on_date > ${on}))
       and not exists (select 1 from loan_write_offs w
                        where w.loan_id = l.id and w.kind = 'write_off' and w.on_date <= ${on}
                          and not exists (select 1 from loan_write_offs x where x.cancels_id = w.id and x.on_date <= ${on}))
  ),
  paid as (${
    current
      ? sql`select k.loan_id, k.tenor, k.principal as p, k.interest as i, k.interest_waived as w from loan_instalment_paid k`
      : sql`select ln.loan_id, ln.tenor, sum(ln.principal) as p, sum(ln.interest) as i, sum(ln.interest_waived) as w
              from lv join loan_repayment_lines ln on ln.loan_id = lv.id
             where exists (select 1 from loan_repayments r where r.id = ln.repayment_id and ${standingOn(on)})
             group by ln.loan_id, ln.tenor`
  })
  select i.loan_id, lv.store_id, i.tenor, i.due_date, i.principal, i.interest,
         coalesce(pd.p, 0) as paid_principal, coalesce(pd.i, 0) as paid_interest, coalesce(pd.w, 0) as waived,
         i.principal - coalesce(pd.p, 0) as unpaid_principal,
         greatest(i.interest - coalesce(pd.i, 0) - coalesce(pd.w, 0), 0) as unpaid_interest
    from lv
    join loan_instalments i on i.loan_id = lv.id and i.revision = lv.rev
    left join paid pd on pd.loan_id = i.loan_id and pd.tenor = i.tenor
)`;

/**
 * Each paid-out loan's position at the end of `on` (one row per loan, from `instalmentsOn`):
 * outstanding principal, interest due (due date on or before `on`) and unpaid, instalments overdue
 * (due before `on`, principal or interest unpaid) with their count, unpaid amount and the days past
 * due of the oldest. Columns: loan_id, store_id, outstanding_principal, unpaid_interest,
 * overdue_tenors, overdue_amount, overdue_days.
 */
export const positionsOn = (on: SQL, store: Param, current = false) => (current ? positionsToday(on, store) : positionsFromInstalments(on, store));

/**
 * `positionsOn` today (or a later date: nothing is dated after today), from what is kept with the
 * receipts instead of every instalment of the live book: the outstanding principal is the loan
 * amount less the principal its standing receipts paid (`loan_totals`; a revision's instalments
 * always add up to the loan amount), and only the instalments from the first not fully paid
 * (`loan_due_summaries.next_tenor`, refreshed by every payout, receipt, correction, settlement and
 * collection step) to the date are read, by the loan's index — the ones before it are paid, and
 * owe no interest and are not overdue. Written-off loans are `bad`, so not read. A schedule's due
 * dates follow its tenors, so a loan whose first unpaid instalment falls due after the date has
 * nothing due by then: only the loans whose first unpaid instalment is due by the date are read,
 * by the summaries' (store, due date) index, and summed per loan in one pass joined to the rest by
 * hash (at 300,000 loans 25,000 of the 84,000 servicing loans; a lateral subquery per loan made
 * 84,000 trips through three indexes).
 */
const positionsToday = (on: SQL, store: Param) => sql`(
  select l.id as loan_id, l.store_id,
         (l.loan_amount - kt.paid_principal)::numeric(16,2) as outstanding_principal,
         coalesce(d.unpaid_interest, 0)::numeric(16,2) as unpaid_interest,
         coalesce(d.overdue_tenors, 0)::int as overdue_tenors,
         coalesce(d.overdue_amount, 0)::numeric(16,2) as overdue_amount,
         coalesce(${on} - d.oldest, 0)::int as overdue_days
    from loans l
    join loan_totals kt on kt.loan_id = l.id
    join loan_due_summaries ds on ds.loan_id = l.id
    left join (
      select u.loan_id,
             sum(u.unpaid_interest) as unpaid_interest,
             count(*) filter (where u.due_date < ${on} and u.unpaid_principal + u.unpaid_interest > 0) as overdue_tenors,
             sum(u.unpaid_principal + u.unpaid_interest) filter (where u.due_date < ${on}) as overdue_amount,
             min(u.due_date) filter (where u.due_date < ${on} and u.unpaid_principal + u.unpaid_interest > 0) as oldest
        from (
          select i.loan_id, i.due_date, i.principal - coalesce(k.principal, 0) as unpaid_principal,
                 greatest(i.interest - coalesce(k.interest, 0) - coalesce(k.interest_waived, 0), 0) as unpaid_interest
            from loan_due_summaries du
            join loan_instalments i on i.loan_id = du.loan_id and i.tenor >= du.next_tenor and i.due_date <= ${on}
            left join (select v.loan_id, max(v.revision) as rev from loan_schedule_revisions v group by v.loan_id) rv on rv.loan_id = i.loan_id
            left join loan_instalment_paid k on k.loan_id = i.loan_id and k.tenor = i.tenor
           where du.next_due_date <= ${on} and ${inStore(sql`du.store_id`, store)} and i.revision = coalesce(rv.rev, 0)
        ) u
       group by u.loan_id
    ) d on d.loan_id = l.id
   where l.status in ('repaying', 'oca') and l.payout_date <= ${on} and l.loan_no is not null and ${inStore(sql`l.store_id`, store)}
)`;

const positionsFromInstalments = (on: SQL, store: Param) => sql`(
  select x.loan_id, x.store_id,
         sum(x.unpaid_principal)::numeric(16,2) as outstanding_principal,
         coalesce(sum(x.unpaid_interest) filter (where x.due_date <= ${on}), 0)::numeric(16,2) as unpaid_interest,
         (count(*) filter (where x.due_date < ${on} and x.unpaid_principal + x.unpaid_interest > 0))::int as overdue_tenors,
         coalesce(sum(x.unpaid_principal + x.unpaid_interest) filter (where x.due_date < ${on}), 0)::numeric(16,2) as overdue_amount,
         coalesce(${on} - min(x.due_date) filter (where x.due_date < ${on} and x.unpaid_principal + x.unpaid_interest > 0), 0)::int as overdue_days
    from ${instalmentsOn(on, store)} x
   group by x.loan_id, x.store_id
)`;

/**
 * The temporary amount each loan held at the end of `on` (kept − used by its standing receipts),
 * of the loans whose receipts ever kept or used one. Columns: loan_id, store_id, held. (Receipts
 * that moved no temporary amount add nothing; leaving them out before grouping spares grouping the
 * whole book's receipts: 0.1 s instead of 0.7 s at 800,000 receipts.)
 */
export const temporaryOn = (on: SQL, store: Param) => sql`(
  select r.loan_id, r.store_id, sum(r.temp_in - r.temp_out)::numeric(16,2) as held
    from loan_repayments r
   where r.moves_temporary and ${standingOn(on)} and ${inStore(sql`r.store_id`, store)}
   group by r.loan_id, r.store_id
)`;

/**
 * Receipts and their corrections as dated movements (one row each): a receipt on its date with its
 * split, and a void or refund on its correction date with the same split negated, so the rows of
 * a period add up to what the period's journal entries moved. Columns: entry_id, entry_date,
 * repayment_id, loan_id, store_id, repay_no, repay_type, method, correction (the receipt's
 * correction kind, on both rows), reversal (true on the correction's row), received (money in, net
 * of a temporary amount refunded), principal, interest, overdue_interest, charges, temp_in,
 * temp_out, temporary (temp_in − temp_out). The receipts' branch reads one table (its correction
 * a subquery), so PostgreSQL can read it in an index's order and merge it with the corrections'.
 * An imported loan's opening position (`opening`, docs/import.md) is no money taken that day and
 * moved no cash or income: it is not a movement (it is never corrected either). That condition
 * stands outside the union: written inside the receipts' branch it kept PostgreSQL from reading
 * the branch in the index's order (the receipts report's first page at 300,000 loans: 5.2 s, a
 * parallel scan and sort of every receipt, against 11 ms).
 */
export const receiptMovements = sql`(select * from (
  select r.journal_entry_id as entry_id, r.repay_date as entry_date, r.id as repayment_id, r.loan_id, r.store_id,
         r.repay_no, r.repay_type, r.method,
         (select c.kind from loan_repayment_corrections c where c.repayment_id = r.id) as correction, false as reversal,
         r.received - r.paid_out as received, r.principal, r.interest, r.overdue_interest,
         r.handling_fee + r.lock_period_fee as charges, r.temp_in, r.temp_out, r.temp_in - r.temp_out as temporary, r.moves_temporary
    from loan_repayments r
  union all
  select c.journal_entry_id, c.corrected_on, r.id, r.loan_id, r.store_id,
         r.repay_no, r.repay_type, r.method, c.kind, true,
         -(r.received - r.paid_out), -r.principal, -r.interest, -r.overdue_interest,
         -(r.handling_fee + r.lock_period_fee), -r.temp_in, -r.temp_out, -(r.temp_in - r.temp_out), r.moves_temporary
    from loan_repayment_corrections c join loan_repayments r on r.id = c.repayment_id
) movement where movement.repay_type <> 'opening')`;
