import { auditLogFiltersSchema, auditLogItemSchema, pageOf, type AuditLogFilters } from '@harbour/contracts';
import { and, arrayOverlaps, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditLog, staff } from '../../db/schema/index.js';
import { hkDayEnd, hkDayStart, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { route } from '../../http/route.js';
import { currentStore, reachesAllStores } from '../../platform/store-scope.js';

const SORTS = { id: auditLog.id, createdAt: auditLog.createdAt, action: auditLog.action, module: auditLog.module };

/** The system log's fixed slice of the audit log: the sign-in events of module `auth`. */
export const SYSTEM_LOG_MODULE = 'auth';
export const SYSTEM_LOG_ACTIONS = ['login', 'tried_to_login', 'logout'] as const;

interface Restriction {
  module: string;
  actions: readonly string[];
}

/**
 * The audit log list (spec "Admin log list" / "System log"): who did what, where, to which
 * record, with the before and after images. Rows are scoped by the record they describe, not by
 * the store the actor happened to be in: staff whose roles do not grant all stores see only the
 * rows whose record stores (`record_store_ids`, written by `audit()`) include their current store,
 * so never rows about records of no store (roles, settings…), about the super administrator or
 * about another store's records. Filters narrow within that, and `total` counts the same rows.
 */
async function listAuditLog(req: FastifyRequest, q: AuditLogFilters, restrict?: Restriction) {
  const db = req.server.db;
  const where = and(
    // Rows describe records; a caller without all stores sees those of records in the current store.
    reachesAllStores(req) ? undefined : arrayOverlaps(auditLog.recordStoreIds, [currentStore(req)]),
    restrict ? eq(auditLog.module, restrict.module) : undefined,
    restrict ? inArray(auditLog.action, [...restrict.actions]) : undefined,
    q.staffId ? eq(auditLog.staffId, q.staffId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.module ? eq(auditLog.module, q.module) : undefined,
    q.reference ? eq(auditLog.reference, q.reference) : undefined,
    q.dateFrom ? gte(auditLog.createdAt, hkDayStart(q.dateFrom)) : undefined,
    q.dateTo ? lt(auditLog.createdAt, hkDayEnd(q.dateTo)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        staffId: auditLog.staffId,
        staffName: staff.name,
        action: auditLog.action,
        module: auditLog.module,
        reference: auditLog.reference,
        storeId: auditLog.storeId,
        ip: auditLog.ip,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, 'id:desc', auditLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null, createdAt: r.createdAt.toISOString() }));
  return pageOfRows(items, total?.n ?? 0, q.page, q.pageSize);
}

export function auditModule(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/auditLogs',
    permission: 'admin.log',
    summary: 'Audit log list with filters (staff, action, module, reference, dates)',
    tags: ['audit'],
    querystring: auditLogFiltersSchema,
    response: pageOf(auditLogItemSchema),
    handler: async (req) => listAuditLog(req, req.query),
  });
  route(app, {
    method: 'GET',
    url: '/systemLogs',
    permission: 'system.log',
    summary: 'System log: sign-in events (login, tried to login, logout) of module auth',
    tags: ['audit'],
    querystring: auditLogFiltersSchema,
    response: pageOf(auditLogItemSchema),
    handler: async (req) =>
      listAuditLog(req, req.query, { module: SYSTEM_LOG_MODULE, actions: SYSTEM_LOG_ACTIONS }),
  });
}
