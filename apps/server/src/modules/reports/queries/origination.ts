/** The SQL of the origination reports, by report name (declarations in packages/contracts/src/reports/origination.ts). */
import type { ReportName } from '@harbour/contracts';
import { normaliseIdNumber } from '@harbour/domain';
import { sql } from 'drizzle-orm';
import type { ReportInput, ReportParamValue, ReportQuery } from '../query.js';
import {
  customerNameIn,
  instalmentRef,
  labelIn,
  nameIn,
  paidByLoan,
  paidByLoanAtTwoDates,
  paidByTenorOfLoan,
  paidMovedIn,
  paidOfLoan,
  revisionsOn,
  writtenOffByLoan,
} from './origination-fragments.js';

const storeFilter = (p: ReportInput['params'], alias = 'l') => sql`(${p.store}::int is null or ${sql.raw(alias)}.store_id = ${p.store}::int)`;
const dateOf = (v: ReportParamValue | undefined) => sql`${v ?? null}::date`;

/**
 * The instalments of the schedule in force today, with what the standing receipts paid on each
 * (`loan_instalment_paid`, kept with the receipts: today every receipt not corrected stands):
 * the rows `repaymentSchedule`, `estimatedRepayment` and `monthlyReceivable` read (`where` limits
 * the instalments, by due date). The loan is a left join (every instalment has its loan, of its
 * store): PostgreSQL leaves it out of a count or total that reads none of its columns.
 */
const instalmentsWithPaid = ({ today }: ReportInput, where: ReturnType<typeof sql>) => sql`
  select l.id as loan_id, l.loan_no, l.status, l.store_id, l.customer_id, l.staff_id, i.tenor, i.due_date,
         i.principal, i.interest, i.instalment,
         coalesce(pd.principal, 0.00) as paid_principal, coalesce(pd.interest, 0.00) as paid_interest,
         coalesce(pd.waived, 0.00) as waived,
         i.principal + i.interest - coalesce(pd.principal, 0.00) - coalesce(pd.interest, 0.00) - coalesce(pd.waived, 0.00) as unpaid
  from loan_instalments i
  left join loans l on l.id = i.loan_id
  left join (${revisionsOn(sql`${today}::date`)}) rv on rv.loan_id = i.loan_id
  left join (select k.loan_id, k.tenor, k.principal, k.interest, k.interest_waived as waived from loan_instalment_paid k) pd
    on pd.loan_id = i.loan_id and pd.tenor = i.tenor
  where ${where} and i.revision = coalesce(rv.revision, 0)`;

/** Loans paid out in a period, with what the payout deducted. */
const payoutsIn = (p: ReportInput['params']) => sql`
  select l.*, po.payout_date as paid_on, po.upfront_deducted, po.old_loan_settled, po.amount_received, po.referral_commission,
         l.loan_amount - po.upfront_deducted - po.amount_received - po.old_loan_settled as fees
  from loan_payouts po
  join loans l on l.id = po.loan_id
  where po.payout_date between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)} and ${storeFilter(p, 'po')}`;

