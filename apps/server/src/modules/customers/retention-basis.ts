/**
 * The one reading of "a loan closes" for personal-data retention (compliance: keep personal data no
 * longer than necessary, a retention setting counted from when a loan closes; docs/operations.md →
 * Retention and anonymisation). The retention job and its dry-run report both read this fragment.
 *
 * - A customer's loans are the loans they borrowed and the loans they stand in as guarantor, joint
 *   applicant, consultant or referee (`loan_partakers`).
 * - Open: an application not yet decided or paid out (`pending`, `wait_approve`, `approved`) and a
 *   loan still owed (`repaying`, `oca`). A customer with an open loan is never due.
 * - Closed: `complete` (paid off or settled, also a written-off loan recovered in full),
 *   `reloaned` (refinanced: the new loan is a loan of its own), `bad` (written off and not
 *   recovered: the claim is left to the limitation period, which the setting's minimum covers),
 *   `reject` and `cancel` (applications that never became loans).
 * - The date it closed: the last business date anything happened on it — its last journal entry
 *   (the settling receipt, the write-off, a later recovery), its payout, its last approval decision,
 *   its application date, and for a rejected or cancelled application the day that decision was
 *   saved (Hong Kong date of its last change).
 * - A customer's retention runs from the latest of their loans' closing dates, or from the day the
 *   record was registered when they have no loan at all.
 */
import { LOAN_STATUSES, type LoanStatus } from '@harbour/domain';
import { sql, type SQL } from 'drizzle-orm';

export const RETENTION_CLOSED_STATUSES: readonly LoanStatus[] = ['complete', 'reloaned', 'bad', 'reject', 'cancel'];
export const RETENTION_OPEN_STATUSES: readonly LoanStatus[] = LOAN_STATUSES.filter((s) => !RETENTION_CLOSED_STATUSES.includes(s));

const list = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

/**
 * A FROM item: one row per customer not yet anonymised with `customer_id`, `open_loans` (how many
 * of their loans are open), `last_closed_on` (the date their retention runs from) and `due_on`
 * (`last_closed_on` plus `years`: the first business date the job anonymises them). Reads the loans
 * the transaction's store scope shows (the job sees every store).
 *
 * A customer with an open loan is never due, so their closing dates are not looked up:
 * `last_closed_on` and `due_on` are null for them (the open loans are counted first, and only the
 * customers with none read their loans' last journal entry and approval).
 */
export function retentionBasis(years: SQL): SQL {
  return sql`(
    select o.customer_id, o.open_loans, d.last_closed_on,
           (d.last_closed_on + make_interval(years => ${years}))::date as due_on
      from (
        select c.id as customer_id, (c.created_at at time zone 'Asia/Hong_Kong')::date as registered_on,
               count(l.id) filter (where l.status in (${list(RETENTION_OPEN_STATUSES)}))::int as open_loans
          from customers c
          left join (
            select l0.customer_id, l0.id as loan_id from loans l0
            union
            select p.customer_id, p.loan_id from loan_partakers p
          ) own on own.customer_id = c.id
          left join loans l on l.id = own.loan_id
         where c.anonymised_on is null
         group by c.id
      ) o
      left join lateral (
        select case when o.open_loans = 0 then greatest(max(lc.closed_on), o.registered_on) end as last_closed_on
          from (
            select l0.id as loan_id from loans l0 where l0.customer_id = o.customer_id and o.open_loans = 0
            union
            select p.loan_id from loan_partakers p where p.customer_id = o.customer_id and o.open_loans = 0
          ) own
          join loans l on l.id = own.loan_id
          cross join lateral (
            select greatest(
                     l.apply_date, l.payout_date,
                     (select max(j.entry_date) from journal_entries j where j.loan_id = l.id),
                     (select max(a.decided_on) from loan_approvals a where a.loan_id = l.id),
                     case when l.status in ('reject', 'cancel') then (l.updated_at at time zone 'Asia/Hong_Kong')::date end
                   ) as closed_on
          ) lc
      ) d on true
  )`;
}
