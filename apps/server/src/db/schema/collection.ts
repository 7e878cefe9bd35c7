import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';
import { staff } from './staff.js';
import { loans } from './loans.js';
import { journalEntries } from './ledger.js';
import { ocaAgents } from './counterparties.js';
import { loanRepayments } from './repayments.js';

/**
 * Collection (spec §2 OCA write-off, §3 OCA/write-off): a loan passed to a collection agency (OCA)
 * and recalled, written off and the write-off cancelled, and the money recovered on it. Every row is
 * written once: a recall, a cancelled write-off or a voided recovery is a row of its own (with the
 * reversal entry it posted), never an edit.
 */
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** A loan transferred to an OCA agent (`transfer`) or taken back (`recall`). */
export const loanOcaAssignments = pgTable(
  'loan_oca_assignments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** transfer | recall */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** the agent the loan went to (a recall names the agent it comes back from) */
    agentId: integer('agent_id').notNull().references(() => ocaAgents.id),
    /** the OCA date (transfer) or the recall date */
    onDate: day('on_date').notNull(),
    /** the agent's charge on what it recovers, percent (transfer) */
    chargePercent: numeric('charge_percent', { precision: 5, scale: 2 }),
    solicitorFee: money('solicitor_fee'),
    remarks: varchar('remarks', { length: 1000 }),
    ...stamps,
  },
  (t) => [
    check('loan_oca_assignments_kind', sql`${t.kind} in ('transfer','recall')`),
    check('loan_oca_assignments_terms', sql`(${t.kind} = 'transfer') = (${t.chargePercent} is not null)`),
    index('loan_oca_assignments_loan').on(t.loanId, t.id),
  ],
);

/** A loan written off as bad debt (`write_off`), or that write-off cancelled (`cancel`, naming it). */
export const loanWriteOffs = pgTable(
  'loan_write_offs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** write_off | cancel */
    kind: varchar('kind', { length: 9 }).notNull(),
    /** the write-off a cancel row cancels (at most once) */
    cancelsId: integer('cancels_id').unique(),
    onDate: day('on_date').notNull(),
    /** unpaid principal written off (0 on a cancel row) */
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    ...stamps,
  },
  (t) => [
    check('loan_write_offs_kind', sql`${t.kind} in ('write_off','cancel') and (${t.kind} = 'cancel') = (${t.cancelsId} is not null)`),
    check('loan_write_offs_amounts', sql`${t.principal} >= 0 and ${t.interest} >= 0`),
    index('loan_write_offs_loan').on(t.loanId, t.id),
  ],
);

/**
 * Money recovered on a loan in collection: on an `oca` loan a receipt (`receipt`, credited to the
 * repayments with the agent's charge payable to it); on a `bad` loan write-off recovery income
 * (`income`).
 */
export const loanOcaRecoveries = pgTable(
  'loan_oca_recoveries',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    /** receipt | income */
    kind: varchar('kind', { length: 8 }).notNull(),
    recoveredOn: day('recovered_on').notNull(),
    amount: money('amount').notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    remarks: varchar('remarks', { length: 1000 }),
    agentId: integer('agent_id').references(() => ocaAgents.id),
    /** the agent's charge on it (a receipt on an OCA loan) */
    ocaCharge: money('oca_charge').notNull().default('0'),
    /** the receipt it was credited as (kind receipt) */
    repaymentId: integer('repayment_id').references(() => loanRepayments.id),
    /** the recovery income entry (kind income) or the OCA charge entry (kind receipt; none when the charge is 0) */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    ...stamps,
  },
  (t) => [
    unique('loan_oca_recoveries_idempotency').on(t.loanId, t.idempotencyKey),
    check('loan_oca_recoveries_kind', sql`${t.kind} in ('receipt','income') and (${t.kind} = 'receipt') = (${t.repaymentId} is not null)`),
    check('loan_oca_recoveries_amounts', sql`${t.amount} > 0 and ${t.ocaCharge} >= 0`),
    index('loan_oca_recoveries_loan').on(t.loanId, t.id),
    // a receipt's delete (an import batch rolled back) checks its foreign key here by this
    index('loan_oca_recoveries_repayment').on(t.repaymentId),
  ],
);

/**
 * A recovery record deleted: write-off recovery income entered in error (its income entry reversed),
 * or a receipt on an OCA loan voided in the repayments (the agent's charge reversed with it).
 */
export const loanOcaRecoveryVoids = pgTable(
  'loan_oca_recovery_voids',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    recoveryId: integer('recovery_id').notNull().references(() => loanOcaRecoveries.id).unique(),
    loanId: integer('loan_id').notNull().references(() => loans.id),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** the reversal of the recovery's entry (none for a receipt whose agent charge was 0) */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    voidedBy: integer('voided_by').references(() => staff.id),
    ...stamps,
  },
  (t) => [index('loan_oca_recovery_voids_loan').on(t.loanId)],
);

/**
 * What an OCA agent is paid of the charges it is owed (spec §2 OCA charges payable): a payment
 * (`payment`, paid out of cash or the bank against the OCA payable), or that payment voided
 * (`void`, naming it, its entry reversed). Written once, like the journal.
 */
export const ocaAgentPayments = pgTable(
  'oca_agent_payments',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    agentId: integer('agent_id').notNull().references(() => ocaAgents.id),
    /** payment | void */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** the payment a void row voids (at most once) */
    voidsId: integer('voids_id').unique(),
    paidOn: day('paid_on').notNull(),
    amount: money('amount').notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    remarks: varchar('remarks', { length: 1000 }),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).notNull().references(() => journalEntries.id),
    /** the form's key (a payment); a retry answers the payment already made */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    ...stamps,
  },
  (t) => [
    unique('oca_agent_payments_idempotency').on(t.storeId, t.idempotencyKey),
    check('oca_agent_payments_kind', sql`${t.kind} in ('payment','void') and (${t.kind} = 'void') = (${t.voidsId} is not null)`),
    check('oca_agent_payments_amount', sql`${t.amount} > 0`),
    index('oca_agent_payments_agent').on(t.storeId, t.agentId, t.id),
  ],
);
