import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, unique, varchar } from 'drizzle-orm/pg-core';
import { instant, stamps } from './columns.js';
import { loans } from './loans.js';
import { loanRepayments } from './repayments.js';
import { stores } from './stores.js';

/**
 * A store's bank account (master data): where transfers, FPS payments and autopay land, and the
 * ledger account they post to (`ledger_account`, one of the domain's `BANK_LEDGER_ACCOUNTS`).
 * `csv_mapping` is how this bank's CSV statements read (saved after a preview).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    bankName: varchar('bank_name', { length: 128 }).notNull(),
    bankCode: varchar('bank_code', { length: 3 }),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('HKD'),
    ledgerAccount: varchar('ledger_account', { length: 32 }).notNull().default('bank'),
    active: boolean('active').notNull().default(true),
    csvMapping: jsonb('csv_mapping').$type<Record<string, string>>(),
    ...stamps,
  },
  (t) => [
    unique('bank_accounts_store_account_unique').on(t.storeId, t.accountNo),
    check('bank_accounts_currency_check', sql`${t.currency} = 'HKD'`),
    check('bank_accounts_ledger_check', sql`${t.ledgerAccount} in ('bank', 'bank2')`),
  ],
);

/**
 * One imported statement file. `statement_ref` is the camt.053 `Stmt/Id` or, for a CSV, the file's
 * SHA-256: the same file again is recognised and changes nothing. Balances as the bank gives them.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
    format: varchar('format', { length: 8 }).notNull(),
    statementRef: varchar('statement_ref', { length: 128 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    openingBalance: numeric('opening_balance', { precision: 16, scale: 2 }),
    closingBalance: numeric('closing_balance', { precision: 16, scale: 2 }),
    ...stamps,
  },
  (t) => [unique('bank_statements_ref_unique').on(t.bankAccountId, t.format, t.statementRef)],
);

/**
 * A line of a statement, once per (bank account, bank transaction id) whatever file brought it:
 * an overlapping statement adds only the lines not yet on file. Its state moves from matched /
 * suggested / unmatched to posted (with its receipt), suspense (with the parking entry) or ignored
 * (with the reason); debits stay `debit`.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
    statementId: integer('statement_id').notNull().references(() => bankStatements.id),
    bankTxnId: varchar('bank_txn_id', { length: 128 }).notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    direction: varchar('direction', { length: 6 }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    reference: varchar('reference', { length: 512 }),
    payerName: varchar('payer_name', { length: 255 }),
    state: varchar('state', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 24 }).notNull(),
    loanId: integer('loan_id').references(() => loans.id),
    /** several candidates: `[{ loanId, loanNo, customerName, amountDue }]` */
    candidates: jsonb('candidates').$type<{ loanId: number; loanNo: string; customerName: string; amountDue: string }[]>().notNull().default([]),
    repaymentId: integer('repayment_id').references(() => loanRepayments.id),
    suspenseEntryId: bigint('suspense_entry_id', { mode: 'number' }),
    ignoreReason: varchar('ignore_reason', { length: 500 }),
    settledAt: instant('settled_at'),
    settledBy: integer('settled_by'),
    ...stamps,
  },
  (t) => [
    unique('bank_statement_lines_txn_unique').on(t.bankAccountId, t.bankTxnId),
    check('bank_statement_lines_direction_check', sql`${t.direction} in ('credit', 'debit')`),
    check('bank_statement_lines_amount_check', sql`${t.amount} > 0`),
    check('bank_statement_lines_state_check', sql`${t.state} in ('matched', 'suggested', 'unmatched', 'posted', 'suspense', 'ignored', 'debit')`),
    index('bank_statement_lines_statement_idx').on(t.statementId),
    // a receipt's or loan's delete (an import batch rolled back) checks its foreign keys here by these
    index('bank_statement_lines_repayment').on(t.repaymentId).where(sql`${t.repaymentId} is not null`),
    index('bank_statement_lines_loan').on(t.loanId).where(sql`${t.loanId} is not null`),
  ],
);
