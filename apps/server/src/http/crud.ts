import type { ResourceDecl } from '@harbour/contracts';
import { pageOf } from '@harbour/contracts';
import { and, eq, getTableColumns, gte, ilike, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../db/client.js';
import { audit } from '../platform/audit.js';
import { hkDayEnd, hkDayStart, likePattern, offsetOf, orderBy, pageOfRows, totalCount } from './list.js';
import { route, succeed } from './route.js';
import { found, storeScope, currentStore } from '../platform/store-scope.js';
import { withTx } from '../platform/tx.js';

type Row = Record<string, unknown>;
/** Alias of the window-count column next to the rows of a page. */
const TOTAL = '__total';

/** How a resource's fields meet its drizzle table (supplied by the module). */
export interface CrudMapping<D extends ResourceDecl> {
  table: PgTable;
  /** The primary key column (an integer id). */
  id: AnyColumn;
  /** `store_id` of a store-scoped resource (required when `decl.storeScoped`). */
  storeColumn?: AnyColumn;
  /** Field name → column, for filters and sorting (only mapped fields filter or sort). */
  columns: Record<string, AnyColumn>;
  toItem: (row: Row) => z.output<D['item']>;
  /** Create payload → column values (drizzle property names). */
  toInsert?: (input: z.output<NonNullable<D['create']>>, req: FastifyRequest) => Row | Promise<Row>;
  /** Update payload → column values; defaults to `toInsert`. */
  toUpdate?: (input: z.output<NonNullable<D['update']>>, req: FastifyRequest, before: Row) => Row | Promise<Row>;
  /** Business checks before a delete (throw `conflict(...)`); references are refused anyway (409). */
  beforeDelete?: (tx: Tx, row: Row, req: FastifyRequest) => Promise<void>;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function filtersFor<D extends ResourceDecl>(decl: D, map: CrudMapping<D>, q: Row): SQL[] {
  const out: SQL[] = [];
  for (const f of decl.fields) {
    const col = map.columns[f.name];
    if (!f.filter || !col) continue;
    if (f.filter === 'dateRange') {
      const from = q[`${f.name}From`];
      const to = q[`${f.name}To`];
      const isInstant = (col as { columnType?: string }).columnType === 'PgTimestamp';
      if (typeof from === 'string') out.push(isInstant ? gte(col, hkDayStart(from)) : gte(col, from));
      if (typeof to === 'string') out.push(isInstant ? lt(col, hkDayEnd(to)) : lte(col, to));
      continue;
    }
    const v = q[f.name];
    if (v === undefined || v === null || v === '') continue;
    out.push(f.filter === 'text' ? ilike(col, likePattern(String(v))) : eq(col, v));
  }
  return out;
}

/**
 * CRUD routes from a `ResourceDecl` (architecture §6): list (filters, sort, pages), get, create,
 * update, delete — each with the declaration's permission key, store scope and one audit row per
 * change. A delete of a row still referenced answers 409.
 */
export function registerCrud<D extends ResourceDecl>(app: FastifyInstance, decl: D, map: CrudMapping<D>): void {
  if (decl.storeScoped && !map.storeColumn) throw new Error(`${decl.name}: a store-scoped resource needs storeColumn`);
  const table = map.table;
  const tags = [decl.name];
  const scope = (req: FastifyRequest) => (decl.storeScoped && map.storeColumn ? storeScope(req, map.storeColumn) : undefined);
  const byId = (req: FastifyRequest, id: number) => and(eq(map.id, id), scope(req));
  const read = async (db: Tx | FastifyInstance['db'], req: FastifyRequest, id: number, lock = false) => {
    const q = db.select().from(table).where(byId(req, id));
    const rows = (lock ? await q.for('update') : await q) as Row[];
    return found(rows[0]);
  };
  const sortable = Object.fromEntries(decl.fields.filter((f) => f.sortable && map.columns[f.name]).map((f) => [f.name, map.columns[f.name]!]));

  route(app, {
    method: 'GET',
    url: decl.path,
    permission: decl.permissions.list,
    tags,
    summary: `List ${decl.name}`,
    querystring: decl.filters,
    response: pageOf(decl.item),
    handler: async (req) => {
      const q = req.query as Row & { page: number; pageSize: number; sort?: string };
      const where = and(...filtersFor(decl, map, q), scope(req));
      const rows = (await req.server.db
        .select({ ...getTableColumns(table), [TOTAL]: totalCount })
        .from(table)
        .where(where)
        .orderBy(...orderBy(q.sort, sortable, decl.defaultSort, map.id))
        .limit(q.pageSize)
        .offset(offsetOf(q.page, q.pageSize))) as Row[];
      let total = Number(rows[0]?.[TOTAL] ?? 0);
      if (rows.length === 0 && q.page > 1) {
        // A page past the end carries no total; count separately.
        const [c] = (await req.server.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(where)) as { n: number }[];
        total = c?.n ?? 0;
      }
      const items = rows.map(({ [TOTAL]: _t, ...row }) => map.toItem(row));
      return pageOfRows(items, total, q.page, q.pageSize);
    },
  });

  route(app, {
    method: 'GET',
    url: `${decl.path}/:id`,
    permission: decl.permissions.view ?? decl.permissions.list,
    tags,
    summary: `One ${decl.name} item`,
    params: idParams,
    response: decl.item,
    handler: async (req) => map.toItem(await read(req.server.db, req, req.params.id)),
  });

  if (decl.create && decl.permissions.create && map.toInsert) {
    const toInsert = map.toInsert;
    route(app, {
      method: 'POST',
      url: decl.path,
      permission: decl.permissions.create,
      tags,
      summary: `Create ${decl.name}`,
      body: decl.create,
      response: decl.item,
      handler: async (req) => {
        const values = await toInsert(req.body as z.output<NonNullable<D['create']>>, req);
        const item = await withTx(req, async (tx) => {
          const store = decl.storeScoped && map.storeColumn ? { [propOf(table, map.storeColumn)]: currentStore(req) } : {};
          const [row] = (await tx
            .insert(table)
            .values({ ...values, ...store, createdBy: req.auth?.staffId ?? null } as never)
            .returning()) as Row[];
          const it = map.toItem(row!);
          await audit(tx, { action: 'add', module: decl.name, reference: String(row![idKey(map, row!)]), after: it });
          return it;
        });
        succeed(req, 'success.created');
        return item;
      },
    });
  }

  const toUpdate = map.toUpdate ?? (map.toInsert as CrudMapping<D>['toUpdate']);
  if (decl.update && decl.permissions.update && toUpdate) {
    route(app, {
      method: 'PUT',
      url: `${decl.path}/:id`,
      permission: decl.permissions.update,
      tags,
      summary: `Update ${decl.name}`,
      params: idParams,
      body: decl.update,
      response: decl.item,
      handler: async (req) => {
        const item = await withTx(req, async (tx) => {
          const before = await read(tx, req, req.params.id, true);
          const values = await toUpdate(req.body as z.output<NonNullable<D['update']>>, req, before);
          const [row] = (await tx
            .update(table)
            .set({ ...values, updatedAt: new Date() } as never)
            .where(byId(req, req.params.id))
            .returning()) as Row[];
          const it = map.toItem(row!);
          await audit(tx, { action: 'edit', module: decl.name, reference: req.params.id, before: map.toItem(before), after: it });
          return it;
        });
        succeed(req, 'success.updated');
        return item;
      },
    });
  }

  if (decl.permissions.delete) {
    route(app, {
      method: 'DELETE',
      url: `${decl.path}/:id`,
      permission: decl.permissions.delete,
      tags,
      summary: `Delete ${decl.name} (409 while referenced)`,
      params: idParams,
      response: z.object({ id: z.number().int() }),
      handler: async (req) => {
        await withTx(req, async (tx) => {
          const before = await read(tx, req, req.params.id, true);
          await map.beforeDelete?.(tx, before, req);
          await tx.delete(table).where(byId(req, req.params.id));
          await audit(tx, { action: 'delete', module: decl.name, reference: req.params.id, before: map.toItem(before) });
        });
        succeed(req, 'success.deleted');
        return { id: req.params.id };
      },
    });
  }
}

/** The drizzle property name of a column in its table (`storeId` for `store_id`). */
function propOf(table: PgTable, column: AnyColumn): string {
  for (const [prop, col] of Object.entries(table as unknown as Record<string, unknown>)) if (col === column) return prop;
  throw new Error(`column ${(column as { name: string }).name} is not in the table`);
}

function idKey<D extends ResourceDecl>(map: CrudMapping<D>, _row: Row): string {
  return propOf(map.table, map.id);
}
