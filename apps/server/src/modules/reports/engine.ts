import { sql, type SQL } from 'drizzle-orm';
import type { ReportAnswer, ReportDecl } from '@harbour/contracts';
import type { Tx } from '../../db/client.js';
import { replicaBehindSeconds, withReportTx } from '../../platform/report-reads.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { answerMasking, masked, type Masking } from '../../platform/masking.js';
import { resolveParams } from './params.js';
import { LOOKUP_AREAS, guardNumberLookup, numberInText } from '../../platform/number-lookup.js';
import type { ReportDefinition, ReportParamValue } from './query.js';

export interface ReportRequest {
  /** The declaration's parameters as validated by `reportQuerySchema` (absent ones undefined). */
  params: Record<string, unknown>;
  sort?: string;
  page: number;
  pageSize: number;
}

const ident = (key: string) => sql.raw(`"${key.replace(/"/g, '')}"`);

/** `ORDER BY` of a request: the asked column (or the declared default), then the row key, nulls last. */
export function orderOf(decl: ReportDecl, sort: string | undefined): SQL {
  const [key, dir] = sort ? (sort.split(':') as [string, string]) : [decl.defaultSort.key, decl.defaultSort.order];
  const column = decl.columns.find((c) => c.key === key) ?? decl.columns.find((c) => c.key === decl.defaultSort.key)!;
  const order = sql.raw(dir === 'desc' ? 'desc' : 'asc');
  return column.key === decl.rowKey
    ? sql`${ident(column.key)} ${order} nulls last`
    : sql`${ident(column.key)} ${order} nulls last, ${ident(decl.rowKey)} asc`;
}

/** Turns a database row into the answer's cells: money exact strings, dates 'YYYY-MM-DD', masked numbers masked (`answerMasking`). */
export function cellsOf(decl: ReportDecl, row: Record<string, unknown>, masking: Pick<Masking, 'visibleDigits'>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const c of decl.columns) {
    const v = row[c.key];
    if (v === null || v === undefined) out[c.key] = null;
    else if (c.kind === 'masked') out[c.key] = masked(String(v), masking);
    else if (c.kind === 'integer') out[c.key] = typeof v === 'number' ? v : Number(v);
    else if (c.kind === 'date') out[c.key] = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
    else if (c.kind === 'datetime') out[c.key] = v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
    else out[c.key] = String(v);
  }
  return out;
}

/** The memory each sort or hash of a report's statement may use before it spills to disk. */
export const REPORT_WORK_MEM = '64MB';

/**
 * The parameters and query of one run, with the business day it runs on. Each statement of the
 * run may take `timeoutMs` at most (PostgreSQL cancels it: 57014, answered as `errors.reportTooLong`).
 */
export async function prepare(tx: Tx, ctx: ServiceContext, def: ReportDefinition, given: Record<string, unknown>, timeoutMs: number) {
  // A report keyword that is a whole ID number or phone finds the borrower by it: a number lookup.
  const keyword = typeof given.keyword === 'string' ? given.keyword : undefined;
  await guardNumberLookup(ctx, LOOKUP_AREAS.customers, `GET /reports/${def.decl.name}`, [numberInText('keyword', keyword)]);
  // A report's statement is a named prepared statement like every other (db/client.ts), and after
  // five runs PostgreSQL may keep one generic plan for every parameter value: planned for "any
  // store" after an all-stores caller's runs, it took 30 s (the statement timeout) for a one-store
  // manager's 0.4 s interest receivable on the bench book. A report is planned for its own values.
  // A report over the whole book sorts and groups hundreds of thousands of rows (at 300,000 loans,
  // the interest receivable's 708,000 instalments of loans still servicing: a 54 MB sort). With
  // PostgreSQL's default 4 MB of memory per sort or hash those spill to disk; a report's statement
  // may use `REPORT_WORK_MEM` each, for its own transaction only.
  await tx.execute(
    sql`select set_config('statement_timeout', ${String(Math.trunc(timeoutMs))}, true), set_config('plan_cache_mode', 'force_custom_plan', true),
      set_config('work_mem', ${REPORT_WORK_MEM}, true)`,
  );
  const today = await businessToday(tx);
  const resolved = resolveParams(def.decl, given, today);
  // A caller of one store sees only its rows: an unset store parameter is that store, so the
  // answer, the print view and the file's heading name it instead of "every store".
  const params = reachesAllStores(ctx)
    ? resolved
    : Object.fromEntries(def.decl.params.map((p) => [p.name, p.kind === 'store' && resolved[p.name] === null ? currentStore(ctx) : (resolved[p.name] ?? null)]));
  return { params, query: def.query({ params, today, lang: ctx.lang }) };
}

