import {
  ACCOUNTS,
  assertBalanced,
  assertReversible,
  normalSide,
  reverse,
  type Account,
  type AccountKind,
  type JournalEntry,
  type JournalEvent,
  type MoneyAccount,
  type PaymentMethod,
} from '@harbour/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { bankAccounts, journalEntries, journalLines, ledgerDayBalances, ledgerDayEntries } from '../db/schema/index.js';
import { insertUnnest } from './bulk-insert.js';
import { forbidden } from './errors.js';
import type { ServiceContext } from './context.js';
import { found, reachesAllStores, currentStore } from './store-scope.js';

/**
 * THE answer to "which ledger account does a receipt of method X post to" — the counter, early
 * settlements, recoveries, autopay results and bank statement lines all ask here. Cash stays in
 * the store (`cash`); a transfer, an FPS payment, autopay or a cheque lands in a bank account:
 * the one named (a statement's or an autopay file's account), else the store's bank account in
 * use (the first by id), else the chart's `bank` when the store has none on file yet.
 */
export async function receiptAccountFor(
  tx: Tx,
  p: { storeId: number; method: PaymentMethod | 'fps'; bankAccountId?: number | null },
): Promise<MoneyAccount> {
  if (p.method === 'cash') return 'cash';
  const [account] = await tx
    .select({ ledgerAccount: bankAccounts.ledgerAccount })
    .from(bankAccounts)
    .where(
      p.bankAccountId
        ? and(eq(bankAccounts.id, p.bankAccountId), eq(bankAccounts.storeId, p.storeId))
        : and(eq(bankAccounts.storeId, p.storeId), eq(bankAccounts.active, true)),
    )
    .orderBy(asc(bankAccounts.id))
    .limit(1);
  return (account?.ledgerAccount as MoneyAccount | undefined) ?? 'bank';
}

/**
 * The ledger's writes and its trial balance (architecture §3, server conventions → Ledger). A
 * money event posts its entry with `postJournal` in the SAME transaction as the event's own rows
 * and audit row — the platform opens no transaction of its own — so the event and its entry
 * commit or roll back together. Entries are never changed: `reverseJournal` posts the reversal.
 */

export interface PostTarget {
  /** the store the entry belongs to (the event's record's store) */
  storeId: number;
  /** the business date of the event, YYYY-MM-DD (Hong Kong) */
  date: string;
  loanId?: number | null;
}

/** A store the caller may write to: its current store, or any for all-stores callers and jobs. */
function assertReaches(ctx: ServiceContext, storeId: number): void {
  if (!reachesAllStores(ctx) && currentStore(ctx) !== storeId) throw forbidden();
}

const entryValues = (ctx: ServiceContext, entry: JournalEntry, target: PostTarget, reversesEntryId: number | null) => ({
  storeId: target.storeId,
  entryDate: target.date,
  event: entry.event,
  loanId: target.loanId ?? null,
  memo: { ...entry.memo },
  reversesEntryId,
  requestId: ctx.requestId,
  createdBy: ctx.auth?.staffId ?? null,
});

const lineValues = (ctx: ServiceContext, entry: JournalEntry, target: PostTarget, entryId: number) =>
  entry.lines.map((l) => ({ entryId, storeId: target.storeId, entryDate: target.date, account: l.account, debit: l.debit, credit: l.credit, createdBy: ctx.auth?.staffId ?? null }));

async function insertEntry(tx: Tx, ctx: ServiceContext, entry: JournalEntry, target: PostTarget, reversesEntryId: number | null): Promise<number> {
  const [row] = await tx.insert(journalEntries).values(entryValues(ctx, entry, target, reversesEntryId)).returning({ id: journalEntries.id });
  const id = row!.id;
  await tx.insert(journalLines).values(lineValues(ctx, entry, target, id));
  return id;
}

/**
 * Writes one balanced entry (the domain's posting rule's result) and its lines in the caller's
 * transaction and answers its id; an entry of nothing (no lines: every amount was zero) is not
 * written and answers null. The domain checks the balance first (`assertBalanced`, 422); the
 * database checks it again at commit (a deferred constraint trigger).
 */
export async function postJournal(tx: Tx, ctx: ServiceContext, entry: JournalEntry, target: PostTarget): Promise<number | null> {
  assertBalanced(entry);
  if (entry.event === 'reversal') throw new Error('a reversal is posted with reverseJournal, which links it to its entry');
  assertReaches(ctx, target.storeId);
  if (entry.lines.length === 0) return null;
  return insertEntry(tx, ctx, entry, target, null);
}