export const originationQueries: Partial<Record<ReportName, ReportQuery>> = {
  /**
   * Applications made in the period (apply date), each with its latest approval decision: the
   * amount approved is the loan amount while that decision is an approval (not undone, rejected or
   * sent back).
   */
  approvalStatus: ({ params: p, lang }) => sql`
    select l.apply_no as "applyNo", c.name as "customerName", (case when ${lang} = 'en' then s.name_en else s.name_zh end) as "storeName", l.apply_date as "applyDate",
      l.loan_amount as "amountApplied", case when d.decision = 'approve' then l.loan_amount end as "amountApproved",
      l.status as "status", st.name as "approver", d.decided_on as "decisionDate"
    from loans l
    join customers c on c.id = l.customer_id
    join stores s on s.id = l.store_id
    left join lateral (
      select a.decision, a.decided_on, a.staff_id from loan_approvals a where a.loan_id = l.id order by a.id desc limit 1
    ) d on true
    left join staff st on st.id = d.staff_id
    where l.apply_date between ${p.dateFrom}::date and ${p.dateTo}::date
      and (${p.store}::int is null or l.store_id = ${p.store}::int)
      and (${p.status}::text is null or l.status = ${p.status}::text)`,
  loan: ({ params: p, lang }) => sql`
    select l.loan_no as "loanNo", ${customerNameIn(lang, 'c')} as "customerName", ${nameIn(lang, 's')} as "storeName",
           coalesce(${labelIn(lang, 'o')}, l.loan_type) as "loanType", l.paid_on as "payoutDate", l.loan_amount as "loanAmount",
           round(l.flat_rate, 4) as "flatRate", round(l.mlo_rate, 2) as "annualRate", l.total_tenor::int as "totalTenor",
           l.upfront_deducted as "upfrontInterest", l.fees as "fees", l.old_loan_settled as "oldLoanSettled", l.amount_received as "netPaid"
    from (${payoutsIn(p)}) l
    join customers c on c.id = l.customer_id
    join stores s on s.id = l.store_id
    left join option_items o on o.category = 'loanType' and o.code = l.loan_type
    where (${p.loanType}::text is null or l.loan_type = ${p.loanType}::text)`,

  loanDetail: ({ params: p, today, lang }) => {
    const on = dateOf(p.asOf);
    // as of today (or later: no receipt is dated after today) the figures are the loan's kept
    // totals and its next due date its due summary (both kept by every receipt and the daily job);
    // on an earlier date they are summed from the receipts standing then and the schedule in force
    const current = String(p.asOf) >= today;
    const figures = current
      ? sql`join loan_totals kt on kt.loan_id = l.id
    cross join lateral (select kt.scheduled_interest as interest) sch
    cross join lateral (select kt.paid_principal as principal, kt.paid_interest as interest) pd
    left join loan_due_summaries ds on ds.loan_id = l.id cross join lateral (select ds.next_due_date as due_date) nx`
      : sql`left join (${paidByLoan(on)}) pd on pd.loan_id = l.id
    left join (${revisionsOn(on)}) rv on rv.loan_id = l.id
    join (select i.loan_id, i.revision, sum(i.interest) as interest from loan_instalments i group by i.loan_id, i.revision) sch
      on sch.loan_id = l.id and sch.revision = coalesce(rv.revision, 0)
    left join lateral (
      select i.due_date from loan_instalments i
      left join (${paidByTenorOfLoan(on)}) q on q.tenor = i.tenor
      where i.loan_id = l.id and i.revision = coalesce(rv.revision, 0) and i.principal + i.interest > coalesce(q.paid, 0.00)
      order by i.tenor limit 1
    ) nx on true`;
    return sql`
    select l.loan_no as "loanNo", ${customerNameIn(lang, 'c')} as "customerName", ${nameIn(lang, 's')} as "storeName",
           l.payout_date as "payoutDate", l.loan_amount as "loanAmount", sch.interest as "totalInterest",
           coalesce(pd.principal, 0.00) as "paidPrincipal", coalesce(pd.interest, 0.00) as "paidInterest",
           coalesce(wo.principal, 0.00) as "writtenOffPrincipal",
           l.loan_amount - coalesce(pd.principal, 0.00) - coalesce(wo.principal, 0.00) as "outstandingPrincipal",
           case when l.status in ('repaying', 'oca') then nx.due_date end as "nextDueDate", l.status as "status"
    from loans l
    join customers c on c.id = l.customer_id
    join stores s on s.id = l.store_id
    left join (${writtenOffByLoan(on)}) wo on wo.loan_id = l.id
    ${figures}
    where l.payout_date <= ${on} and ${storeFilter(p)}
      and (${p.status}::text is null or l.status = ${p.status}::text)`;
  },

  repaymentSchedule: (input) => {
    const { params: p, today, lang } = input;
    return sql`
    select ${instalmentRef} as "instalmentRef", ${customerNameIn(lang, 'c')} as "customerName", ${nameIn(lang, 's')} as "storeName",
           i.tenor::int as "tenor", i.due_date as "dueDate", i.principal as "principal", i.interest as "interest",
           i.instalment as "instalment", i.paid_principal + i.paid_interest as "paid", i.waived as "waived", i.unpaid as "unpaid",
           case when i.unpaid <= 0 then (case when i.waived > 0 then 'settled' else 'paid' end)
                when i.status = 'bad' then 'writtenOff'
                when i.due_date < ${today}::date then 'overdue'
                when i.paid_principal + i.paid_interest > 0 then 'partly'
                else 'notDue' end as "state"
    from (${instalmentsWithPaid(input, sql`i.due_date between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)} and ${storeFilter(p, 'i')}`)}) i
    left join customers c on c.id = i.customer_id
    left join stores s on s.id = i.store_id`;
  },

  estimatedRepayment: (input) => {
    const { params: p, lang } = input;
    return sql`
    select ${instalmentRef} as "instalmentRef", ${customerNameIn(lang, 'c')} as "customerName", c.mobile1 as "mobile",
           ${nameIn(lang, 's')} as "storeName", i.tenor::int as "tenor", i.due_date as "dueDate",
           i.principal - i.paid_principal as "expectedPrincipal", i.interest - i.paid_interest - i.waived as "expectedInterest",
           i.unpaid as "expectedTotal", st.name as "staffName"
    from (${instalmentsWithPaid(input, sql`i.due_date between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)} and ${storeFilter(p, 'i')}`)}) i
    join customers c on c.id = i.customer_id
    join stores s on s.id = i.store_id
    join staff st on st.id = i.staff_id
    where i.status = 'repaying' and i.unpaid > 0`;
  },

  monthlyReceivable: (input) => {
    const { params: p } = input;
    const from = sql`make_date(${p.year}::int, 1, 1)`;
    // the year's instalments are summed per month first (12 groups, hashed), then laid on the
    // twelve months, so a month without instalments still has its row
    return sql`
    with per_month as (
      select date_trunc('month', i.due_date) as month,
             count(*)::int as instalments,
             sum(i.principal) as principal_due, sum(i.interest) as interest_due, sum(i.principal + i.interest) as total_due,
             sum(i.paid_principal) as principal_received, sum(i.paid_interest) as interest_received, sum(i.waived) as waived,
             sum(i.unpaid) filter (where i.status = 'bad') as written_off,
             sum(i.unpaid) filter (where i.status <> 'bad') as outstanding
      from (${instalmentsWithPaid(input, sql`i.due_date >= ${from} and i.due_date < make_date(${p.year}::int + 1, 1, 1) and ${storeFilter(p, 'i')}`)}) i
      group by 1
    )
    select to_char(m.month, 'YYYY-MM') as "month",
           coalesce(x.instalments, 0) as "instalments",
           coalesce(x.principal_due, 0.00) as "principalDue", coalesce(x.interest_due, 0.00) as "interestDue",
           coalesce(x.total_due, 0.00) as "totalDue",
           coalesce(x.principal_received, 0.00) as "principalReceived", coalesce(x.interest_received, 0.00) as "interestReceived",
           coalesce(x.waived, 0.00) as "waived",
           coalesce(x.written_off, 0.00) as "writtenOff",
           coalesce(x.outstanding, 0.00) as "outstanding"
    from generate_series(${from}, ${from} + interval '11 months', interval '1 month') as m(month)
    left join per_month x on x.month = m.month`;
  },

  staffSales: ({ params: p }) => sql`
    select st.name as "staffName", st.username as "username", count(*)::int as "loans", sum(l.loan_amount) as "loanAmount",
           round(avg(l.loan_amount), 2) as "averageLoan", sum(l.upfront_deducted) as "upfrontInterest", sum(l.fees) as "fees",
           sum(l.amount_received) as "netPaid"
    from (${payoutsIn(p)}) l
    join staff st on st.id = l.staff_id
    group by st.id, st.name, st.username`,

  referralAgentSales: ({ params: p, lang }) => sql`
    select ${nameIn(lang, 'a')} as "agentName", a.licence_no as "licenceNo", count(*)::int as "loans", sum(l.loan_amount) as "loanAmount",
           a.commission_kind as "commissionKind", a.commission as "commissionRate",
           sum(l.referral_commission) as "commission"
    from (${payoutsIn(p)}) l
    join referral_agents a on a.id = l.referral_agent_id
    group by a.id`,

  semiComplete: ({ params: p, today, lang }) => {
    const on = dateOf(p.asOf);
    // tenors paid of the schedule in force: today from the due summary (instalments not fully
    // paid), on an earlier date counted from the receipts standing then
    const tenors =
      p.asOf === today
        ? sql`join loan_due_summaries ds on ds.loan_id = l.id
    cross join lateral (select coalesce(rv.total_tenor, l.total_tenor)::int as tenors, (coalesce(rv.total_tenor, l.total_tenor) - ds.remaining_tenors)::int as paid_tenors) t`
        : sql`cross join lateral (
      select count(*)::int as tenors,
             count(*) filter (where i.principal + i.interest <= coalesce(q.paid, 0.00))::int as paid_tenors
      from loan_instalments i
      left join (${paidByTenorOfLoan(on)}) q on q.tenor = i.tenor
      where i.loan_id = l.id and i.revision = coalesce(rv.revision, 0)
    ) t`;
    return sql`
    select l.loan_no as "loanNo", ${customerNameIn(lang, 'c')} as "customerName", c.mobile1 as "mobile", ${nameIn(lang, 's')} as "storeName",
           l.payout_date as "payoutDate", l.loan_amount as "loanAmount", l.instalment_amount as "instalmentAmount",
           t.paid_tenors as "paidTenors", t.tenors as "totalTenor",
           l.loan_amount - pd.principal - coalesce(wo.principal, 0.00) as "outstandingPrincipal",
           (select max(i.due_date) from loan_instalments i where i.loan_id = l.id and i.revision = coalesce(rv.revision, 0)) as "lastDueDate",
           st.name as "staffName"
    from loans l
    join customers c on c.id = l.customer_id
    join stores s on s.id = l.store_id
    join staff st on st.id = l.staff_id
    left join (${revisionsOn(on)}) rv on rv.loan_id = l.id
    ${tenors}
    cross join lateral (${paidOfLoan(on)}) pd
    left join (${writtenOffByLoan(on)}) wo on wo.loan_id = l.id
    where l.status = 'repaying' and l.payout_date <= ${on} and ${storeFilter(p)}
      and t.paid_tenors * 2 >= t.tenors and t.paid_tenors < t.tenors`;
  },

  /**
   * Loans complete or reloaned whose last standing receipt (the one that finished them) is dated in
   * the period, with what their standing receipts paid: the loan's kept totals (`loan_totals`).
   */
  completedLoan: ({ params: p, lang }) => sql`
    select l.loan_no as "loanNo", ${customerNameIn(lang, 'c')} as "customerName", ${nameIn(lang, 's')} as "storeName",
           l.payout_date as "payoutDate", kt.last_receipt_on as "completedOn", fin.completion as "completion",
           l.total_tenor::int as "totalTenor", l.loan_amount as "loanAmount",
           kt.paid_interest as "interestReceived", kt.rebate as "rebate", kt.paid_charges as "chargesReceived", st.name as "staffName"
    from loans l
    join customers c on c.id = l.customer_id
    join stores s on s.id = l.store_id
    join staff st on st.id = l.staff_id
    join loan_totals kt on kt.loan_id = l.id
    cross join lateral (
      select case when kt.last_receipt_type <> 'settlement' then 'normal' when kt.last_receipt_method = 'reloan' then 'reloan' else 'early' end as completion
    ) fin
    where l.status in ('complete', 'reloaned') and ${storeFilter(p)}
      and kt.last_receipt_on between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)}
      and (${p.completion}::text is null or ${p.completion}::text = fin.completion)`,

  annualLoanStatement: ({ params: p, today, lang }) => {
    const first = sql`make_date(${p.year}::int, 1, 1)`;
    const last = sql`make_date(${p.year}::int, 12, 31)`;
    const before = sql`(make_date(${p.year}::int, 1, 1) - 1)`;
    const keyword = typeof p.keyword === 'string' && p.keyword.trim() !== '' ? p.keyword.trim() : null;
    const idNumber = keyword ? normaliseIdNumber(keyword) : null;
    return sql`
    select l.loan_no as "loanNo", ${customerNameIn(lang, 'c')} as "customerName", c.id_number as "idNumber", l.payout_date as "payoutDate",
           m.opening as "openingBalance", m.advanced as "principalAdvanced", m.repaid as "principalRepaid", m.written_off as "writtenOff",
           m.opening + m.advanced - m.repaid - m.written_off as "closingBalance",
           m.interest as "interestPaid", m.charges as "chargesPaid", l.status as "status"
    from loans l
    join customers c on c.id = l.customer_id
    ${
      // the year in progress: what stands at its end is what stands now (the loan's kept totals),
      // and what stood at its start is that less what the year's receipts and corrections moved;
      // an earlier year: one borrower's statement reads its loans' receipts by index, the whole
      // book sums its receipts in one pass
      `${p.year}-12-31` >= today
        ? sql`left join loan_totals kt on kt.loan_id = l.id
    left join (${paidMovedIn(before, last)}) mv on mv.loan_id = l.id
    cross join lateral (
      select coalesce(kt.paid_principal, 0.00) as principal1, coalesce(kt.paid_interest, 0.00) as interest1, coalesce(kt.paid_charges, 0.00) as charges1,
             coalesce(kt.paid_principal, 0.00) - coalesce(mv.principal, 0.00) as principal0,
             coalesce(kt.paid_interest, 0.00) - coalesce(mv.interest, 0.00) as interest0,
             coalesce(kt.paid_charges, 0.00) - coalesce(mv.charges, 0.00) as charges0
    ) pm`
        : keyword
          ? sql`left join lateral (${paidByLoanAtTwoDates(before, last, sql`r.loan_id = l.id`)}) pm on true`
          : sql`left join (${paidByLoanAtTwoDates(before, last)}) pm on pm.loan_id = l.id`
    }
    left join (${writtenOffByLoan(before)}) w0 on w0.loan_id = l.id
    left join (${writtenOffByLoan(last)}) w1 on w1.loan_id = l.id
    cross join lateral (
      select case when l.payout_date < ${first} then l.loan_amount - coalesce(pm.principal0, 0.00) - coalesce(w0.principal, 0.00) else 0.00 end as opening,
             case when l.payout_date >= ${first} then l.loan_amount else 0.00 end as advanced,
             coalesce(pm.principal1, 0.00) - coalesce(pm.principal0, 0.00) as repaid,
             coalesce(w1.principal, 0.00) - coalesce(w0.principal, 0.00) as written_off,
             coalesce(pm.interest1, 0.00) - coalesce(pm.interest0, 0.00) as interest,
             coalesce(pm.charges1, 0.00) - coalesce(pm.charges0, 0.00) as charges
    ) m
    where l.payout_date <= ${last} and ${storeFilter(p)}
      and (m.opening <> 0 or m.advanced <> 0 or m.repaid <> 0 or m.written_off <> 0 or m.interest <> 0 or m.charges <> 0)
      and (${keyword}::text is null or c.name ilike '%' || ${keyword}::text || '%' or c.english_name ilike '%' || ${keyword}::text || '%'
           or l.loan_no ilike ${keyword}::text || '%' or c.id_number = ${idNumber}::text)`;
  },
};
