import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';
import { staff } from './staff.js';
import { loans } from './loans.js';
import { journalEntries } from './ledger.js';

/**
 * Servicing (issue: servicing): receipts against a repaying loan, how each was split over the
 * instalments, and their corrections. Rows are written once and never edited; a void or refund is
 * its own row with the reversal entry it posted. A loan's repayment state — what is paid, the
 * overdue interest and fees charged, the temporary amount — is its instalments plus the lines of
 * its standing receipts (`modules/repayments/state.ts`).
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    repayNo: varchar('repay_no', { length: 32 }).notNull().unique(),
    repayDate: day('repay_date').notNull(),
    /** auto | instalment | overdue-interest | handling-fee | principal */
    repayType: varchar('repay_type', { length: 16 }).notNull(),
    tenor: smallint('tenor'),
    received: money('received').notNull(),
    overdueInterest: money('overdue_interest').notNull(),
    handlingFee: money('handling_fee').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    /** added to the loan's temporary amount */
    tempIn: money('temp_in').notNull(),
    /** cash | cheque | bank-transfer | autopay */
    method: varchar('method', { length: 16 }).notNull(),
    chequeNo: varchar('cheque_no', { length: 32 }),
    remarks: varchar('remarks', { length: 1000 }),
    /** the client's key for this receipt: a retry with it answers the receipt already posted */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    ...stamps,
  },
  (t) => [
    unique('loan_repayments_idempotency').on(t.loanId, t.idempotencyKey),
    check('loan_repayments_type', sql`${t.repayType} in ('auto','instalment','overdue-interest','handling-fee','principal')`),
    check('loan_repayments_method', sql`${t.method} in ('cash','cheque','bank-transfer','autopay')`),
    check('loan_repayments_cheque', sql`${t.method} <> 'cheque' or ${t.chequeNo} is not null`),
    check('loan_repayments_received', sql`${t.received} > 0`),
    check(
      'loan_repayments_split',
      sql`${t.received} = ${t.overdueInterest} + ${t.handlingFee} + ${t.interest} + ${t.principal} + ${t.tempIn}`,
    ),
    index('loan_repayments_loan').on(t.loanId, t.id),
    index('loan_repayments_date').on(t.storeId, t.repayDate),
  ],
);

/**
 * What one receipt did to one instalment: the overdue interest and fee charged on it up to the
 * receipt date (`accrued_to`), and what was paid of each part.
 */
export const loanRepaymentLines = pgTable(
  'loan_repayment_lines',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    repaymentId: integer('repayment_id').notNull().references(() => loanRepayments.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    tenor: smallint('tenor').notNull(),
    overdueInterestCharged: money('overdue_interest_charged').notNull(),
    feeCharged: money('fee_charged').notNull(),
    accruedTo: day('accrued_to'),
    overdueInterest: money('overdue_interest').notNull(),
    handlingFee: money('handling_fee').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    ...stamps,
  },
  (t) => [unique('loan_repayment_lines_once').on(t.repaymentId, t.tenor), index('loan_repayment_lines_loan').on(t.loanId, t.tenor)],
);

/** A receipt voided (entered in error) or refunded (money given back): at most one per receipt. */
export const loanRepaymentCorrections = pgTable(
  'loan_repayment_corrections',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    repaymentId: integer('repayment_id').notNull().references(() => loanRepayments.id).unique(),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** void | refund */
    kind: varchar('kind', { length: 8 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    correctedOn: day('corrected_on').notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    correctedBy: integer('corrected_by').references(() => staff.id),
    ...stamps,
  },
  (t) => [check('loan_repayment_corrections_kind', sql`${t.kind} in ('void','refund')`), index('loan_repayment_corrections_loan').on(t.loanId)],
);