/**
 * `postJournal` for many entries at once (a data import's opening entries): every entry checked
 * the same way, written in one statement and their lines in another. Answers each entry's id in
 * the order given (null for an entry of nothing). The ids are taken from the entries' sequence in
 * the order of the rows, which PostgreSQL assigns as it inserts them.
 */
export async function postJournals(tx: Tx, ctx: ServiceContext, items: readonly { entry: JournalEntry; target: PostTarget }[]): Promise<(number | null)[]> {
  for (const { entry, target } of items) {
    assertBalanced(entry);
    if (entry.event === 'reversal') throw new Error('a reversal is posted with reverseJournal, which links it to its entry');
    assertReaches(ctx, target.storeId);
  }
  const written = items.filter((i) => i.entry.lines.length > 0);
  if (written.length === 0) return items.map(() => null);
  // one array parameter a column (a book's entries and lines are past a multi-row values' 65,535 parameters)
  const rows = (await insertUnnest(tx, journalEntries, written.map((i) => entryValues(ctx, i.entry, i.target, null) as typeof journalEntries.$inferInsert), ['id'])) as { id: number }[];
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await insertUnnest(tx, journalLines, written.flatMap((i, n) => lineValues(ctx, i.entry, i.target, ids[n]!) as (typeof journalLines.$inferInsert)[]));
  const byItem = new Map(written.map((i, n) => [i, ids[n]!]));
  return items.map((i) => byItem.get(i) ?? null);
}

/** The checks of an entry written in the statement of the event that links to it. */
function assertLinkable(ctx: ServiceContext, entry: JournalEntry, target: PostTarget): void {
  assertBalanced(entry);
  if (entry.event === 'reversal') throw new Error('a reversal is posted with reverseJournal, which links it to its entry');
  assertReaches(ctx, target.storeId);
  if (entry.lines.length === 0) throw new Error('an entry of nothing has no place in a statement that links to it');
}

/**
 * The entry's row and its lines' rows (without their entry id), checked as an entry linked to its
 * event (`assertLinkable`), for a server-side function that writes them with the event (`harbour_post_receipt`).
 */
export function journalRows(ctx: ServiceContext, entry: JournalEntry, target: PostTarget) {
  assertLinkable(ctx, entry, target);
  return {
    entry: entryValues(ctx, entry, target, null) as typeof journalEntries.$inferInsert,
    lines: lineValues(ctx, entry, target, 0).map(({ entryId: _linked, ...line }) => line),
  };
}

/** The ledger account money received by `method` goes to, from the store's first active bank account's (read with other reads). */
export function receiptAccountOf(method: PaymentMethod | 'fps', bankLedgerAccount: string | null): MoneyAccount {
  if (method === 'cash') return 'cash';
  return (bankLedgerAccount as MoneyAccount | null) ?? 'bank';
}

const money = (column: SQL | ReturnType<typeof sql>) => sql<string>`(${column})::numeric(20, 2)::text`;

/**
 * Stored entries as the domain sees them, with their store, loan and whether each was reversed:
 * two statements whatever their number (the ids as one array parameter). Entries the caller's
 * store scope does not show are absent from the answer.
 */
async function readEntries(tx: Tx, entryIds: readonly number[]) {
  const ids = sql`any(${sql.param(entryIds)}::bigint[])`;
  const rows = await tx
    .select({
      id: journalEntries.id,
      storeId: journalEntries.storeId,
      loanId: journalEntries.loanId,
      event: journalEntries.event,
      memo: journalEntries.memo,
      reversedBy: sql<string | null>`(select r.id from journal_entries r where r.reverses_entry_id = "journal_entries"."id")`,
    })
    .from(journalEntries)
    .where(sql`${journalEntries.id} = ${ids}`);
  const lines = await tx
    .select({ entryId: journalLines.entryId, account: journalLines.account, debit: money(sql`${journalLines.debit}`), credit: money(sql`${journalLines.credit}`) })
    .from(journalLines)
    .where(sql`${journalLines.entryId} = ${ids}`)
    .orderBy(asc(journalLines.entryId), asc(journalLines.id));
  const linesOf = new Map<number, { account: Account; debit: string; credit: string }[]>();
  for (const { entryId, ...l } of lines) {
    const list = linesOf.get(Number(entryId)) ?? [];
    list.push({ ...l, account: l.account as Account });
    linesOf.set(Number(entryId), list);
  }
  return new Map(
    rows.map((entry) => {
      const journal: JournalEntry = { event: entry.event as JournalEvent, memo: entry.memo, lines: linesOf.get(entry.id) ?? [] };
      return [entry.id, { ...entry, journal: assertBalanced(journal) }] as const;
    }),
  );
}

