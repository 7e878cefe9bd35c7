import type { JournalEntriesQuery, JournalEntryItem, LedgerAccount, LedgerBalanceCheck, TrialBalance, TrialBalanceQuery } from '@harbour/contracts';
import { ACCOUNTS, normalSide, type Account, type JournalEvent } from '@harbour/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { journalEntries, journalLines, stores } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { translate } from '../../http/i18n.js';
import { offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import { ledgerBalanceDifferences, ledgerEntryCountDifferences, trialBalance } from '../../platform/ledger.js';
import { currentStore, reachesAllStores, storeScope } from '../../platform/store-scope.js';
import { withReadTx } from '../../platform/tx.js';
import type { Tx } from '../../db/client.js';

const accountName = (ctx: ServiceContext, key: Account) => translate(ctx.lang, `ledger.accounts.${key}`);

/** The chart of accounts in code order, names in the caller's language. */
export function ledgerAccounts(ctx: ServiceContext): LedgerAccount[] {
  return (Object.keys(ACCOUNTS) as Account[])
    .map((key) => ({ key, code: ACCOUNTS[key].code, kind: ACCOUNTS[key].kind, normalSide: normalSide(key), name: accountName(ctx, key) }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * The store a ledger read is narrowed to: a caller without all-stores reach reads its current
 * store only (naming another answers 404, like a missing one); an all-stores caller reads the
 * store it names (404 when there is none) or every store.
 */
export async function storeOfRead(tx: Tx, ctx: ServiceContext, storeId: number | undefined): Promise<number | undefined> {
  if (!reachesAllStores(ctx)) {
    const mine = currentStore(ctx);
    if (storeId !== undefined && storeId !== mine) throw notFound();
    return mine;
  }
  if (storeId === undefined) return undefined;
  const [row] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw notFound();
  return storeId;
}

/** The stores a caller may pick for a ledger report, in menu order, named in its language. */
export async function storeChoices(tx: Tx, ctx: ServiceContext) {
  const rows = await tx
    .select({ id: stores.id, nameZh: stores.nameZh, nameEn: stores.nameEn })
    .from(stores)
    .where(reachesAllStores(ctx) ? undefined : eq(stores.id, currentStore(ctx)))
    .orderBy(asc(stores.sort), asc(stores.id));
  return rows.map((r) => ({ id: r.id, name: ctx.lang === 'en' ? r.nameEn || r.nameZh : r.nameZh }));
}

export function readTrialBalance(ctx: ServiceContext, q: TrialBalanceQuery): Promise<TrialBalance> {
  return withReadTx(ctx, async (tx) => {
    const storeId = await storeOfRead(tx, ctx, q.storeId);
    const tb = await trialBalance(tx, { storeId, from: q.from, to: q.to });
    return {
      storeId: storeId ?? null,
      from: q.from ?? null,
      to: q.to ?? null,
      rows: tb.rows.map((r) => ({ ...r, name: accountName(ctx, r.key) })),
      totals: tb.totals,
      balanced: tb.balanced,
      entryCount: tb.entryCount,
      stores: await storeChoices(tx, ctx),
    };
  });
}

/** The kept day balances and entry counts checked against the journal, for the stores the caller reaches. */
export function checkLedgerBalances(ctx: ServiceContext): Promise<LedgerBalanceCheck> {
  return withReadTx(ctx, async (tx) => {
    const differences = await ledgerBalanceDifferences(tx);
    const entryCountDifferences = await ledgerEntryCountDifferences(tx);
    return { consistent: differences.length === 0 && entryCountDifferences.length === 0, differences, entryCountDifferences };
  });
}

const SORTS = { id: journalEntries.id, entryDate: journalEntries.entryDate };

/** The journal, newest first: entries with their lines, filtered by store, period, event and loan. */
export function listJournalEntries(ctx: ServiceContext, q: JournalEntriesQuery) {
  return withReadTx(ctx, async (tx) => {
    const storeId = await storeOfRead(tx, ctx, q.storeId);
    const where = and(
      storeScope(ctx, journalEntries.storeId),
      storeId === undefined ? undefined : eq(journalEntries.storeId, storeId),
      q.from === undefined ? undefined : sql`${journalEntries.entryDate} >= ${q.from}::date`,
      q.to === undefined ? undefined : sql`${journalEntries.entryDate} <= ${q.to}::date`,
      q.event === undefined ? undefined : eq(journalEntries.event, q.event),
      q.loanId === undefined ? undefined : eq(journalEntries.loanId, q.loanId),
    );
    const rows = await tx
      .select({
        id: journalEntries.id,
        storeId: journalEntries.storeId,
        entryDate: journalEntries.entryDate,
        event: journalEntries.event,
        loanId: journalEntries.loanId,
        memo: journalEntries.memo,
        reversesEntryId: journalEntries.reversesEntryId,
        reversedByEntryId: sql<string | null>`(select r.id from journal_entries r where r.reverses_entry_id = "journal_entries"."id")`,
        createdAt: journalEntries.createdAt,
        createdBy: journalEntries.createdBy,
        total: totalCount,
      })
      .from(journalEntries)
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'id:desc', journalEntries.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize));
    const ids = rows.map((r) => r.id);
    const lines = ids.length
      ? await tx
          .select({
            entryId: journalLines.entryId,
            account: journalLines.account,
            debit: sql<string>`${journalLines.debit}::text`,
            credit: sql<string>`${journalLines.credit}::text`,
          })
          .from(journalLines)
          .where(inArray(journalLines.entryId, ids))
          .orderBy(asc(journalLines.entryId), asc(journalLines.id))
      : [];
    const items: JournalEntryItem[] = rows.map((r) => ({
      id: r.id,
      storeId: r.storeId,
      entryDate: r.entryDate,
      event: r.event as JournalEvent,
      loanId: r.loanId,
      memo: r.memo,
      reversesEntryId: r.reversesEntryId,
      reversedByEntryId: r.reversedByEntryId === null ? null : Number(r.reversedByEntryId),
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy,
      lines: lines
        .filter((l) => l.entryId === r.id)
        .map((l) => ({ account: l.account as Account, code: ACCOUNTS[l.account as Account].code, debit: l.debit, credit: l.credit })),
    }));
    return pageOfRows(items, rows[0]?.total ?? 0, q.page, q.pageSize);
  });
}
