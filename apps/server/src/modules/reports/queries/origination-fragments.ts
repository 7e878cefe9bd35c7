/**
 * SQL pieces the origination reports share: names in the caller's language, and what was paid on
 * a loan (or on each instalment) by the receipts standing on a date. A receipt stands on a date when
 * it is dated on or before it and no void or refund of it was dated on or before it — the same
 * rule as the ledger, whose entries carry those dates.
 */
import type { Language } from '@harbour/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** A store's (or a party's) name column in the caller's language. */
export const nameIn = (lang: Language, alias: string): SQL => sql.raw(lang === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);

/** An option item's label in the caller's language. */
export const labelIn = (lang: Language, alias: string): SQL =>
  sql.raw(lang === 'en' ? `${alias}.label_en` : lang === 'zh-CN' ? `${alias}.label_zh_cn` : `${alias}.label_zh_tw`);

/** The customer's display name: the English name in English when there is one. */
export const customerNameIn = (lang: Language, alias: string): SQL =>
  sql.raw(lang === 'en' ? `coalesce(${alias}.english_name, ${alias}.name)` : `${alias}.name`);

/**
 * `r` (a loan_repayments row) stands on `on`; `c` is its correction, joined by `receiptsWithCorrection`
 * (a hash join with the small corrections table, not a subquery per receipt).
 */
export const standingOn = (on: SQL): SQL => sql`r.repay_date <= ${on} and (c.corrected_on is null or c.corrected_on > ${on})`;

/** The receipts `r`, each with its void or refund `c` (none: nulls). */
export const receiptsWithCorrection = sql`loan_repayments r left join loan_repayment_corrections c on c.repayment_id = r.id`;

/**
 * Per loan: what its receipts standing on `on` (and dated from `from`, when given) paid —
 * principal, interest, charges (overdue interest, handling fee, lock-period fee), the early
 * settlement's rebate — and the date of the last one.
 */
export const paidByLoan = (on: SQL, from?: SQL): SQL => sql`
  select r.loan_id,
         sum(r.principal) as principal,
         sum(r.interest) as interest,
         sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) as charges,
         sum(r.rebate) as rebate,
         max(r.repay_date) as last_date
  from ${receiptsWithCorrection}
  where ${standingOn(on)}${from ? sql` and r.repay_date >= ${from}` : sql``}
  group by r.loan_id`;

/** Per loan: the principal written off on or before `on` (and from `from`, when given) and not cancelled by `on`. */
export const writtenOffByLoan = (on: SQL, from?: SQL): SQL => sql`
  select w.loan_id, sum(w.principal) as principal
  from loan_write_offs w
  where w.kind = 'write_off' and w.on_date <= ${on}${from ? sql` and w.on_date >= ${from}` : sql``}
    and not exists (select 1 from loan_write_offs x where x.cancels_id = w.id and x.on_date <= ${on})
  group by w.loan_id`;

/** Per tenor of loan `l`: principal, interest and interest waived settled by the receipts standing on `on`. */
export const paidByTenorOfLoan = (on: SQL): SQL => sql`
  select ln.tenor, sum(ln.principal + ln.interest + ln.interest_waived) as paid
  from loan_repayment_lines ln join ${receiptsWithCorrection} on r.id = ln.repayment_id
  where ln.loan_id = l.id and ${standingOn(on)}
  group by ln.tenor`;

/**
 * Per loan with a rescheduled schedule: the revision in force on `on` (the highest that took effect
 * by then). A loan without a row
 * here is on revision 0, the schedule paid out. `total_tenor`: that revision's number of instalments.
 */
export const revisionsOn = (on: SQL): SQL => sql`
  select sr.loan_id, max(sr.revision) as revision,
         (array_agg(sr.total_tenor order by sr.revision desc))[1] as total_tenor
  from loan_schedule_revisions sr
  where sr.effective_on <= ${on}
  group by sr.loan_id`;

/**
 * Per loan: the receipts' movements standing on `last`, and of them those already standing on
 * `before` (`…0` columns) — one pass for a period's opening and closing figures. `only` narrows the
 * receipts (`r.loan_id = l.id` in a LATERAL subquery: one loan by its index).
 */
export const paidByLoanAtTwoDates = (before: SQL, last: SQL, only?: SQL): SQL => sql`
  select r.loan_id,
         coalesce(sum(r.principal) filter (where ${standingOn(before)}), 0.00) as principal0,
         coalesce(sum(r.interest) filter (where ${standingOn(before)}), 0.00) as interest0,
         coalesce(sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) filter (where ${standingOn(before)}), 0.00) as charges0,
         coalesce(sum(r.principal) filter (where ${standingOn(last)}), 0.00) as principal1,
         coalesce(sum(r.interest) filter (where ${standingOn(last)}), 0.00) as interest1,
         coalesce(sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) filter (where ${standingOn(last)}), 0.00) as charges1
  from ${receiptsWithCorrection}
  where r.repay_date <= ${last}${only ? sql` and ${only}` : sql``}
  group by r.loan_id`;

/**
 * Per loan: what the receipts moved between the end of `before` and the end of `last`, when `last`
 * is today or later (no receipt or correction is dated after today, so what stands on `last` is
 * what stands now: `loan_totals`). A receipt dated in the span and standing now adds its figures;
 * a receipt dated on or before `before` and voided or refunded in the span takes them away.
 * Reads the span's receipts and corrections only, not every receipt of the book.
 */
export const paidMovedIn = (before: SQL, last: SQL): SQL => sql`
  select x.loan_id, sum(x.principal) as principal, sum(x.interest) as interest, sum(x.charges) as charges
  from (
    select r.loan_id, r.principal, r.interest, r.overdue_interest + r.handling_fee + r.lock_period_fee as charges
    from loan_repayments r
    where r.repay_date > ${before} and r.repay_date <= ${last}
      and not exists (select 1 from loan_repayment_corrections c where c.repayment_id = r.id)
    union all
    select r.loan_id, -r.principal, -r.interest, -(r.overdue_interest + r.handling_fee + r.lock_period_fee)
    from loan_repayment_corrections c join loan_repayments r on r.id = c.repayment_id
    where c.corrected_on > ${before} and c.corrected_on <= ${last} and r.repay_date <= ${before}
  ) x
  group by x.loan_id`;

/** Principal, interest and charges of loan `l` paid by the receipts standing on `on` (a LATERAL subquery: one loan by its index). */
export const paidOfLoan = (on: SQL): SQL => sql`
  select coalesce(sum(r.principal), 0.00) as principal, coalesce(sum(r.interest), 0.00) as interest,
         coalesce(sum(r.overdue_interest + r.handling_fee + r.lock_period_fee), 0.00) as charges, coalesce(sum(r.rebate), 0.00) as rebate
  from ${receiptsWithCorrection}
  where r.loan_id = l.id and ${standingOn(on)}`;

/** An instalment's reference: the loan number and the tenor (`LNMK26110001-03`) of a row `i` carrying both. */
export const instalmentRef: SQL = sql`i.loan_no || '-' || lpad(i.tenor::text, 2, '0')`;
