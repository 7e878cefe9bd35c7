import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
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
    /**
     * money received: auto | instalment | overdue-interest | handling-fee | principal |
     * settlement (early settlement, MLO s.21); no money received: temporary (a held temporary
     * amount applied to what is due), opening (what a loan brought in from the previous system was
     * paid before the cut-over date, docs/import.md); money paid back: temp-refund (a temporary amount refunded)
     */
    repayType: varchar('repay_type', { length: 16 }).notNull(),
    tenor: smallint('tenor'),
    /** money received (0 when a temporary amount is applied or refunded) */
    received: money('received').notNull(),
    overdueInterest: money('overdue_interest').notNull(),
    handlingFee: money('handling_fee').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    /** the early settlement's lock-period fee */
    lockPeriodFee: money('lock_period_fee').notNull().default('0'),
    /** the interest given up by an early settlement (rule-of-78 rebate or interest not yet run) */
    rebate: money('rebate').notNull().default('0'),
    /** added to the loan's temporary amount */
    tempIn: money('temp_in').notNull(),
    /** taken from the loan's temporary amount (applied to what is due, or refunded) */
    tempOut: money('temp_out').notNull().default('0'),
    /** a temporary amount refunded to the customer */
    paidOut: money('paid_out').notNull().default('0'),
    /**
     * whether the receipt moved the loan's temporary amount (kept by PostgreSQL): the temporary
     * amount reports read these few receipts by their partial index. A plain column, not the
     * comparison: under row-level security PostgreSQL cannot use a numeric comparison (not
     * leakproof) to estimate rows, and planned a 3,000-row report for two million.
     */
    movesTemporary: boolean('moves_temporary').generatedAlwaysAs(sql`temp_in <> 0 or temp_out <> 0`),
    /** cash | cheque | bank-transfer | autopay, or reloan (settled out of a new loan's payout); none when a temporary amount is applied */
    method: varchar('method', { length: 16 }),
    chequeNo: varchar('cheque_no', { length: 32 }),
    remarks: varchar('remarks', { length: 1000 }),
    /** the client's key for this receipt: a retry with it answers the receipt already posted */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    ...stamps,
  },
  (t) => [
    unique('loan_repayments_idempotency').on(t.loanId, t.idempotencyKey),
    check(
      'loan_repayments_type',
      sql`${t.repayType} in ('auto','instalment','overdue-interest','handling-fee','principal','settlement','temporary','temp-refund','opening')`,
    ),
    // a receipt an import brings in (`opening`) has the method the previous system recorded, or none for an opening position
    check('loan_repayments_method', sql`(${t.repayType} = 'opening' or (${t.method} is null) = (${t.repayType} = 'temporary')) and (${t.method} is null or ${t.method} in ('cash','cheque','bank-transfer','autopay','reloan'))`),
    check('loan_repayments_cheque', sql`${t.method} is distinct from 'cheque' or ${t.chequeNo} is not null or ${t.repayType} = 'opening'`),
    check('loan_repayments_amounts', sql`${t.received} >= 0 and ${t.tempIn} >= 0 and ${t.tempOut} >= 0 and ${t.paidOut} >= 0 and ${t.received} + ${t.tempOut} > 0`),
    // every cent in (received, or taken from the temporary amount) is accounted for
    check(
      'loan_repayments_split',
      sql`${t.received} + ${t.tempOut} = ${t.overdueInterest} + ${t.handlingFee} + ${t.interest} + ${t.principal} + ${t.lockPeriodFee} + ${t.tempIn} + ${t.paidOut}`,
    ),
    index('loan_repayments_loan').on(t.loanId, t.id),
    index('loan_repayments_date').on(t.storeId, t.repayDate),
    // receipts in entry order across stores: the first page of the receipts report reads only its rows
    // migration 0061 carries store_id, received, repay_type and id in it too (INCLUDE: money in by day from the index alone)
    index('loan_repayments_entry').on(t.repayDate, t.journalEntryId),
    index('loan_repayments_temporary').on(t.loanId).where(sql`moves_temporary`),
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
    /** scheduled interest an early settlement does not charge (its rebate, spread over the instalments) */
    interestWaived: money('interest_waived').notNull().default('0'),
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
  (t) => [
    check('loan_repayment_corrections_kind', sql`${t.kind} in ('void','refund')`),
    index('loan_repayment_corrections_loan').on(t.loanId),
    // corrections in entry order, beside the receipts' (the receipts report's page)
    index('loan_repayment_corrections_entry').on(t.correctedOn, t.journalEntryId),
  ],
);

/**
 * What the standing receipts (not voided or refunded) have paid of each instalment, by loan and
 * tenor: the sums of its receipt lines. Derived, like the due summaries — the lines stay the
 * truth — and kept by triggers on `loan_repayment_lines` and `loan_repayment_corrections` in the
 * transaction that writes them (migration 0030: `harbour_keep_instalment_paid(loan ids)`
 * recomputes those loans' rows from their lines). Reports of today's book read it instead of
 * summing a million receipt lines; reports of an earlier date still read the lines.
 */
export const loanInstalmentPaid = pgTable(
  'loan_instalment_paid',
  {
    loanId: integer('loan_id').notNull().references(() => loans.id),
    tenor: smallint('tenor').notNull(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    /** scheduled interest an early settlement did not charge */
    interestWaived: money('interest_waived').notNull(),
    overdueInterest: money('overdue_interest').notNull(),
    handlingFee: money('handling_fee').notNull(),
    /** the date of the last standing receipt that paid something of it (none: null) */
    lastPaidOn: day('last_paid_on'),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.tenor] })],
);

/**
 * Per paid-out loan, today's figures of its whole life: the interest of the schedule in force
 * (its highest revision) and what its standing receipts paid, with the last of them. Derived like
 * `loan_instalment_paid` and kept by statement triggers on `loan_instalments`, `loan_repayments`
 * and `loan_repayment_corrections` in the transaction that writes them (migration 0032:
 * `harbour_keep_loan_totals(loan ids)` recomputes those loans' rows). Reports of today's book
 * (loan detail, completed loans, outstanding details) read one row per loan here instead of
 * summing 800,000 receipts and 1.2 million instalments; reports of an earlier date still sum them.
 */
export const loanTotals = pgTable('loan_totals', {
  loanId: integer('loan_id')
    .primaryKey()
    .references(() => loans.id),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id),
  /** interest of the schedule in force (the highest revision's instalments) */
  scheduledInterest: money('scheduled_interest').notNull(),
  /** sums of the standing receipts (not voided or refunded) */
  paidPrincipal: money('paid_principal').notNull(),
  paidInterest: money('paid_interest').notNull(),
  /** overdue interest, handling fees and lock-period fees */
  paidCharges: money('paid_charges').notNull(),
  /** interest an early settlement waived */
  rebate: money('rebate').notNull(),
  /** the last standing receipt (highest id): its date, repay type and method (none: null) */
  lastReceiptOn: day('last_receipt_on'),
  lastReceiptType: varchar('last_receipt_type', { length: 16 }),
  lastReceiptMethod: varchar('last_receipt_method', { length: 16 }),
  /** the date of the last standing receipt that took money in */
  lastReceivedOn: day('last_received_on'),
});
