/**
 * SQL pieces the collection reports share (docs/reports.md → Collection reports). Each takes the
 * date it is "as of" so a report run for a past date sees the book as it stood then: a transfer or
 * recall dated after it has not happened, a recovery voided after it still stands.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@harbour/contracts';

/** The date a recovery (alias `r`) was voided: its reversal entry's date, else its receipt's correction date. */
const voidedOn = sql`(select coalesce(ve.entry_date, c.corrected_on, (v.created_at at time zone 'Asia/Hong_Kong')::date)
    from loan_oca_recovery_voids v
    left join journal_entries ve on ve.id = v.journal_entry_id
    left join loan_repayment_corrections c on c.repayment_id = r.repayment_id
   where v.recovery_id = r.id)`;

/** A recovery (alias `r`) recorded on or before `asOf` and not voided by then. */
export const recoveryStandingOn = (asOf: SQL) => sql`r.recovered_on <= ${asOf} and coalesce(${voidedOn} > ${asOf}, true)`;

/**
 * The loans with an OCA agent on `asOf`, one row each (`loan_id`, `store_id`, `agent_id`,
 * `on_date` of the transfer, `charge_percent`): the loan's latest assignment dated on or before
 * `asOf` is a transfer and no write-off made after that transfer is dated on or before `asOf`
 * (the reports also ask that it still owes principal then, or is with the agent now).
 */
export const atAgentOn = (asOf: SQL) => sql`(
  select a.id, a.loan_id, a.store_id, a.agent_id, a.on_date, a.charge_percent, a.created_at
    from (select distinct on (x.loan_id) x.*
            from loan_oca_assignments x
           where x.on_date <= ${asOf}
           order by x.loan_id, x.on_date desc, x.id desc) a
   where a.kind = 'transfer'
     and not exists (select 1 from loan_write_offs w
                      where w.loan_id = a.loan_id and w.kind = 'write_off' and w.created_at > a.created_at and w.on_date <= ${asOf})
)`;

/**
 * Principal received on a loan at the agent (transfer alias `t`, loan alias `l`) by its receipts
 * standing on `asOf` (dated on or before it, not voided or refunded by then): `to_transfer` those
 * before the transfer (dated before its date, or that day and recorded before it), `to_as_of` all.
 * The loan amount less these is the principal outstanding: the ledger's loans receivable of the
 * loan (payout debit, principal credits of receipts and their reversals), read from the receipts so
 * a report over thousands of loans does not walk every journal line (the test reconciles the two).
 */
export const principalReceived = (asOf: SQL) => sql`(
  select coalesce(sum(rp.principal) filter (where rp.repay_date < t.on_date or (rp.repay_date = t.on_date and rp.created_at < t.created_at)), 0)::numeric(16,2) as to_transfer,
         coalesce(sum(rp.principal), 0)::numeric(16,2) as to_as_of
    from loan_repayments rp
   where rp.loan_id = l.id and rp.repay_date <= ${asOf}
     and not exists (select 1 from loan_repayment_corrections rc where rc.repayment_id = rp.id and rc.corrected_on <= ${asOf})
)`;

/** A row's loan (`l`), its customer (`c`) and its store (`s`), from the row's loan and store columns. */
export const loanCustomerStore = (loanId: string, storeId: string) =>
  sql.raw(`join loans l on l.id = ${loanId}
      join customers c on c.id = l.customer_id
      join stores s on s.id = ${storeId}`);

/** An OCA agent's name in the caller's language (the Chinese name for both Chinese languages). */
export const agentName = (alias: string, lang: Language) => sql.raw(lang === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);

/** A store's name in the caller's language. */
export const storeName = (alias: string, lang: Language) => sql.raw(lang === 'en' ? `${alias}.name_en` : `${alias}.name_zh`);
