import type { Account, JournalEvent } from '@harbour/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, unique, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { stores } from './stores.js';

/**
 * The accounts and events the check constraints allow: the domain's chart (`ACCOUNTS`) and
 * `JOURNAL_EVENTS`, spelled out because drizzle-kit reads this file without the workspace
 * packages; the types below fail to compile when a list misses one or names an unknown one.
 */
export const LEDGER_ACCOUNT_KEYS = [
  'cash', 'bank', 'bank2', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'suspense', 'migrationEquity',
  'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges',
] as const satisfies readonly Account[];
export const LEDGER_EVENTS = [
  'payout', 'repayment', 'interest_accrued', 'temporary_applied', 'temporary_refund', 'early_settlement',
  'write_off', 'write_off_recovery', 'oca_charge', 'oca_payment', 'bank_suspense', 'opening_balance', 'reversal',
] as const satisfies readonly JournalEvent[];
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const accountsComplete: Exhaustive<Account, (typeof LEDGER_ACCOUNT_KEYS)[number]> = true;
const eventsComplete: Exhaustive<JournalEvent, (typeof LEDGER_EVENTS)[number]> = true;
void accountsComplete;
void eventsComplete;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The accounting ledger (architecture §3): one row per business event, its lines in
 * `journal_lines`. Append-only — triggers refuse UPDATE, DELETE and TRUNCATE and the app role has
 * only SELECT and INSERT; corrections are reversal entries pointing at what they undo
 * (`reverses_entry_id`, unique: an entry is reversed at most once). A deferred constraint trigger
 * refuses at commit an entry whose lines do not balance or that has fewer than two lines.
 * Written only through `postJournal` / `reverseJournal` (`platform/ledger.ts`).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    /** The business date of the event (Hong Kong). */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** `JournalEvent` of `@harbour/domain`. */
    event: varchar('event', { length: 32 }).notNull(),
    /**
     * The loan the entry belongs to. No foreign key yet: the loans table does not exist; the
     * loans migration adds `journal_entries_loan_id_fk` → loans(id).
     */
    loanId: integer('loan_id'),
    /** The caller's references (`loanNo`, `repayNo`, a reversal's `reason`…). */
    memo: jsonb('memo').$type<Record<string, string>>().notNull().default({}),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    requestId: varchar('request_id', { length: 64 }),
    ...stamps,
  },
  (t) => [
    // the target of the (entry, store) keys: a line and a reversal belong to their entry's store
    unique('journal_entries_id_store_unique').on(t.id, t.storeId),
    // the target of a line's (entry, store, date) key: a line carries its entry's date
    unique('journal_entries_id_store_date_unique').on(t.id, t.storeId, t.entryDate),
    foreignKey({ columns: [t.reversesEntryId, t.storeId], foreignColumns: [t.id, t.storeId], name: 'journal_entries_reverses_fk' }),
    unique('journal_entries_reverses_unique').on(t.reversesEntryId),
    check('journal_entries_event_check', sql`${t.event} in (${inList(LEDGER_EVENTS)})`),
    check('journal_entries_reversal_check', sql`(${t.event} = 'reversal') = (${t.reversesEntryId} is not null)`),
    index('journal_entries_store_date_idx').on(t.storeId, t.entryDate),
    // a loan's entries, and its last entry's date read from the index alone (retention's closing date)
    index('journal_entries_loan_date_idx').on(t.loanId, t.entryDate),
  ],
);

/** The lines of an entry: one account, exactly one of debit and credit above zero. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** The entry's store (row-level security reads it; the key to the entry makes them equal). */
    storeId: integer('store_id').notNull().references(() => stores.id),
    /**
     * The entry's business date, kept on the line (the key to the entry makes them equal) so a
     * period's account totals are read from the lines alone: the income and expenditure report
     * sums a million lines by account and date without joining their entries.
     */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** An account key of the chart (`ACCOUNTS` of `@harbour/domain`). */
    account: varchar('account', { length: 32 }).notNull(),
    debit: numeric('debit', { precision: 16, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 16, scale: 2 }).notNull().default('0'),
    ...stamps,
  },
  (t) => [
    foreignKey({ columns: [t.entryId, t.storeId, t.entryDate], foreignColumns: [journalEntries.id, journalEntries.storeId, journalEntries.entryDate], name: 'journal_lines_entry_fk' }),
    check('journal_lines_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNT_KEYS)})`),
    check('journal_lines_one_side_check', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} > 0) <> (${t.credit} > 0)`),
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_store_account_idx').on(t.storeId, t.account),
  ],
);

/**
 * The journal's debits and credits per store, business date and account, kept by an insert
 * trigger on `journal_lines` (migration `ledger_day_balances`) in the transaction that posts the
 * lines: an increment, never a recount, so the trial balance, the income and expenditure report
 * and the dashboard read a few thousand rows however long the journal grows. The app role only
 * reads it; `harbour_ledger_balance_differences()` compares it with the journal.
 */
export const ledgerDayBalances = pgTable(
  'ledger_day_balances',
  {
    storeId: integer('store_id').notNull().references(() => stores.id),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    account: varchar('account', { length: 32 }).notNull(),
    debit: numeric('debit', { precision: 20, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.entryDate, t.account], name: 'ledger_day_balances_pk' }),
    check('ledger_day_balances_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNT_KEYS)})`),
    index('ledger_day_balances_date_idx').on(t.entryDate),
  ],
);

/**
 * How many journal entries each store posted each business day, kept by an insert trigger on
 * `journal_entries` (migration `ledger_day_entries`) in the posting transaction, like the day
 * balances: the trial balance's entry count reads a few thousand rows instead of counting every
 * entry of the period. The app role only reads it; `harbour_ledger_entry_count_differences()`
 * compares it with the journal.
 */
export const ledgerDayEntries = pgTable(
  'ledger_day_entries',
  {
    storeId: integer('store_id').notNull().references(() => stores.id),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.entryDate], name: 'ledger_day_entries_pk' })],
);
