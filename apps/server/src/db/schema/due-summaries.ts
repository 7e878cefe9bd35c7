import { date, index, integer, numeric, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';
import { loans } from './loans.js';
import { stores } from './stores.js';

/**
 * What each repaying (or OCA) loan owes on a business date, as the domain computes it from the
 * loan's repayment state (`loadRepaymentState` + `accrueOverdue`): a cache, rebuilt every day by
 * the daily servicing job (`modules/repayments/daily.ts`) and after a receipt, read by the
 * repayment tips list, the reports (overdue ageing, dashboard due/overdue counts) and the SMS
 * reminder lists. Not a record: it is updated in place; receipts and instalments stay the truth.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

export const loanDueSummaries = pgTable(
  'loan_due_summaries',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loans.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** the loan's status when refreshed: repaying | oca */
    loanStatus: varchar('loan_status', { length: 16 }).notNull(),
    /** the business date the figures are as of */
    asOf: day('as_of').notNull(),
    /** the first instalment not fully paid (null: every instalment paid, charges may remain) */
    nextTenor: smallint('next_tenor'),
    nextDueDate: day('next_due_date'),
    /** what is unpaid of that instalment (principal + interest) */
    nextAmount: money('next_amount').notNull(),
    /** instalments not fully paid */
    remainingTenors: smallint('remaining_tenors').notNull(),
    /** instalments past their due date (and its grace under "holiday overdue interest") and unpaid */
    overdueTenors: smallint('overdue_tenors').notNull(),
    /** unpaid principal + interest of those instalments */
    overdueAmount: money('overdue_amount').notNull(),
    /** overdue interest accrued to `as_of` and unpaid (simple interest on the unpaid instalments) */
    overdueInterest: money('overdue_interest').notNull(),
    /** handling fees (overdue penalty) charged and unpaid */
    handlingFee: money('handling_fee').notNull(),
    /** overdue days of the oldest overdue instalment (0: none overdue) */
    daysOverdue: integer('days_overdue').notNull(),
    /** due date of the oldest overdue instalment */
    oldestOverdueDate: day('oldest_overdue_date'),
    unpaidPrincipal: money('unpaid_principal').notNull(),
    /** the loan's temporary amount held */
    tempAmount: money('temp_amount').notNull(),
    refreshedAt: instant('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    index('loan_due_summaries_due').on(t.storeId, t.nextDueDate),
    index('loan_due_summaries_overdue').on(t.storeId, t.daysOverdue),
  ],
);
