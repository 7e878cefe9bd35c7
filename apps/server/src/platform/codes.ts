/**
 * Document numbers (System → code format): application, loan and repayment numbers and customer
 * codes, taken in the transaction that inserts the record they number.
 *
 * Each number comes from a counter row (kind, store or shared, period) that the taking
 * transaction increments and so keeps locked until it ends: a second transaction taking the same
 * kind waits, and a transaction that rolls back gives its number back. Numbers are therefore
 * gapless and unique under concurrency, at the cost that takers of one counter queue behind each
 * other's transactions — take the number late in the transaction, just before the insert.
 */
import { CODE_KINDS, codePeriod, DEFAULT_CODE_FORMATS, formatCode, sequenceOf, type CodeFormat, type CodeKind } from '@harbour/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import { codeCounters, codeFormats, stores } from '../db/schema/index.js';

type FormatRow = typeof codeFormats.$inferSelect;

const toFormat = (row: FormatRow): CodeFormat => ({
  prefix: row.prefix,
  includeStoreCode: row.includeStoreCode,
  datePart: row.datePart as CodeFormat['datePart'],
  seqWidth: row.seqWidth,
  reset: row.reset as CodeFormat['reset'],
});

/** Every kind's format (the default for a kind never saved) and when it was last saved. */
export async function readCodeFormats(db: DbOrTx): Promise<Record<CodeKind, { format: CodeFormat; updatedAt: Date | null }>> {
  const rows = await db.select().from(codeFormats);
  const out = {} as Record<CodeKind, { format: CodeFormat; updatedAt: Date | null }>;
  for (const kind of CODE_KINDS) out[kind] = { format: DEFAULT_CODE_FORMATS[kind], updatedAt: null };
  for (const row of rows) if ((CODE_KINDS as readonly string[]).includes(row.kind)) out[row.kind as CodeKind] = { format: toFormat(row), updatedAt: row.updatedAt };
  return out;
}

/** One kind's current format. */
export async function readCodeFormat(db: DbOrTx, kind: CodeKind): Promise<CodeFormat> {
  const [row] = await db.select().from(codeFormats).where(eq(codeFormats.kind, kind));
  return row ? toFormat(row) : DEFAULT_CODE_FORMATS[kind];
}

/** A store's code; a store id that does not exist is a programming error. */
export async function storeCodeOf(db: DbOrTx, storeId: number): Promise<string> {
  const [row] = await db.select({ code: stores.code }).from(stores).where(eq(stores.id, storeId));
  if (!row?.code) throw new Error(`store ${storeId} has no code`);
  return row.code;
}

/** The counter a format counts with: the store's own when the number shows the store code, else the shared one (0). */
export const counterStoreKey = (format: CodeFormat, storeId: number) => (format.includeStoreCode ? storeId : 0);

/**
 * What taking a number of `kind` for the record of `storeId` dated `date` needs besides the
 * counter: the counter's key and the number's text before its sequence (prefix, store code, date
 * part), read before the counter is touched.
 */
export interface CodeSlot {
  kind: CodeKind;
  storeKey: number;
  period: string;
  /** the number without its sequence: `formatCode` ends with the sequence padded to `seqWidth` */
  head: string;
  seqWidth: number;
}

export async function codeSlot(db: DbOrTx, kind: CodeKind, at: { storeId: number; date: string }): Promise<CodeSlot> {
  // the kind's format and the store's code in one read
  const [row] = await db
    .select({ format: codeFormats, storeCode: stores.code })
    .from(stores)
    .leftJoin(codeFormats, eq(codeFormats.kind, kind))
    .where(eq(stores.id, at.storeId));
  return slotOf(kind, at, row?.format ?? null, row?.storeCode ?? null);
}

/** The slot from the kind's saved format (null: never saved) and the store's code, read with other reads (a receipt's context). */
export function slotOf(kind: CodeKind, at: { storeId: number; date: string }, saved: FormatRow | null, storeCodeRead: string | null): CodeSlot {
  const format = saved ? toFormat(saved) : DEFAULT_CODE_FORMATS[kind];
  if (format.includeStoreCode && !storeCodeRead) throw new Error(`store ${at.storeId} has no code`);
  const storeCode = format.includeStoreCode ? (storeCodeRead ?? '') : '';
  const probe = formatCode(format, { storeCode, date: at.date, seq: 1 });
  const head = probe.slice(0, probe.length - Math.max(format.seqWidth, 1));
  if (formatCode(format, { storeCode, date: at.date, seq: 12345678 }) !== head + '12345678'.padStart(format.seqWidth, '0')) {
    throw new Error(`the ${kind} format does not end with its sequence`);
  }
  return { kind, storeKey: counterStoreKey(format, at.storeId), period: codePeriod(format.reset, at.date), head, seqWidth: format.seqWidth };
}

/**
 * Increments the slot's counter and answers the number (`code`), formatted in SQL as `formatCode`
 * does (head, then the sequence padded to the width, never cut). A statement of its own
 * (`takeCode`) or the first part of the one statement that writes what it numbers (`$with`): the
 * counter row stays locked from it until the transaction ends.
 */
