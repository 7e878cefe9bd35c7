/**
 * The repayment tips list (spec §2 Repayment → tips list): the loans whose next instalment falls
 * due within the "overdue reminder days" setting and the overdue ones, read from the daily job's
 * summaries (`loan_due_summaries`), in the caller's stores, with the customer's phone masked.
 */
import type { Page, RepaymentTip, RepaymentTipsPage, repaymentTipsQuerySchema } from '@harbour/contracts';
import { addDays } from '@harbour/domain';
import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { customers, loanDueSummaries, loans, stores } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { businessToday } from '../../platform/business-date.js';
import type { ServiceContext } from '../../platform/context.js';
import { masked } from '../../platform/masking.js';
import { readSettings } from '../../platform/settings.js';
import { storeScope } from '../../platform/store-scope.js';
import { overdueOn } from '../loan-core/due-summary.js';

type TipsQuery = z.output<typeof repaymentTipsQuerySchema>;

/** Rows an export holds at most (a day's reminders of a whole company fit many times over). */
export const TIPS_EXPORT_MAX = 10_000;

const s = loanDueSummaries;
/** what is due now: the overdue instalments (or the next one when none is overdue) plus overdue interest and fees */
const amountDue = sql<string>`(case when ${s.overdueTenors} > 0 then ${s.overdueAmount} else ${s.nextAmount} end + ${s.overdueInterest} + ${s.handlingFee})`;

const SORTS = {
  nextDueDate: s.nextDueDate,
  daysOverdue: s.daysOverdue,
  loanNo: loans.loanNo,
  customerName: customers.name,
  amountDue,
  overdueAmount: s.overdueAmount,
};

interface Frame {
  today: string;
  reminderDays: number;
  pageSize: number;
  visibleDigits: number;
}

async function frameOf(tx: DbOrTx): Promise<Frame> {
  const today = await businessToday(tx);
  const set = await readSettings(tx, ['overdueReminderDays', 'overdueReminderPageSize', 'visibleTelDigits']);
  return { today, reminderDays: set.overdueReminderDays, pageSize: set.overdueReminderPageSize, visibleDigits: set.visibleTelDigits };
}

function whereOf(ctx: ServiceContext, q: TipsQuery, f: Frame): SQL | undefined {
  return and(
    storeScope(ctx, s.storeId),
    or(overdueOn(f.today), lte(s.nextDueDate, addDays(f.today, f.reminderDays))),
    q.overdueOnly === 'yes' ? overdueOn(f.today) : undefined,
    q.dueFrom ? gte(s.nextDueDate, q.dueFrom) : undefined,
    q.dueTo ? lte(s.nextDueDate, q.dueTo) : undefined,
    q.customerName ? ilike(customers.name, likePattern(q.customerName)) : undefined,
    q.loanNo ? ilike(loans.loanNo, likePattern(q.loanNo)) : undefined,
  );
}

const from = (tx: DbOrTx, ctx: ServiceContext) =>
  tx
    .select({
      s: loanDueSummaries,
      loanNo: loans.loanNo,
      totalTenor: loans.totalTenor,
      customerName: customers.name,
      mobile: customers.mobile1,
      storeName: ctx.lang === 'en' ? stores.nameEn : stores.nameZh,
      amountDue,
    })
    .from(loanDueSummaries)
    .innerJoin(loans, eq(loans.id, s.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(stores, eq(stores.id, s.storeId));

type Row = Awaited<ReturnType<typeof from>>[number];

function toTip(r: Row, f: Frame): RepaymentTip {
  const x = r.s;
  return {
    loanId: x.loanId,
    storeId: x.storeId,
    storeName: r.storeName,
    loanNo: r.loanNo ?? '',
    loanStatus: x.loanStatus,
    customerName: r.customerName,
    mobile: masked(r.mobile, { visibleDigits: f.visibleDigits }),
    totalTenor: r.totalTenor,
    nextTenor: x.nextTenor,
    nextDueDate: x.nextDueDate,
    nextAmount: x.nextAmount,
    overdueTenors: x.overdueTenors,
    overdueAmount: x.overdueAmount,
    overdueInterest: x.overdueInterest,
    handlingFee: x.handlingFee,
    amountDue: r.amountDue,
    daysOverdue: x.daysOverdue,
    unpaidPrincipal: x.unpaidPrincipal,
    tempAmount: x.tempAmount,
    asOf: x.asOf,
  };
}

const DEFAULT_SORT = 'nextDueDate:asc';

/** One page of the tips list, with the totals of every row the filters keep. */
export async function listTips(tx: DbOrTx, ctx: ServiceContext, q: TipsQuery): Promise<RepaymentTipsPage> {
  const f = await frameOf(tx);
  const pageSize = q.pageSize ?? f.pageSize;
  const where = whereOf(ctx, q, f);
  const rows = await from(tx, ctx)
    .where(where)
    .orderBy(...orderBy(q.sort, SORTS, DEFAULT_SORT, s.loanId))
    .limit(pageSize)
    .offset(offsetOf(q.page, pageSize));
  const [totals] = await tx
    .select({
      amountDue: sql<string>`coalesce(sum(${amountDue}), 0)::numeric(16,2)::text`,
      overdueAmount: sql<string>`coalesce(sum(${s.overdueAmount}), 0)::numeric(16,2)::text`,
      asOf: sql<string | null>`to_char(min(${s.asOf}), 'YYYY-MM-DD')`,
      count: sql<number>`cast(count(*) as integer)`,
    })
    .from(loanDueSummaries)
    .innerJoin(loans, eq(loans.id, s.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(where);
  const page: Page<RepaymentTip> = pageOfRows(
    rows.map((r) => toTip(r, f)),
    totals?.count ?? 0,
    q.page,
    pageSize,
  );
  return {
    ...page,
    reminderDays: f.reminderDays,
    today: f.today,
    asOf: totals?.asOf ?? null,
    totals: { amountDue: totals?.amountDue ?? '0.00', overdueAmount: totals?.overdueAmount ?? '0.00' },
  };
}

/** Every row of the same filters and sort (at most `TIPS_EXPORT_MAX`), for the xlsx export. */
export async function exportTips(tx: DbOrTx, ctx: ServiceContext, q: TipsQuery): Promise<{ rows: RepaymentTip[]; today: string; reminderDays: number }> {
  const f = await frameOf(tx);
  const rows = await from(tx, ctx)
    .where(whereOf(ctx, q, f))
    .orderBy(...orderBy(q.sort, SORTS, DEFAULT_SORT, s.loanId))
    .limit(TIPS_EXPORT_MAX);
  return { rows: rows.map((r) => toTip(r, f)), today: f.today, reminderDays: f.reminderDays };
}
