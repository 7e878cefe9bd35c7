import {
  APPROVAL_CHECK_PERMISSION,
  type ApprovalChange,
  type ApprovalRequestFilters,
  type ApprovalRequestItem,
  type ApprovalRequestStatus,
  type Page,
  approvalRequestFiltersSchema,
} from '@harbour/contracts';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { approvalRequests, staff, stores } from '../../db/schema/index.js';
import { may, type ServiceContext } from '../../platform/context.js';
import { approveRequest, rejectRequest, withdrawRequest } from '../../platform/four-eyes.js';
import { hkDayEnd, hkDayStart, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { found, storeScope } from '../../platform/store-scope.js';
import { withReadTx } from '../../platform/tx.js';

const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

const columns = {
  id: approvalRequests.id,
  storeId: approvalRequests.storeId,
  storeName: stores.nameZh,
  kind: approvalRequests.kind,
  status: approvalRequests.status,
  loanId: approvalRequests.loanId,
  reference: approvalRequests.reference,
  change: approvalRequests.change,
  reason: approvalRequests.reason,
  requestedBy: approvalRequests.requestedBy,
  requestedByName: requester.name,
  createdAt: approvalRequests.createdAt,
  decidedBy: approvalRequests.decidedBy,
  decidedByName: decider.name,
  decidedAt: approvalRequests.decidedAt,
  note: approvalRequests.note,
};
const sortable = { id: approvalRequests.id, requestedAt: approvalRequests.createdAt, kind: approvalRequests.kind, status: approvalRequests.status, decidedAt: approvalRequests.decidedAt };

type Row = { [K in keyof typeof columns]: unknown };

function toItem(ctx: ServiceContext, r: Row): ApprovalRequestItem {
  const me = ctx.auth?.staffId;
  const pending = r.status === 'pending';
  return {
    id: r.id as number,
    kind: r.kind as string,
    status: r.status as ApprovalRequestStatus,
    storeId: r.storeId as number,
    storeName: (r.storeName as string | null) ?? null,
    loanId: (r.loanId as number | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    change: r.change as ApprovalChange,
    reason: r.reason as string,
    requestedBy: r.requestedBy as number,
    requestedByName: (r.requestedByName as string | null) ?? null,
    requestedAt: (r.createdAt as Date).toISOString(),
    decidedBy: (r.decidedBy as number | null) ?? null,
    decidedByName: (r.decidedByName as string | null) ?? null,
    decidedAt: r.decidedAt ? (r.decidedAt as Date).toISOString() : null,
    note: (r.note as string | null) ?? null,
    // the server still decides on every call; these only say which buttons to offer
    mayDecide: pending && r.requestedBy !== me && may(ctx, APPROVAL_CHECK_PERMISSION),
    mayWithdraw: pending && r.requestedBy === me,
  };
}

const select = (tx: Tx) =>
  tx
    .select({ ...columns, total: totalCount })
    .from(approvalRequests)
    .leftJoin(stores, eq(stores.id, approvalRequests.storeId))
    .leftJoin(requester, eq(requester.id, approvalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy));

/** A caller without the check key sees only their own requests (what they may withdraw). */
const visibleTo = (ctx: ServiceContext): SQL | undefined =>
  may(ctx, APPROVAL_CHECK_PERMISSION) ? undefined : eq(approvalRequests.requestedBy, ctx.auth?.staffId ?? -1);

/** The queue: filters (status, kind, store, request date), sort, pages, in the caller's store scope. */
export function listRequests(ctx: ServiceContext, q: z.output<typeof approvalRequestFiltersSchema>): Promise<Page<ApprovalRequestItem>> {
  return withReadTx(ctx, async (tx) => {
    const where = and(
      storeScope(ctx, approvalRequests.storeId),
      visibleTo(ctx),
      q.status ? eq(approvalRequests.status, q.status) : undefined,
      q.kind ? eq(approvalRequests.kind, q.kind) : undefined,
      q.storeId ? eq(approvalRequests.storeId, q.storeId) : undefined,
      q.dateFrom ? gte(approvalRequests.createdAt, hkDayStart(q.dateFrom) as unknown as Date) : undefined,
      q.dateTo ? lt(approvalRequests.createdAt, hkDayEnd(q.dateTo) as unknown as Date) : undefined,
      q.mine ? eq(approvalRequests.requestedBy, ctx.auth?.staffId ?? -1) : undefined,
    );
    const rows = await select(tx)
      .where(where)
      .orderBy(...orderBy(q.sort, sortable, 'id:desc', approvalRequests.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize));
    return pageOfRows(rows.map((r) => toItem(ctx, r)), rows[0]?.total ?? 0, q.page, q.pageSize);
  });
}

async function readOne(tx: Tx, ctx: ServiceContext, id: number): Promise<ApprovalRequestItem> {
  const [row] = await select(tx).where(and(eq(approvalRequests.id, id), storeScope(ctx, approvalRequests.storeId), visibleTo(ctx)));
  return toItem(ctx, found(row));
}

export const getRequest = (ctx: ServiceContext, id: number) => withReadTx(ctx, (tx) => readOne(tx, ctx, id));

/** Each decision commits first, then the item is read back as the caller sees it. */
export async function approve(ctx: ServiceContext, id: number, note?: string) {
  await approveRequest(ctx, id, note);
  return getRequest(ctx, id);
}
export async function reject(ctx: ServiceContext, id: number, note: string) {
  await rejectRequest(ctx, id, note);
  return getRequest(ctx, id);
}
export async function withdraw(ctx: ServiceContext, id: number, note?: string) {
  await withdrawRequest(ctx, id, note);
  return getRequest(ctx, id);
}

export type { ApprovalRequestFilters };
