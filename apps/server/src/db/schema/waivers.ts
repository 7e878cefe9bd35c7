import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';
import { staff } from './staff.js';
import { loans } from './loans.js';
import { loanRepayments } from './repayments.js';

/**
 * Waivers of overdue interest and fees (issue 26; docs/repayments.md → Waivers): the lender gives
 * up, in part or whole and with a reason, what a borrower owes of the charges for paying late.
 * Append-only like the receipts: a waiver, its lines (per instalment: the charges accrued to its
 * date and what it waived) and its void are each written once. A loan's repayment state adds the
 * lines of its standing waivers (not voided) to those of its standing receipts.
 *
 * No journal entry: overdue interest and fees are income only when received (nothing books them
 * as receivable), so giving them up moves nothing in the ledger.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

export const loanWaivers = pgTable(
  'loan_waivers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    waiveDate: day('waive_date').notNull(),
    /** outstanding on the waiver's date, before it */
    overdueInterestBefore: money('overdue_interest_before').notNull(),
    feeBefore: money('fee_before').notNull(),
    /** what it waived */
    overdueInterest: money('overdue_interest').notNull(),
    fee: money('fee').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /**
     * the loan's latest receipt (any, standing or not) when the waiver was posted: a receipt up to it
     * came before the waiver, a later one after (the order of events for "latest first" corrections)
     */
    afterRepaymentId: integer('after_repayment_id').references(() => loanRepayments.id),
    /** the client's key: a retry with it answers the waiver already posted */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    ...stamps,
  },
  (t) => [
    check(
      'loan_waivers_amounts',
      sql`${t.overdueInterest} >= 0 and ${t.fee} >= 0 and ${t.overdueInterest} + ${t.fee} > 0 and ${t.overdueInterest} <= ${t.overdueInterestBefore} and ${t.fee} <= ${t.feeBefore}`,
    ),
    unique('loan_waivers_idempotency').on(t.loanId, t.idempotencyKey),
    index('loan_waivers_loan').on(t.loanId, t.id),
    // a receipt's delete (an import batch rolled back) checks its foreign key here by this
    index('loan_waivers_after_repayment').on(t.afterRepaymentId).where(sql`${t.afterRepaymentId} is not null`),
  ],
);

/** What one waiver did to one instalment: the charges accrued to its date, and what it waived. */
export const loanWaiverLines = pgTable(
  'loan_waiver_lines',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    waiverId: integer('waiver_id').notNull().references(() => loanWaivers.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    tenor: smallint('tenor').notNull(),
    overdueInterestCharged: money('overdue_interest_charged').notNull(),
    feeCharged: money('fee_charged').notNull(),
    accruedTo: day('accrued_to'),
    overdueInterestWaived: money('overdue_interest_waived').notNull(),
    feeWaived: money('fee_waived').notNull(),
    ...stamps,
  },
  (t) => [unique('loan_waiver_lines_once').on(t.waiverId, t.tenor), index('loan_waiver_lines_loan').on(t.loanId, t.tenor)],
);

/** A waiver voided (entered in error): at most one per waiver; the latest standing waiver only. */
export const loanWaiverVoids = pgTable(
  'loan_waiver_voids',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    waiverId: integer('waiver_id').notNull().references(() => loanWaivers.id).unique(),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    reason: varchar('reason', { length: 500 }).notNull(),
    voidedOn: day('voided_on').notNull(),
    voidedBy: integer('voided_by').references(() => staff.id),
    ...stamps,
  },
  (t) => [index('loan_waiver_voids_loan').on(t.loanId)],
);
