import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { stores } from './stores.js';
import { loans } from './loans.js';
import { loanRepayments } from './repayments.js';

/**
 * Autopay (direct debit, docs/autopay.md): each instruction file sent to the bank for a store and
 * a due date, and its instructions as sent — the loan's autopay details copied, so the record
 * keeps what the bank received even if the loan's details change later. The bank's result sets
 * an instruction paid (with the receipt it posted) or rejected (with the bank's reason), once.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    dueDate: day('due_date').notNull(),
    instructionCount: integer('instruction_count').notNull(),
    total: money('total').notNull(),
    ...stamps,
  },
  (t) => [index('autopay_runs_store_due').on(t.storeId, t.dueDate)],
);

export const AUTOPAY_INSTRUCTION_STATUSES = ['sent', 'paid', 'rejected'] as const;

export const autopayInstructions = pgTable(
  'autopay_instructions',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id').notNull().references(() => autopayRuns.id),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** the id the bank echoes in its result file (also the receipt's idempotency key) */
    instructionId: varchar('instruction_id', { length: 32 }).notNull().unique(),
    tenor: smallint('tenor').notNull(),
    dueDate: day('due_date').notNull(),
    amount: money('amount').notNull(),
    creditorReference: varchar('creditor_reference', { length: 32 }).notNull(),
    bankCode: varchar('bank_code', { length: 3 }).notNull(),
    branchCode: varchar('branch_code', { length: 3 }).notNull(),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('sent'),
    /** the bank's reason of a rejection, as it wrote it */
    reason: varchar('reason', { length: 255 }),
    repaymentId: integer('repayment_id').references(() => loanRepayments.id),
    resultAt: instant('result_at'),
    ...stamps,
  },
  (t) => [
    unique('autopay_instructions_run_loan').on(t.runId, t.loanId),
    index('autopay_instructions_store_status').on(t.storeId, t.status),
    // a receipt's or loan's delete (an import batch rolled back) checks its foreign keys here by these
    index('autopay_instructions_repayment').on(t.repaymentId).where(sql`${t.repaymentId} is not null`),
    index('autopay_instructions_loan').on(t.loanId),
    check('autopay_instructions_status', sql`${t.status} in ('sent','paid','rejected','refused')`),
    check('autopay_instructions_outcome', sql`(${t.status} = 'paid') = (${t.repaymentId} is not null)`),
  ],
);
