/** The SQL of the collection reports, by report name (declarations in packages/contracts/src/reports/collection.ts). */
import type { ReportName } from '@harbour/contracts';
import { sql } from 'drizzle-orm';
import { translate } from '../../../http/i18n.js';
import type { ReportInput, ReportQuery } from '../query.js';
import { agentName, atAgentOn, loanCustomerStore, principalReceived, recoveryStandingOn, storeName } from './collection-fragments.js';

type Param = ReportInput['params'][string] | undefined;
/** A parameter as a typed SQL value (null when absent). */
const date = (v: Param) => sql`${v ?? null}::date`;
const int = (v: Param) => sql`${v ?? null}::int`;
const text = (v: Param) => sql`${v ?? null}::text`;

/**
 * The loans with an OCA agent on `asOf` with what the agent has recovered since the transfer and
 * the principal outstanding at the transfer and on `asOf` (agreeing with the ledger's loans receivable).
 */
const ocaLoansOn = ({ params: p, lang }: ReportInput) => {
  const asOf = date(p.asOf);
  return sql`
    select l.loan_no as "loanNo", c.name as "customerName", ${agentName('g', lang)} as "agentName",
           t.on_date as "transferDate", (${asOf} - t.on_date)::int as "daysAtAgent", t.charge_percent as "chargePercent",
           (l.loan_amount - pr.to_transfer)::numeric(16,2) as "transferredPrincipal",
           rec.amount as "recovered", rec.charge as "ocaCharges", rec.n as "recoveries", rec.last_on as "lastRecoveryDate",
           (l.loan_amount - pr.to_as_of)::numeric(16,2) as "outstandingPrincipal",
           ${storeName('s', lang)} as "storeName", l.status as "status"
      from ${atAgentOn(asOf)} t
      ${loanCustomerStore('t.loan_id', 't.store_id')}
      join oca_agents g on g.id = t.agent_id
      cross join lateral ${principalReceived(asOf)} pr
      cross join lateral (
        select coalesce(sum(r.amount), 0)::numeric(16,2) as amount, coalesce(sum(r.oca_charge), 0)::numeric(16,2) as charge,
               count(*)::int as n, max(r.recovered_on) as last_on
          from loan_oca_recoveries r
         where r.loan_id = l.id and r.kind = 'receipt' and r.recovered_on >= t.on_date and ${recoveryStandingOn(asOf)}
      ) rec
     where (${int(p.store)} is null or l.store_id = ${int(p.store)})
       and (${int(p.ocaAgent)} is null or t.agent_id = ${int(p.ocaAgent)})`;
};