/** The declared `total` columns of an aggregate row as exact text (an empty set: zero). */
function totalsOf(decl: ReportDecl, head: Record<string, unknown>, prefix: string): Record<string, string | number | null> {
  const totals: Record<string, string | number | null> = {};
  for (const c of decl.columns.filter((col) => col.total)) {
    const v = head[`${prefix}${c.key}`];
    totals[c.key] = v === null || v === undefined ? (c.kind === 'integer' ? 0 : '0.00') : c.kind === 'integer' ? Number(v) : String(v);
  }
  return totals;
}

/** Count and totals of a prepared query: `__count` and the declared `total` columns as exact text. */
export async function aggregate(tx: Tx, decl: ReportDecl, query: SQL): Promise<{ count: number; totals: Record<string, string | number | null> }> {
  const sums = decl.columns.filter((c) => c.total).map((c) => sql`, sum(${ident(c.key)})::text as ${ident(c.key)}`);
  const agg = await tx.execute<Record<string, string | number | null>>(
    sql`with r as (${query}) select count(*)::int as "__count"${sql.join(sums, sql``)} from r`,
  );
  const head = agg.rows[0] ?? { __count: 0 };
  return { count: Number(head.__count), totals: totalsOf(decl, head, '') };
}

/** Reads one page of a report's query in the asked order, with the count and the totals of every row. */
type PageReader = (
  tx: Tx,
  decl: ReportDecl,
  query: SQL,
  sort: string | undefined,
  page: number,
  pageSize: number,
) => Promise<{ rows: Record<string, unknown>[]; count: number; totals: Record<string, string | number | null> }>;

/** Prefix of the window columns a page carries (the count and each total over every row). */
const OVER = '__all_';

/**
 * One page in the asked order with the count and the totals of every row, reading the query
 * once: the totals are window aggregates over the whole answer (`over ()`), computed before the
 * sort keeps the page. Counting and totalling in a statement of their own would run the report's
 * query twice, which on a whole book is most of its time. A page past the end has no row to
 * carry them, so it asks `aggregate` instead.
 */
export const pageWithTotals: PageReader = async (tx, decl, query, sort, page, pageSize) => {
  const over = decl.columns.filter((c) => c.total).map((c) => sql`, (sum(${ident(c.key)}) over ())::text as ${ident(`${OVER}${c.key}`)}`);
  const res = await tx.execute<Record<string, unknown>>(
    sql`with r as (${query}) select *, (count(*) over ())::int as ${ident(`${OVER}count`)}${sql.join(over, sql``)} from r
        order by ${orderOf(decl, sort)} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const head = res.rows[0];
  if (!head) return { rows: [], ...(page === 1 ? { count: 0, totals: totalsOf(decl, {}, OVER) } : await aggregate(tx, decl, query)) };
  return { rows: res.rows, count: Number(head[`${OVER}count`]), totals: totalsOf(decl, head, OVER) };
};

/** One page in the asked order, then the count and the totals of every row in a statement of their own (`ReportDefinition.totalsApart`). */
export const pageApart: PageReader = async (tx, decl, query, sort, page, pageSize) => {
  const res = await tx.execute<Record<string, unknown>>(sql`${ordered(decl, query, sort)} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { rows: res.rows, ...(await aggregate(tx, decl, query)) };
};

/** The query in the asked order (the default sort, then the row key): what a page and an export read. */
export const ordered = (decl: ReportDecl, query: SQL, sort: string | undefined): SQL => sql`with r as (${query}) select * from r order by ${orderOf(decl, sort)}`;

/**
 * Runs a report for the caller: one page of rows in the asked order, the count and the totals of
 * the declared columns over every row. One read-only transaction with the caller's store scope,
 * reading one snapshot, so the page, the count and the totals see the same data. On the reports'
 * standby (`withReportTx`), an answer read more than `lagNoticeSeconds` behind the primary says so.
 */
export function runReport(
  ctx: ServiceContext,
  def: ReportDefinition,
  req: ReportRequest,
  limits: { timeoutMs: number; lagNoticeSeconds: number },
): Promise<ReportAnswer> {
  const { decl } = def;
  return withReportTx(ctx, async (tx) => {
    const { params, query } = await prepare(tx, ctx, def, req.params, limits.timeoutMs);
    const masking = await answerMasking(tx);
    const behind = await replicaBehindSeconds(tx);
    const { rows, count, totals } = await (def.totalsApart ? pageApart : pageWithTotals)(tx, decl, query, req.sort, req.page, req.pageSize);
    return {
      ...(behind !== null && behind > limits.lagNoticeSeconds ? { replicaBehindSeconds: behind } : {}),
      name: decl.name,
      params: params as Record<string, ReportParamValue>,
      rows: rows.map((r) => cellsOf(decl, r, masking)),
      totals,
      total: count,
      page: req.page,
      pageSize: req.pageSize,
      generatedAt: new Date().toISOString(),
    };
  }, { snapshot: true });
}
