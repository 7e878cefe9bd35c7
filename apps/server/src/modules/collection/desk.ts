/**
 * The collector's desk (docs/collection.md): the work queue — the caller's stores' overdue loans
 * (the daily job's due summaries), most days overdue first and then by the date of the loan's
 * latest promise, loans nobody has a promise from first — the promises due today and the broken
 * promises, each row with the loan's latest contact. Promises are judged by the domain's
 * `promiseOutcome` (through `judged`), never in SQL, so the broken list is judged before it is paged.
 */
import type { DeskPage, DeskRow, deskQuerySchema } from '@harbour/contracts';
import { moneyText } from '@harbour/domain';
import { and, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { collectionContacts, customers, loanDueSummaries, loans, staff, stores } from '../../db/schema/index.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { masked } from '../../platform/masking.js';
import { readSettings } from '../../platform/settings.js';
import { storeScope } from '../../platform/store-scope.js';
import { overdueOn } from '../loan-core/due-summary.js';
import { judged, standingReceipts } from './promise-outcomes.js';

type DeskQuery = z.output<typeof deskQuerySchema>;

/** Rows an export holds at most. */
export const DESK_EXPORT_MAX = 10_000;

const s = loanDueSummaries;
const cc = collectionContacts;
const amountDue = sql<string>`coalesce(case when ${s.overdueTenors} > 0 then ${s.overdueAmount} else ${s.nextAmount} end + ${s.overdueInterest} + ${s.handlingFee}, 0)::numeric(16,2)::text`;
/** a contact of the loan that stands (not a cancelling row, not cancelled) */
const standing = (extra: SQL = sql`true`) =>
  sql`x.loan_id = ${loans.id} and x.outcome <> 'cancel' and not exists (select 1 from collection_contacts y where y.cancels_id = x.id) and ${extra}`;
const latestContactId = sql<number | null>`(select x.id from collection_contacts x where ${standing()} order by x.at desc, x.id desc limit 1)`;
const latestPromise = (column: 'id' | 'promise_date') =>
  sql`(select x.${sql.raw(column)} from collection_contacts x where ${standing(sql`x.outcome = 'promised'`)} order by x.at desc, x.id desc limit 1)`;
const queuePromiseDate = latestPromise('promise_date');

const QUEUE_SORTS = { daysOverdue: s.daysOverdue, promiseDate: queuePromiseDate, loanNo: loans.loanNo, overdueAmount: s.overdueAmount };
const PROMISE_SORTS = { daysOverdue: s.daysOverdue, promiseDate: cc.promiseDate, loanNo: loans.loanNo, overdueAmount: s.overdueAmount };
const DEFAULT_SORT = { queue: 'daysOverdue:desc', today: 'loanNo:asc', broken: 'promiseDate:desc' } as const;

const loanFields = (ctx: ServiceContext) => ({
  loanId: loans.id,
  loanNo: loans.loanNo,
  storeName: ctx.lang === 'en' ? stores.nameEn : stores.nameZh,
  customerName: customers.name,
  mobile: customers.mobile1,
  daysOverdue: sql<number>`coalesce(${s.daysOverdue}, 0)`,
  overdueAmount: sql<string>`coalesce(${s.overdueAmount}, 0)::numeric(16,2)::text`,
  amountDue,
  lastContactId: latestContactId,
});

interface LoanPart {
  loanId: number;
  loanNo: string | null;
  storeName: string;
  customerName: string;
  mobile: string | null;
  daysOverdue: number;
  overdueAmount: string;
  amountDue: string;
  lastContactId: number | null;
}

function filters(q: DeskQuery): (SQL | undefined)[] {
  return [q.customerName ? ilike(customers.name, likePattern(q.customerName)) : undefined, q.loanNo ? ilike(loans.loanNo, likePattern(q.loanNo)) : undefined];
}

/** The contacts named by the rows, with their staff's names. */
async function contactsById(tx: DbOrTx, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, { c: typeof cc.$inferSelect; staffName: string | null }>();
  const rows = await tx.select({ c: cc, staffName: staff.name }).from(cc).leftJoin(staff, eq(staff.id, cc.staffId)).where(inArray(cc.id, wanted));
  return new Map(rows.map((r) => [r.c.id, r]));
}

/** The rows of the desk: each loan's part, its latest contact and the promise it shows, judged as of `today`. */
async function rowsOf(tx: DbOrTx, parts: readonly (LoanPart & { promiseId: number | null })[], today: string, visibleDigits: number) {
  const contacts = await contactsById(tx, parts.flatMap((p) => [p.lastContactId, p.promiseId]));
  const receipts = await standingReceipts(tx, parts.filter((p) => p.promiseId !== null).map((p) => p.loanId));
  return parts.map((p): DeskRow => {
    const last = p.lastContactId === null ? undefined : contacts.get(p.lastContactId);
    const promised = p.promiseId === null ? undefined : contacts.get(p.promiseId);
    const outcome = promised ? judged(promised.c, receipts.get(p.loanId)!, today) : null;
    return {
      loanId: p.loanId,
      loanNo: p.loanNo ?? '',
      storeName: p.storeName,
      customerName: p.customerName,
      mobile: masked(p.mobile, { visibleDigits }),
      daysOverdue: Number(p.daysOverdue),
      overdueAmount: p.overdueAmount,
      amountDue: p.amountDue,
      lastContact: last ? { at: last.c.at.toISOString(), madeOn: last.c.madeOn, channel: last.c.channel as 'call', outcome: last.c.outcome as 'noAnswer', staffName: last.staffName } : null,
      promise:
        promised && outcome
          ? { contactId: promised.c.id, madeOn: promised.c.madeOn, date: promised.c.promiseDate!, amount: promised.c.promiseAmount!, paid: moneyText(outcome.paid), state: outcome.state, staffName: promised.staffName }
          : null,
    };
  });
}

/** The work queue: overdue loans in the caller's stores. */
async function queue(tx: DbOrTx, ctx: ServiceContext, q: DeskQuery, today: string, limit: number, offset: number) {
  const where = and(storeScope(ctx, s.storeId), overdueOn(today), ...filters(q));
  const parts = await tx
    .select({ ...loanFields(ctx), promiseId: sql<number | null>`${latestPromise('id')}` })
    .from(s)
    .innerJoin(loans, eq(loans.id, s.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, s.storeId))
    .where(where)
    .orderBy(...orderBy(q.sort, QUEUE_SORTS, DEFAULT_SORT.queue), sql`${queuePromiseDate} asc nulls first`, loans.id)
    .limit(limit)
    .offset(offset);
  const [n] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(s).innerJoin(loans, eq(loans.id, s.loanId)).innerJoin(customers, eq(customers.id, loans.customerId)).where(where);
  return { parts, total: n?.n ?? 0 };
}

/** The standing promises of the view (due today, or due before today for the broken list), sorted. */
function promises(tx: DbOrTx, ctx: ServiceContext, q: DeskQuery, today: string) {
  const due = q.view === 'today' ? eq(cc.promiseDate, today) : and(lt(cc.promiseDate, today), q.promiseFrom ? gte(cc.promiseDate, q.promiseFrom) : undefined, q.promiseTo ? lte(cc.promiseDate, q.promiseTo) : undefined);
  return tx
    .select({ ...loanFields(ctx), promiseId: cc.id })
    .from(cc)
    .innerJoin(loans, eq(loans.id, cc.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, cc.storeId))
    .leftJoin(s, eq(s.loanId, cc.loanId))
    .where(and(storeScope(ctx, cc.storeId), eq(cc.outcome, 'promised'), sql`not exists (select 1 from collection_contacts y where y.cancels_id = ${cc.id})`, due, ...filters(q)))
    .orderBy(...orderBy(q.sort, PROMISE_SORTS, DEFAULT_SORT[q.view === 'today' ? 'today' : 'broken']), cc.id);
}

async function deskRows(tx: DbOrTx, ctx: ServiceContext, q: DeskQuery, limit: number, offset: number): Promise<{ rows: DeskRow[]; total: number; today: string }> {
  const today = await businessToday(tx);
  const { visibleTelDigits } = await readSettings(tx, ['visibleTelDigits']);
  if (q.view === 'queue') {
    const { parts, total } = await queue(tx, ctx, q, today, limit, offset);
    return { rows: await rowsOf(tx, parts, today, visibleTelDigits), total, today };
  }
  // judged before paging: whether a promise is broken is the domain's reading, not a column
  const all = await rowsOf(tx, await promises(tx, ctx, q, today), today, visibleTelDigits);
  const kept = q.view === 'broken' ? all.filter((r) => r.promise?.state === 'broken') : all;
  return { rows: kept.slice(offset, offset + limit), total: kept.length, today };
}

/** One page of a desk list. */
export async function listDesk(tx: DbOrTx, ctx: ServiceContext, q: DeskQuery): Promise<DeskPage> {
  const { rows, total, today } = await deskRows(tx, ctx, q, q.pageSize, offsetOf(q.page, q.pageSize));
  return { ...pageOfRows(rows, total, q.page, q.pageSize), today };
}

/** Every row of the same list, filters and sort (at most `DESK_EXPORT_MAX`), for the xlsx export. */
export async function exportDesk(tx: DbOrTx, ctx: ServiceContext, q: DeskQuery): Promise<{ rows: DeskRow[]; today: string }> {
  const { rows, today } = await deskRows(tx, ctx, q, DESK_EXPORT_MAX, 0);
  return { rows, today };
}