export function takeCodeQuery(db: DbOrTx, slot: CodeSlot) {
  return db
    .insert(codeCounters)
    .values({ kind: slot.kind, storeKey: slot.storeKey, period: slot.period, value: 1 })
    .onConflictDoUpdate({
      target: [codeCounters.kind, codeCounters.storeKey, codeCounters.period],
      set: { value: sql`${codeCounters.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({
      code: sql<string>`${slot.head}::text || lpad(${codeCounters.value}::text, greatest(${slot.seqWidth}::int, length(${codeCounters.value}::text)), '0')`.as('code'),
    });
}

/**
 * Takes `count` numbers of `kind` at once (a data import's receipts), in order: the counter moves
 * by `count` in one statement, the numbers are its values before that, formatted as `takeCode`
 * formats them.
 */
export async function takeCodes(tx: Tx, kind: CodeKind, at: { storeId: number; date: string }, count: number): Promise<string[]> {
  if (count === 0) return [];
  const slot = await codeSlot(tx, kind, at);
  const [row] = await tx
    .insert(codeCounters)
    .values({ kind: slot.kind, storeKey: slot.storeKey, period: slot.period, value: count })
    .onConflictDoUpdate({ target: [codeCounters.kind, codeCounters.storeKey, codeCounters.period], set: { value: sql`${codeCounters.value} + ${count}`, updatedAt: sql`now()` } })
    .returning({ value: codeCounters.value });
  const first = row!.value - count + 1;
  return Array.from({ length: count }, (_, i) => slot.head + String(first + i).padStart(slot.seqWidth, '0'));
}

/**
 * Takes the next number of `kind` in its current format for the record of `storeId` dated `date`
 * (the business date the number shows, 'YYYY-MM-DD'). Call it in the transaction that inserts
 * the record, as late as it can be: the counter stays locked until that transaction ends, and
 * rolling back returns the number, so numbers stay gapless.
 */
export async function takeCode(tx: Tx, kind: CodeKind, at: { storeId: number; date: string }): Promise<string> {
  const [row] = await takeCodeQuery(tx, await codeSlot(tx, kind, at));
  return row!.code;
}

/**
 * The counters of a store and the shared ones in `date`'s periods (every restart), for showing
 * the next number without taking it.
 */
export async function readCounters(db: DbOrTx, storeId: number, date: string) {
  const periods = [...new Set((['never', 'yearly', 'monthly', 'daily'] as const).map((r) => codePeriod(r, date)))];
  const rows = await db
    .select({ kind: codeCounters.kind, storeKey: codeCounters.storeKey, period: codeCounters.period, value: codeCounters.value })
    .from(codeCounters)
    .where(and(inArray(codeCounters.storeKey, [0, storeId]), inArray(codeCounters.period, periods)));
  return rows.map((r) => ({ kind: r.kind as CodeKind, scope: r.storeKey === 0 ? ('shared' as const) : ('store' as const), period: r.period, value: r.value }));
}

/** A number a record brought into Harbour already holds, with the store and date it would have been taken for. */
export interface HeldCode {
  kind: CodeKind;
  code: string;
  storeId: number;
  date: string;
}

/**
 * Moves the counters on past numbers that records brought in from another system already hold
 * (docs/import.md → number sequences): a number the kind's current format would give for its
 * store on its date raises that slot's counter to its sequence (never lowers it), so a number
 * taken afterwards follows the highest one imported instead of repeating it. A number in another
 * numbering moves nothing — Harbour's format cannot give it. Answers how many counters it set.
 */
export async function continueCounters(tx: Tx, held: readonly HeldCode[]): Promise<number> {
  if (held.length === 0) return 0;
  const formats = await readCodeFormats(tx);
  const storeRows = await tx.select({ id: stores.id, code: stores.code }).from(stores).where(inArray(stores.id, [...new Set(held.map((h) => h.storeId))]));
  const storeCode = new Map(storeRows.map((s) => [s.id, s.code ?? '']));
  const highest = new Map<string, { kind: CodeKind; storeKey: number; period: string; value: number }>();
  for (const h of held) {
    const { format } = formats[h.kind];
    const seq = sequenceOf(format, { storeCode: storeCode.get(h.storeId) ?? '', date: h.date }, h.code);
    if (seq === null || seq > 2_147_483_647) continue; // the counter is a PostgreSQL integer
    const slot = { kind: h.kind, storeKey: counterStoreKey(format, h.storeId), period: codePeriod(format.reset, h.date), value: seq };
    const key = `${slot.kind}|${slot.storeKey}|${slot.period}`;
    if ((highest.get(key)?.value ?? 0) < seq) highest.set(key, slot);
  }
  if (highest.size === 0) return 0;
  await tx
    .insert(codeCounters)
    .values([...highest.values()])
    .onConflictDoUpdate({
      target: [codeCounters.kind, codeCounters.storeKey, codeCounters.period],
      set: { value: sql`greatest(${codeCounters.value}, excluded.value)`, updatedAt: sql`now()` },
    });
  return highest.size;
}
