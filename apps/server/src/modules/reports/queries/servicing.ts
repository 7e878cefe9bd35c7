/** The SQL of the servicing reports, by report name (declarations in packages/contracts/src/reports/servicing.ts). */
import type { ReportName } from '@harbour/contracts';
import { ACCOUNTS, normaliseIdNumber, type Account } from '@harbour/domain';
import { sql } from 'drizzle-orm';
import { translate } from '../../../http/i18n.js';
import type { ReportQuery } from '../query.js';
import { dateOf, inStore, instalmentsOn, loanJoins, positionsOn, receiptMovements, standingOn, storeName, temporaryOn } from './servicing-fragments.js';

/** The income and expense accounts of the chart. */
const INCOME_EXPENSE = (Object.keys(ACCOUNTS) as Account[]).filter((k) => ACCOUNTS[k].kind === 'income' || ACCOUNTS[k].kind === 'expense');

/** Those accounts with their names in the caller's language. */
const incomeExpenseAccounts = (lang: Parameters<typeof translate>[0]) =>
  sql.join(
    INCOME_EXPENSE.map((k) => sql`(${k}::text, ${ACCOUNTS[k].code}::text, ${ACCOUNTS[k].kind}::text, ${translate(lang, `ledger.accounts.${k}`)}::text)`),
    sql`, `,
  );

/** Their keys, as a list of SQL values. */
const incomeExpenseKeys = sql.join(
  INCOME_EXPENSE.map((k) => sql`${k}::text`),
  sql`, `,
);

/** Days past due → the ageing bucket's column. */
const bucketOf = (days: ReturnType<typeof sql>) =>
  sql`case when ${days} <= 30 then 'd1to30' when ${days} <= 60 then 'd31to60' when ${days} <= 90 then 'd61to90' else 'd90plus' end`;

