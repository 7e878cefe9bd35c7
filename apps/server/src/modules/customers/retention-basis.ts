/**
 * The one reading of "a loan closes" for personal-data retention (compliance: keep personal data no
 * longer than necessary, a retention setting counted from when a loan closes; docs/operations.md →
 * Retention and anonymisation). The retention job and its report both read this fragment (`retentionDue`).
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
 * A FROM item: the customers not yet anonymised who are due on `asOf` — no open loan, and their
 * `last_closed_on` (the date their retention runs from) plus `years` on or before `asOf` — with
 * `customer_id`, `last_closed_on` and `due_on` (the first business date the job anonymises them).
 * Reads the loans the transaction's store scope shows (the job sees every store).
 *
 * In two steps, so the book's size does not weigh on the answer: first, from the loans' own
 * columns, the customers who could be due (no open loan, registered and every loan applied for and
 * paid out at least `years` before `asOf`: a loan's closing date is never before those); then,
 * for those customers' loans only, the closing date from the last journal entry and approval.
 */
export function retentionDue(years: SQL, asOf: SQL): SQL {
  const after = (date: SQL) => sql`(${date} + make_interval(years => ${years}))::date`;
  return sql`(
    select o.customer_id, d.last_closed_on, ${after(sql`d.last_closed_on`)} as due_on
      from (
        select c.id as customer_id, (c.created_at at time zone 'Asia/Hong_Kong')::date as registered_on
          from customers c
          left join (
            select l0.customer_id, l0.id as loan_id from loans l0
            union
            select p.customer_id, p.loan_id from loan_partakers p
          ) own on own.customer_id = c.id
          left join loans l on l.id = own.loan_id
         where c.anonymised_on is null
         group by c.id
        having count(l.id) filter (where l.status in (${list(RETENTION_OPEN_STATUSES)})) = 0
           and ${after(sql`greatest(max(greatest(l.apply_date, l.payout_date)), (c.created_at at time zone 'Asia/Hong_Kong')::date)`)} <= ${asOf}
      ) o
      cross join lateral (
        select greatest(max(lc.closed_on), o.registered_on) as last_closed_on
          from (
            select l0.id as loan_id from loans l0 where l0.customer_id = o.customer_id
            union
            select p.loan_id from loan_partakers p where p.customer_id = o.customer_id
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
      ) d
     where ${after(sql`d.last_closed_on`)} <= ${asOf}
  )`;
}