/**
 * Reverses a stored entry: posts `reverse` of it (each line's sides swapped, the original's memo
 * plus `reason`) in the same store and loan, dated `date`, linked by `reverses_entry_id`. A
 * reversal, or an entry already reversed, is refused with the domain's error (422); an entry the
 * caller's store scope does not show answers 404. Answers the reversal's id.
 */
export async function reverseJournal(tx: Tx, ctx: ServiceContext, entryId: number, opts: { date: string; reason: string }): Promise<number> {
  const [id] = await reverseJournals(tx, ctx, [entryId], opts);
  return id!;
}

/**
 * `reverseJournal` for many entries at once (a data import's rollback: an opening entry or two a
 * loan): each checked the same way, then read in two statements and their reversals written in two,
 * however many there are. Answers the reversals' ids in the order given.
 */
export async function reverseJournals(tx: Tx, ctx: ServiceContext, entryIds: readonly number[], opts: { date: string; reason: string }): Promise<number[]> {
  if (entryIds.length === 0) return [];
  const stored = await readEntries(tx, entryIds);
  const items = entryIds.map((id) => {
    const entry = found(stored.get(id));
    assertReversible(entry.journal, { alreadyReversed: entry.reversedBy !== null });
    assertReaches(ctx, entry.storeId);
    return { entry: reverse(entry.journal, { reason: opts.reason }), target: { storeId: entry.storeId, date: opts.date, loanId: entry.loanId }, reverses: entry.id };
  });
  if (items.length === 1) return [await insertEntry(tx, ctx, items[0]!.entry, items[0]!.target, items[0]!.reverses)];
  const rows = (await insertUnnest(tx, journalEntries, items.map((i) => entryValues(ctx, i.entry, i.target, i.reverses) as typeof journalEntries.$inferInsert), ['id'])) as { id: number }[];
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await insertUnnest(tx, journalLines, items.flatMap((i, n) => lineValues(ctx, i.entry, i.target, ids[n]!) as (typeof journalLines.$inferInsert)[]));
  return ids;
}

export interface TrialBalanceFilter {
  /** one store; left out, every store the transaction's scope shows */
  storeId?: number | undefined;
  /** business dates, both included */
  from?: string | undefined;
  to?: string | undefined;
}

export interface TrialBalanceLine {
  key: Account;
  code: string;
  kind: AccountKind;
  normalSide: 'debit' | 'credit';
  debit: string;
  credit: string;
  /** on the account's normal side: debit − credit for assets and expenses, credit − debit otherwise */
  balance: string;
}

export interface TrialBalanceResult {
  rows: TrialBalanceLine[];
  totals: { debit: string; credit: string };
  balanced: boolean;
  entryCount: number;
}

/** The chart as SQL rows (key, code, debit-side?), so the sums and balances are computed by PostgreSQL. */
const chartValues = () =>
  sql.join(
    Object.entries(ACCOUNTS).map(([key, a]) => sql`(${key}::text, ${a.code}::text, ${normalSide(key as Account) === 'debit'}::boolean)`),
    sql`, `,
  );

/**
 * The trial balance of the entries the transaction's store scope shows, narrowed to a store and
 * a period: every account of the chart in code order with its debits, credits and balance on its
 * normal side, and the column totals — all NUMERIC in PostgreSQL, answered as decimal strings.
 * The sums are read from the kept day balances (`ledger_day_balances`, one row per store, date and
 * account, added to as lines post) and the entry count from the kept day counts
 * (`ledger_day_entries`), so the cost follows the days and stores asked for, not the journal's
 * length; `ledgerBalanceDifferences` checks both against the journal.
 */
