import { ACCOUNTS, JOURNAL_EVENTS, type Account } from '@harbour/domain';
import { z } from 'zod';
import { V } from './calculator.js';
import { listQueryBase, pageOf } from './list.js';

/**
 * The accounting ledger's read side (architecture §3, `docs/api.md` → Ledger). Entries are
 * posted by the money events (payout, repayment…) through the server's `postJournal`; these calls
 * only read: the chart of accounts, the trial balance and the journal.
 *
 * Permission keys (group `reports`): `reports.trialBalance` (the page: chart and trial balance),
 * `reports.trialBalance.entries` (the journal list). Store scope: a caller without all-stores
 * reach reads its current store only; naming another store answers 404.
 */
export const LEDGER_PATH = '/ledger';
/** The trial balance as an xlsx workbook (same query, same key). */
export const TRIAL_BALANCE_EXPORT_PATH = '/ledger/trialBalance/export';
export const TRIAL_BALANCE_PERMISSION = 'reports.trialBalance' as const;
export const JOURNAL_ENTRIES_PERMISSION = 'reports.trialBalance.entries' as const;

export const ACCOUNT_KEYS = Object.keys(ACCOUNTS) as Account[];
export const accountKeySchema = z.enum(ACCOUNT_KEYS as [Account, ...Account[]]);
export const accountKindSchema = z.enum(['asset', 'liability', 'equity', 'income', 'expense']);
export const journalEventSchema = z.enum(JOURNAL_EVENTS, { message: V.choice });
/** A decimal string of money as the database sums it ("1234.50", "-20.00"). */
const moneyString = z.string();

export const ledgerAccountSchema = z.object({
  key: accountKeySchema,
  code: z.string(),
  kind: accountKindSchema,
  /** the side on which its balance grows */
  normalSide: z.enum(['debit', 'credit']),
  /** the account's name in the caller's language */
  name: z.string(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;
export const ledgerAccountsSchema = z.array(ledgerAccountSchema);

const dateRange = {
  from: z.iso.date({ message: V.date }).optional(),
  to: z.iso.date({ message: V.date }).optional(),
};
const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;

const idParam = () => z.coerce.number({ message: V.integer }).int({ message: V.integer }).positive({ message: V.integer }).max(2_147_483_647, { message: V.integer }).optional();

export const trialBalanceQuerySchema = z
  .object({ storeId: idParam(), ...dateRange })
  .refine(rangeInOrder, { path: ['to'], message: 'ledger.dateRangeOrder' });
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuerySchema>;

/** An account of the chart with its movements in the period. */
export const trialBalanceRowSchema = ledgerAccountSchema.extend({
  /** debits and credits posted in the period */
  debit: moneyString,
  credit: moneyString,
  /** debit − credit for a debit-side account, credit − debit for a credit-side one */
  balance: moneyString,
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;

export const trialBalanceSchema = z.object({
  /** the store read (null: every store the caller reaches) and the period */
  storeId: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** every account of the chart, in code order */
  rows: z.array(trialBalanceRowSchema),
  totals: z.object({ debit: moneyString, credit: moneyString }),
  /** total debits equal total credits */
  balanced: z.boolean(),
  /** entries in the period (0: nothing posted yet) */
  entryCount: z.number().int(),
  /**
   * The stores the caller may choose for this report, names in its language: every store for a
   * caller with all-stores reach, otherwise its current store only.
   */
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** A store, date and account whose kept balance differs from the sums of its journal lines. */
export const ledgerBalanceDifferenceSchema = z.object({
  storeId: z.number().int(),
  entryDate: z.string(),
  account: z.string(),
  kept: z.object({ debit: moneyString, credit: moneyString }),
  journal: z.object({ debit: moneyString, credit: moneyString }),
});

/** A store and date whose kept entry count differs from the journal's entries. */
export const ledgerEntryCountDifferenceSchema = z.object({
  storeId: z.number().int(),
  entryDate: z.string(),
  kept: z.number().int(),
  journal: z.number().int(),
});

/**
 * The consistency check of the kept day balances and entry counts against the journal, in the
 * caller's store scope: `consistent` when no store, date and account differs by as much as a
 * cent and no store and date by an entry.
 */
export const ledgerBalanceCheckSchema = z.object({
  consistent: z.boolean(),
  differences: z.array(ledgerBalanceDifferenceSchema),
  entryCountDifferences: z.array(ledgerEntryCountDifferenceSchema),
});
export type LedgerBalanceCheck = z.infer<typeof ledgerBalanceCheckSchema>;

export const journalEntriesQuerySchema = listQueryBase
  .extend({
    storeId: idParam(),
    ...dateRange,
    event: journalEventSchema.optional(),
    loanId: idParam(),
  })
  .refine(rangeInOrder, { path: ['to'], message: 'ledger.dateRangeOrder' });
export type JournalEntriesQuery = z.infer<typeof journalEntriesQuerySchema>;
export const JOURNAL_ENTRY_SORTS = ['id', 'entryDate'] as const;

export const journalLineSchema = z.object({
  account: accountKeySchema,
  code: z.string(),
  debit: moneyString,
  credit: moneyString,
});

export const journalEntryItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  entryDate: z.string(),
  event: journalEventSchema,
  loanId: z.number().int().nullable(),
  memo: z.record(z.string(), z.string()),
  /** the entry this one reverses (a reversal) */
  reversesEntryId: z.number().int().nullable(),
  /** the reversal that undid this entry, if any */
  reversedByEntryId: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  lines: z.array(journalLineSchema),
});
export type JournalEntryItem = z.infer<typeof journalEntryItemSchema>;
export const journalEntriesPageSchema = pageOf(journalEntryItemSchema);
