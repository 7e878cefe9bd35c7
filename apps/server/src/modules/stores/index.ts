import {
  adminStoresAnswerSchema,
  AUTHENTICATED,
  pageOf,
  storesLogItemSchema,
  storesLogQuerySchema,
  storesResource,
  type StoreCreate,
  type StoreItem,
  type StoresLogQuery,
} from '@harbour/contracts';
import { and, count, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, staff, staffStores, stores } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { registerResource } from '../../http/resource.js';
import { tableService } from '../../platform/table-service.js';
import { hkDayEnd, hkDayStart, offsetOf, orderBy, pageOfRows } from '../../platform/list.js';
import { route } from '../../http/route.js';
import { allowedStores } from '../auth/user-info.js';

type StoreRow = typeof stores.$inferSelect;

const toItem = (r: StoreRow): StoreItem => ({
  id: r.id,
  storeName: r.nameZh,
  englishName: r.nameEn,
  code: r.code ?? '',
  address: r.address,
  saleTel: r.saleTel,
  contactName: r.contactName,
  mobile: r.mobile,
  lendMoney: r.lendMoney,
  gainMoney: r.gainMoney,
  createdAt: r.createdAt.toISOString(),
});

const toColumns = (input: StoreCreate) => ({
  nameZh: input.storeName,
  nameEn: input.englishName,
  code: input.code,
  address: input.address,
  saleTel: input.saleTel,
  contactName: input.contactName,
  mobile: input.mobile,
  lendMoney: input.lendMoney,
  gainMoney: input.gainMoney,
});

/** `GET /storesLog`: the store changes of the audit log (module `stores`). */
async function storesLog(db: DbOrTx, q: StoresLogQuery) {
  const where = and(
    eq(auditLog.module, storesResource.name),
    q.storeId ? eq(auditLog.reference, String(q.storeId)) : undefined,
    q.staffId ? eq(auditLog.staffId, q.staffId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.dateFrom ? gte(auditLog.createdAt, hkDayStart(q.dateFrom)) : undefined,
    q.dateTo ? lt(auditLog.createdAt, hkDayEnd(q.dateTo)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        reference: auditLog.reference,
        staffId: auditLog.staffId,
        staffName: staff.name,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(...orderBy(q.sort, { id: auditLog.id, createdAt: auditLog.createdAt }, 'id:desc'))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    storeId: r.reference && /^\d+$/.test(r.reference) ? Number(r.reference) : null,
    staffId: r.staffId,
    staffName: r.staffName,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return pageOfRows(items, total?.n ?? 0, q.page, q.pageSize);
}

/** Stores (spec §3 "Store") from their declaration, plus the spec §7 calls `stores/adminStores` and `storesLog`. */
export function storesModule(app: FastifyInstance) {
  // Before the CRUD routes' `/stores/:id`; a static segment wins over a parameter either way.
  route(app, {
    method: 'GET',
    url: '/stores/adminStores',
    permission: AUTHENTICATED,
    summary: 'Stores the caller may use (store switcher)',
    tags: ['stores'],
    response: adminStoresAnswerSchema,
    handler: async (req) => {
      const auth = req.auth!;
      const [me] = await req.server.db.select({ defaultStoreId: staff.defaultStoreId }).from(staff).where(eq(staff.id, auth.staffId));
      const rows = allowedStores(auth);
      return {
        items: rows.map((s) => ({
          storeId: s.id,
          storeName: s.nameZh,
          englishName: s.nameEn,
          isDefault: s.id === me?.defaultStoreId,
          isCurrent: s.id === auth.storeId,
        })),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/storesLog',
    permission: 'stores.log',
    summary: 'Store changes from the audit log',
    tags: ['stores'],
    querystring: storesLogQuerySchema,
    response: pageOf(storesLogItemSchema),
    handler: async (req) => storesLog(req.server.db, req.query),
  });

  registerResource(
    app,
    storesResource,
    tableService(storesResource, {
      table: stores,
      id: stores.id,
      columns: {
        id: stores.id,
        storeName: stores.nameZh,
        englishName: stores.nameEn,
        code: stores.code,
        lendMoney: stores.lendMoney,
        gainMoney: stores.gainMoney,
        createdAt: stores.createdAt,
      },
      toItem: (row) => toItem(row as StoreRow),
      toInsert: (input) => toColumns(input),
      // A store staff may log into (or default to) stays; the database refuses other references (409).
      beforeDelete: async (tx, row) => {
        const id = (row as StoreRow).id;
        const [used] = await tx
          .select({ n: count() })
          .from(staff)
          .where(
            or(
              eq(staff.defaultStoreId, id),
              sql`exists (select 1 from ${staffStores} where ${staffStores.staffId} = ${staff.id} and ${staffStores.storeId} = ${id})`,
            ),
          );
        if ((used?.n ?? 0) > 0) throw conflict('admin.storeInUse');
      },
    }),
  );
}