export async function trialBalance(tx: Tx, filter: TrialBalanceFilter = {}): Promise<TrialBalanceResult> {
  const within = (table: typeof ledgerDayEntries | typeof ledgerDayBalances) =>
    and(
      filter.storeId === undefined ? undefined : eq(table.storeId, filter.storeId),
      filter.from === undefined ? undefined : sql`${table.entryDate} >= ${filter.from}::date`,
      filter.to === undefined ? undefined : sql`${table.entryDate} <= ${filter.to}::date`,
    );
  const balancesWhere = within(ledgerDayBalances);
  const entriesWhere = within(ledgerDayEntries);
  const { rows } = await tx.execute<{
    key: string; code: string; debit_side: boolean; debit: string; credit: string; balance: string; total_debit: string; total_credit: string; balanced: boolean;
  }>(sql`
    with chart(key, code, debit_side) as (values ${chartValues()}),
    moved as (
      select ${ledgerDayBalances.account} as account, sum(${ledgerDayBalances.debit}) as debit, sum(${ledgerDayBalances.credit}) as credit
      from ${ledgerDayBalances}
      ${balancesWhere ? sql`where ${balancesWhere}` : sql``}
      group by ${ledgerDayBalances.account}
    )
    select chart.key, chart.code, chart.debit_side,
      coalesce(moved.debit, 0)::numeric(20, 2)::text as debit,
      coalesce(moved.credit, 0)::numeric(20, 2)::text as credit,
      (case when chart.debit_side then coalesce(moved.debit, 0) - coalesce(moved.credit, 0)
            else coalesce(moved.credit, 0) - coalesce(moved.debit, 0) end)::numeric(20, 2)::text as balance,
      coalesce(sum(moved.debit) over (), 0)::numeric(20, 2)::text as total_debit,
      coalesce(sum(moved.credit) over (), 0)::numeric(20, 2)::text as total_credit,
      coalesce(sum(moved.debit) over (), 0) = coalesce(sum(moved.credit) over (), 0) as balanced
    from chart left join moved on moved.account = chart.key
    order by chart.code`);
  const first = rows[0]!;
  // the entries are counted from their kept day counts, like the sums
  const [counted] = await tx.select({ n: sql<number>`coalesce(sum(${ledgerDayEntries.entries}), 0)::int` }).from(ledgerDayEntries).where(entriesWhere);
  return {
    rows: rows.map((r) => {
      const key = r.key as Account;
      return { key, code: r.code, kind: ACCOUNTS[key].kind, normalSide: r.debit_side ? 'debit' : 'credit', debit: r.debit, credit: r.credit, balance: r.balance };
    }),
    totals: { debit: first.total_debit, credit: first.total_credit },
    balanced: first.balanced,
    entryCount: Number(counted?.n ?? 0),
  };
}

/** A (store, date, account) whose kept balance differs from the sums of its journal lines. */
export interface LedgerBalanceDifference {
  storeId: number;
  entryDate: string;
  account: string;
  kept: { debit: string; credit: string };
  journal: { debit: string; credit: string };
}

/**
 * The consistency check of the kept balances (`harbour_ledger_balance_differences()`, migration
 * 0049): every store, date and account of the transaction's store scope whose kept debits or
 * credits differ from its journal lines' sums. Empty when they agree to the cent.
 */
export async function ledgerBalanceDifferences(tx: Tx): Promise<LedgerBalanceDifference[]> {
  const { rows } = await tx.execute<{ store_id: number; entry_date: string; account: string; kept_debit: string; kept_credit: string; journal_debit: string; journal_credit: string }>(sql`
    select store_id, entry_date::text as entry_date, account, kept_debit::numeric(20, 2)::text as kept_debit, kept_credit::numeric(20, 2)::text as kept_credit,
      journal_debit::numeric(20, 2)::text as journal_debit, journal_credit::numeric(20, 2)::text as journal_credit
    from harbour_ledger_balance_differences()`);
  return rows.map((r) => ({
    storeId: Number(r.store_id),
    entryDate: r.entry_date,
    account: r.account,
    kept: { debit: r.kept_debit, credit: r.kept_credit },
    journal: { debit: r.journal_debit, credit: r.journal_credit },
  }));
}

/** A store and date whose kept entry count differs from the journal's entries. */
export interface LedgerEntryCountDifference {
  storeId: number;
  entryDate: string;
  kept: number;
  journal: number;
}

/**
 * The consistency check of the kept entry counts (`harbour_ledger_entry_count_differences()`,
 * migration 0054): every store and date of the transaction's store scope whose kept count differs
 * from the journal's entries. Empty when they agree.
 */
export async function ledgerEntryCountDifferences(tx: Tx): Promise<LedgerEntryCountDifference[]> {
  const { rows } = await tx.execute<{ store_id: number; entry_date: string; kept: number; journal: number }>(sql`
    select store_id, entry_date::text as entry_date, kept, journal from harbour_ledger_entry_count_differences()`);
  return rows.map((r) => ({ storeId: Number(r.store_id), entryDate: r.entry_date, kept: Number(r.kept), journal: Number(r.journal) }));
}