export const servicingQueries: Partial<Record<ReportName, ReportQuery>> = {
  // The loan and borrower are left joins (every receipt has them), left out of the count and totals
  // (`totalsApart`); "not voided" is a hashed list of the corrected receipts, not a join per row.
  repayment: ({ params: p }) => sql`
    select m.entry_date as "entryDate", m.repay_no as "receiptNo", l.loan_no as "loanNo", cu.name as "customerName",
           m.repay_type as "repayType", m.method as "method",
           m.received as "received", m.principal as "principal", m.interest as "interest", m.overdue_interest as "overdueInterest",
           m.charges as "charges", m.temporary as "temporary", m.correction as "correction", m.entry_id as "entryNo"
      from ${receiptMovements} m
      left join loans l on l.id = m.loan_id
      left join customers cu on cu.id = l.customer_id
     where m.entry_date between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)}
       and ${inStore(sql`m.store_id`, p.store)}
       and (${p.method}::text is null or m.method = ${p.method}::text)
       and (${p.includeVoided}::text = 'yes' or m.repayment_id not in (select c.repayment_id from loan_repayment_corrections c))`,

  outstandingSummary: ({ params: p, lang, today }) => {
    const on = dateOf(p.asOf);
    return sql`
      with pos as materialized (
        select x.store_id, count(*)::int as loans, sum(x.outstanding_principal) as principal, sum(x.unpaid_interest) as interest,
               (count(*) filter (where x.overdue_tenors > 0))::int as overdue_loans, sum(x.overdue_amount) as overdue_amount
          from ${positionsOn(on, p.store, String(p.asOf) >= today)} x
         where x.outstanding_principal > 0
         group by x.store_id
      ),
      tmp as materialized (select t.store_id, sum(t.held) as held from ${temporaryOn(on, p.store)} t group by t.store_id)
      select s.id as "storeId", ${storeName('s', lang)} as "storeName",
             coalesce(pos.loans, 0) as "loans",
             coalesce(pos.principal, 0)::numeric(16,2) as "outstandingPrincipal",
             coalesce(pos.interest, 0)::numeric(16,2) as "unpaidInterest",
             coalesce(pos.overdue_loans, 0) as "overdueLoans",
             coalesce(pos.overdue_amount, 0)::numeric(16,2) as "overdueAmount",
             coalesce(tmp.held, 0)::numeric(16,2) as "temporaryAmount"
        from stores s
        left join pos on pos.store_id = s.id
        left join tmp on tmp.store_id = s.id
       where ${inStore(sql`s.id`, p.store)} and harbour_store_visible(s.id)`;
  },

  outstandingDetails: ({ params: p, lang, today }) => {
    const on = dateOf(p.asOf);
    const current = String(p.asOf) >= today;
    // today: the loan's kept date of its last receipt that took money in; earlier: the receipts standing then
    const lastReceipt = current
      ? sql`(select kt.last_received_on from loan_totals kt where kt.loan_id = l.id)`
      : sql`(select max(r.repay_date) from loan_repayments r where r.loan_id = l.id and r.received > 0 and ${standingOn(on)})`;
    return sql`
      select l.loan_no as "loanNo", cu.name as "customerName", ${storeName('s', lang)} as "storeName", l.payout_date as "payoutDate",
             l.loan_amount as "loanAmount", x.outstanding_principal as "outstandingPrincipal", x.unpaid_interest as "unpaidInterest",
             x.overdue_tenors as "overdueTenors", x.overdue_days as "overdueDays", x.overdue_amount as "overdueAmount",
             ${lastReceipt} as "lastReceiptDate",
             l.status as "status"
        from ${positionsOn(on, p.store, current)} x
        ${loanJoins(sql`x`)}
       where x.outstanding_principal > 0`;
  },

  interestReceivable: ({ params: p, lang, today }) => {
    const to = dateOf(p.dateTo);
    return sql`
      with due as (
        select x.loan_id, count(*)::int as tenors, sum(x.interest)::numeric(16,2) as interest, sum(x.paid_interest)::numeric(16,2) as paid,
               sum(x.waived)::numeric(16,2) as waived, sum(x.unpaid_interest)::numeric(16,2) as unpaid,
               min(x.due_date) filter (where x.unpaid_interest > 0) as oldest
          from ${instalmentsOn(to, p.store, String(p.dateTo) >= today, sql`(${to} + 1)`)} x
         where x.due_date <= ${to} and (${dateOf(p.dateFrom)} is null or x.due_date >= ${dateOf(p.dateFrom)})
         group by x.loan_id
      )
      select l.loan_no as "loanNo", cu.name as "customerName", ${storeName('s', lang)} as "storeName", d.tenors as "tenorsDue",
             d.interest as "interestDue", d.paid as "interestReceived", d.waived as "interestWaived", d.unpaid as "interestUnpaid",
             d.oldest as "oldestUnpaidDueDate", l.status as "status"
        from due d
        ${loanJoins(sql`d`)}
       where d.unpaid > 0`;
  },

  temporaryAmount: ({ params: p, lang }) => {
    const from = dateOf(p.dateFrom);
    const to = dateOf(p.dateTo);
    return sql`
      with mv as (
        select m.loan_id,
               coalesce(sum(m.temporary) filter (where m.entry_date < ${from}), 0) as opening,
               coalesce(sum(m.temp_in) filter (where m.entry_date >= ${from}), 0) as amount_in,
               coalesce(sum(m.temp_out) filter (where m.entry_date >= ${from}), 0) as amount_out,
               max(m.entry_date) as last_date
          from ${receiptMovements} m
         where m.entry_date <= ${to} and m.moves_temporary and ${inStore(sql`m.store_id`, p.store)}
         group by m.loan_id
      )
      select l.loan_no as "loanNo", cu.name as "customerName", ${storeName('s', lang)} as "storeName",
             mv.opening::numeric(16,2) as "opening", mv.amount_in::numeric(16,2) as "amountIn", mv.amount_out::numeric(16,2) as "amountOut",
             (mv.opening + mv.amount_in - mv.amount_out)::numeric(16,2) as "closing", mv.last_date as "lastMovementDate", l.status as "status"
        from mv
        ${loanJoins(sql`mv`)}
       where mv.opening <> 0 or mv.amount_in <> 0 or mv.amount_out <> 0`;
  },

  temporaryAmountEscrow: ({ params: p, lang }) => {
    const from = dateOf(p.dateFrom);
    const to = dateOf(p.dateTo);
    return sql`
      with mv as (
        select m.*, sum(m.temporary) over (partition by m.loan_id order by m.entry_date, m.entry_id) as balance
          from ${receiptMovements} m
         where m.entry_date <= ${to} and m.moves_temporary and ${inStore(sql`m.store_id`, p.store)}
      )
      select mv.entry_date as "entryDate", l.loan_no as "loanNo", cu.name as "customerName", mv.repay_no as "receiptNo",
             mv.repay_type as "repayType", case when mv.reversal then mv.correction end as "correction",
             (case when mv.reversal then -mv.temp_out else mv.temp_in end)::numeric(16,2) as "amountIn",
             (case when mv.reversal then -mv.temp_in else mv.temp_out end)::numeric(16,2) as "amountOut",
             mv.balance::numeric(16,2) as "balance", ${storeName('s', lang)} as "storeName", mv.entry_id as "entryNo"
        from mv
        ${loanJoins(sql`mv`)}
       where mv.entry_date >= ${from}`;
  },

  customerRepaymentHistory: ({ params: p }) => {
    const kw = String(p.keyword ?? '');
    const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`
      with who as (
        select l.id
          from loans l join customers c on c.id = l.customer_id
         where l.loan_no is not null and ${inStore(sql`l.store_id`, p.store)}
           and (c.name ilike ${like} or c.english_name ilike ${like} or c.id_number = ${normaliseIdNumber(kw)} or l.loan_no = ${kw.toUpperCase()})
      )
      select r.repay_date as "repayDate", r.repay_no as "receiptNo", l.loan_no as "loanNo", cu.name as "customerName",
             cu.id_number as "idNumber", r.repay_type as "repayType", r.method as "method",
             (r.received - r.paid_out)::numeric(16,2) as "received", r.principal as "principal", r.interest as "interest",
             r.overdue_interest as "overdueInterest", (r.handling_fee + r.lock_period_fee)::numeric(16,2) as "charges",
             (r.temp_in - r.temp_out)::numeric(16,2) as "temporary", c.kind as "correction"
        from who
        join loan_repayments r on r.loan_id = who.id
        join loans l on l.id = r.loan_id
        join customers cu on cu.id = l.customer_id
        left join loan_repayment_corrections c on c.repayment_id = r.id`;
  },

  incomeExpenditure: ({ params: p, lang }) => sql`
    with chart(key, code, kind, name) as (values ${incomeExpenseAccounts(lang)}),
    moved as (
      -- the kept day balances (one row per store, date and account, added to as lines post)
      select b.store_id, b.account, sum(b.debit) as debit, sum(b.credit) as credit
        from ledger_day_balances b
       where b.entry_date between ${dateOf(p.dateFrom)} and ${dateOf(p.dateTo)} and ${inStore(sql`b.store_id`, p.store)}
         and b.account in (${incomeExpenseKeys})
       group by b.store_id, b.account
    )
    select ${storeName('s', lang)} as "storeName", chart.code as "accountCode", chart.name as "accountName",
           mv.debit::numeric(16,2) as "debit", mv.credit::numeric(16,2) as "credit",
           (case when chart.kind = 'income' then mv.credit - mv.debit else 0 end)::numeric(16,2) as "income",
           (case when chart.kind = 'expense' then mv.debit - mv.credit else 0 end)::numeric(16,2) as "expenditure",
           (s.code || '-' || chart.code) as "rowId"
      from moved mv join chart on chart.key = mv.account join stores s on s.id = mv.store_id`,

  overdue: ({ params: p, today }) => {
    const on = dateOf(p.asOf);
    return sql`
      with od as (
        select x.loan_id,
               count(*)::int as tenors,
               max(${on} - x.due_date)::int as days,
               sum(x.unpaid_principal + x.unpaid_interest) filter (where ${bucketOf(sql`(${on} - x.due_date)`)} = 'd1to30') as d1,
               sum(x.unpaid_principal + x.unpaid_interest) filter (where ${bucketOf(sql`(${on} - x.due_date)`)} = 'd31to60') as d2,
               sum(x.unpaid_principal + x.unpaid_interest) filter (where ${bucketOf(sql`(${on} - x.due_date)`)} = 'd61to90') as d3,
               sum(x.unpaid_principal + x.unpaid_interest) filter (where ${bucketOf(sql`(${on} - x.due_date)`)} = 'd90plus') as d4,
               sum(x.unpaid_principal + x.unpaid_interest) as total
          from ${instalmentsOn(on, p.store, String(p.asOf) >= today, on)} x
         where x.due_date < ${on} and x.unpaid_principal + x.unpaid_interest > 0
         group by x.loan_id
      )
      select l.loan_no as "loanNo", cu.name as "customerName", cu.mobile1 as "mobile", od.tenors as "overdueTenors", od.days as "overdueDays",
             coalesce(od.d1, 0)::numeric(16,2) as "d1to30", coalesce(od.d2, 0)::numeric(16,2) as "d31to60",
             coalesce(od.d3, 0)::numeric(16,2) as "d61to90", coalesce(od.d4, 0)::numeric(16,2) as "d90plus",
             od.total::numeric(16,2) as "totalOverdue", st.name as "staffName", l.status as "status"
        from od
        join loans l on l.id = od.loan_id
        join customers cu on cu.id = l.customer_id
        join staff st on st.id = l.staff_id
       where ${p.bucket}::text is null
          or (${p.bucket}::text = 'd1to30' and od.d1 > 0) or (${p.bucket}::text = 'd31to60' and od.d2 > 0)
          or (${p.bucket}::text = 'd61to90' and od.d3 > 0) or (${p.bucket}::text = 'd90plus' and od.d4 > 0)`;
  },
};