export const collectionQueries: Partial<Record<ReportName, ReportQuery>> = {
  currentlyOcaLoan: (input) => sql`
    select "loanNo", "customerName", "agentName", "transferDate", "daysAtAgent", "chargePercent", "transferredPrincipal",
           "recovered", "ocaCharges", "outstandingPrincipal", "lastRecoveryDate", "storeName"
      from (${ocaLoansOn(input)}) o
     where o."outstandingPrincipal" > 0 or o.status = 'oca'`,

  nonSettledOcaRepayment: (input) => sql`
    select "loanNo", "customerName", "agentName", "transferDate", "transferredPrincipal", "recovered",
           case when "transferredPrincipal" > 0 then round("recovered" * 100 / "transferredPrincipal", 2) end as "recoveredPercent",
           "recoveries", "lastRecoveryDate", "outstandingPrincipal" as "remainingPrincipal", "storeName"
      from (${ocaLoansOn(input)}) o
     where o."recoveries" > 0 and (o."outstandingPrincipal" > 0 or o.status = 'oca')`,

  // Payments to an agent are not tied to recoveries: they settle the agent's charges in a store
  // oldest first (recovery date, then the order recorded), so a charge is paid, part paid or owed.
  ocaChargesPayable: ({ params: p, lang }) => {
    const to = date(p.dateTo);
    return sql`
      with charges as (
        select r.id, r.store_id, r.agent_id, r.loan_id, r.repayment_id, r.recovered_on, r.amount, r.oca_charge,
               coalesce(sum(r.oca_charge) over (partition by r.store_id, r.agent_id order by r.recovered_on, r.id
                                                rows between unbounded preceding and 1 preceding), 0) as before
          from loan_oca_recoveries r
         where r.kind = 'receipt' and r.agent_id is not null and ${recoveryStandingOn(to)}
           and (${int(p.store)} is null or r.store_id = ${int(p.store)})
           and (${int(p.ocaAgent)} is null or r.agent_id = ${int(p.ocaAgent)})
      ),
      paid as (
        select p.store_id, p.agent_id, sum(case when p.kind = 'payment' then p.amount else -p.amount end) as amount
          from oca_agent_payments p
         where p.paid_on <= ${to}
           and (${int(p.store)} is null or p.store_id = ${int(p.store)})
           and (${int(p.ocaAgent)} is null or p.agent_id = ${int(p.ocaAgent)})
         group by p.store_id, p.agent_id
      ),
      settled as (
        select ch.*, least(ch.oca_charge, greatest(coalesce(pd.amount, 0) - ch.before, 0))::numeric(16,2) as paid
          from charges ch left join paid pd on pd.store_id = ch.store_id and pd.agent_id = ch.agent_id
      )
      select x.recovered_on as "recoveredOn", rp.repay_no as "repayNo", l.loan_no as "loanNo", c.name as "customerName",
             ${agentName('g', lang)} as "agentName", x.amount as "recovered", x.oca_charge as "charge", x.paid as "paid",
             (x.oca_charge - x.paid)::numeric(16,2) as "unpaid", ${storeName('s', lang)} as "storeName"
        from settled x
        join loan_repayments rp on rp.id = x.repayment_id
        ${loanCustomerStore('x.loan_id', 'x.store_id')}
        join oca_agents g on g.id = x.agent_id
       where (${date(p.dateFrom)} is null or x.recovered_on >= ${date(p.dateFrom)})
         and (${text(p.chargeStatus)} is distinct from 'unpaid' or x.oca_charge > x.paid)`;
  },

  // A write-off is a row on its date; its cancellation another row on the cancellation's date with
  // the amounts negated, so the rows of a period add up to that period's bad-debt expense.
  writeOff: ({ params: p, lang }) => sql`
    select w.on_date as "onDate", l.loan_no as "loanNo", c.name as "customerName",
           ${translate(lang, 'reports.writeOff.kinds.writeOff')}::text as "entryKind",
           w.principal as "principal", w.interest as "interest", (w.principal + w.interest)::numeric(16,2) as "amount",
           x.on_date as "cancelledOn", w.reason as "reason", st.name as "staffName", w.journal_entry_id::int as "entryNo",
           ${storeName('s', lang)} as "storeName"
      from loan_write_offs w
      ${loanCustomerStore('w.loan_id', 'w.store_id')}
      left join staff st on st.id = w.created_by
      left join loan_write_offs x on x.cancels_id = w.id
     where w.kind = 'write_off' and w.on_date between ${date(p.dateFrom)} and ${date(p.dateTo)}
       and (${int(p.store)} is null or w.store_id = ${int(p.store)})
    union all
    select x.on_date, l.loan_no, c.name, ${translate(lang, 'reports.writeOff.kinds.cancel')}::text,
           -w.principal, -w.interest, -(w.principal + w.interest)::numeric(16,2),
           null::date, x.reason, st.name, x.journal_entry_id::int, ${storeName('s', lang)}
      from loan_write_offs x
      join loan_write_offs w on w.id = x.cancels_id
      ${loanCustomerStore('x.loan_id', 'x.store_id')}
      left join staff st on st.id = x.created_by
     where x.kind = 'cancel' and x.on_date between ${date(p.dateFrom)} and ${date(p.dateTo)}
       and (${int(p.store)} is null or x.store_id = ${int(p.store)})`,

  // Recovery income on its date; a recovery deleted (its income reversed) a negative row on the
  // reversal's date: the period's rows add up to the ledger's bad debts recovered.
  writeOffCollection: ({ params: p, lang }) => {
    const writeOffOf = sql`(select w.on_date, (w.principal + w.interest)::numeric(16,2) as amount
        from loan_write_offs w where w.loan_id = r.loan_id and w.kind = 'write_off' and w.created_at < r.created_at
        order by w.id desc limit 1)`;
    return sql`
      select r.recovered_on as "onDate", l.loan_no as "loanNo", c.name as "customerName",
             ${translate(lang, 'reports.writeOffCollection.kinds.recovery')}::text as "entryKind",
             r.amount as "amount", r.method as "method", wo.on_date as "writeOffDate", wo.amount as "writtenOff",
             st.name as "staffName", r.remarks as "remarks", r.journal_entry_id::int as "entryNo", ${storeName('s', lang)} as "storeName"
        from loan_oca_recoveries r
        ${loanCustomerStore('r.loan_id', 'r.store_id')}
        left join staff st on st.id = r.created_by
        left join lateral ${writeOffOf} wo on true
       where r.kind = 'income' and r.recovered_on between ${date(p.dateFrom)} and ${date(p.dateTo)}
         and (${int(p.store)} is null or r.store_id = ${int(p.store)})
      union all
      select ve.entry_date, l.loan_no, c.name, ${translate(lang, 'reports.writeOffCollection.kinds.voided')}::text,
             -r.amount, r.method, wo.on_date, wo.amount, st.name, v.reason, ve.id::int, ${storeName('s', lang)}
        from loan_oca_recovery_voids v
        join loan_oca_recoveries r on r.id = v.recovery_id
        join journal_entries ve on ve.id = v.journal_entry_id
        ${loanCustomerStore('r.loan_id', 'v.store_id')}
        left join staff st on st.id = v.voided_by
        left join lateral ${writeOffOf} wo on true
       where r.kind = 'income' and ve.entry_date between ${date(p.dateFrom)} and ${date(p.dateTo)}
         and (${int(p.store)} is null or v.store_id = ${int(p.store)})`;
  },

  // Queued in the period by Hong Kong date (a range on created_at, so the store/created index serves
  // it). Left joins (every message has its loan and customer, of its own store): the engine's count
  // and totals then read sms_messages alone, PostgreSQL leaving out joins nothing is read from.
  smsSentRecord: ({ params: p }) => sql`
    select m.created_at as "queuedAt", m.sent_at as "sentAt", l.loan_no as "loanNo", c.name as "customerName",
           m.phone as "phone", m.kind as "kind", m.status as "status", m.segments::int as "segments", m.attempts::int as "attempts",
           m.provider_ref as "providerRef", m.provider_error as "error", st.name as "staffName", m.id as "messageId"
      from sms_messages m
      left join loans l on l.id = m.loan_id
      left join customers c on c.id = m.customer_id
      left join staff st on st.id = m.staff_id
     where m.created_at >= (${date(p.dateFrom)})::timestamp at time zone 'Asia/Hong_Kong'
       and m.created_at < (${date(p.dateTo)} + 1)::timestamp at time zone 'Asia/Hong_Kong'
       and (${text(p.smsStatus)} is null or m.status = ${text(p.smsStatus)})
       and (${text(p.smsKind)} is null or m.kind = ${text(p.smsKind)})
       and (${int(p.store)} is null or m.store_id = ${int(p.store)})`,

  // contacts that stand (not a cancelling row, not cancelled), by who made them; the schedule's SMS have no one
  collectorActivity: ({ params: p, lang }) => sql`
    select coalesce(st.name, ${translate(lang, 'reports.collectorActivity.system')}) as "staffName", coalesce(st.username, '—') as "username",
           count(*) filter (where x.channel = 'call')::int as "calls", count(*) filter (where x.channel = 'sms')::int as "sms",
           count(*) filter (where x.channel = 'visit')::int as "visits", count(*) filter (where x.channel = 'letter')::int as "letters",
           count(*)::int as "contacts", count(*) filter (where x.outcome = 'promised')::int as "promises",
           coalesce(sum(x.promise_amount), 0)::numeric(16,2) as "promisedAmount", count(distinct x.loan_id)::int as "loans"
      from collection_contacts x
      left join staff st on st.id = x.staff_id
     where x.outcome <> 'cancel' and not exists (select 1 from collection_contacts y where y.cancels_id = x.id)
       and x.made_on between ${date(p.dateFrom)} and ${date(p.dateTo)}
       and (${int(p.staff)} is null or x.staff_id = ${int(p.staff)})
       and (${int(p.store)} is null or x.store_id = ${int(p.store)})
     group by st.id, st.name, st.username`,

  // standing promises falling due in the period, as the domain judged them (the contact row's kept judgement)
  promiseOutcomes: ({ params: p, lang }) => sql`
    select coalesce(st.name, ${translate(lang, 'reports.collectorActivity.system')}) as "staffName", l.loan_no as "loanNo", c.name as "customerName",
           x.made_on as "madeOn", x.promise_date as "promiseDate", x.promise_amount as "promiseAmount",
           x.promise_state as "state", x.promise_decided_on as "decidedOn", coalesce(x.promise_received, 0)::numeric(16,2) as "received",
           (x.promise_state = 'kept')::int as "kept", case when x.promise_state = 'kept' then x.promise_amount else 0 end::numeric(16,2) as "keptAmount",
           (x.promise_state = 'broken')::int as "broken", case when x.promise_state = 'broken' then x.promise_amount else 0 end::numeric(16,2) as "brokenAmount",
           (x.promise_state = 'open')::int as "open", case when x.promise_state = 'open' then x.promise_amount else 0 end::numeric(16,2) as "openAmount",
           x.id as "contactId"
      from collection_contacts x
      join loans l on l.id = x.loan_id
      join customers c on c.id = l.customer_id
      left join staff st on st.id = x.staff_id
     where x.outcome = 'promised' and not exists (select 1 from collection_contacts y where y.cancels_id = x.id)
       and x.promise_date between ${date(p.dateFrom)} and ${date(p.dateTo)}
       and (${int(p.staff)} is null or x.staff_id = ${int(p.staff)})
       and (${int(p.store)} is null or x.store_id = ${int(p.store)})`,
};
