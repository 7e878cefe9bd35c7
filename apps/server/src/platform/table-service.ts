import type { Page, ResourceDecl } from '@harbour/contracts';
import { and, eq, getTableColumns, gte, ilike, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client.js';
import { propertyOf } from '../db/property-of.js';
import { hkDayEnd, hkDayStart, likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../http/list.js';
import { audit } from './audit.js';
import type { ServiceContext } from './context.js';
import type { ResourceService } from './resource-service.js';
import { currentStore, found, storeScope } from './store-scope.js';
import { withReadTx, withTx } from './tx.js';

type Row = Record<string, unknown>;
/** Alias of the window-count column next to the rows of a page. */
const TOTAL = '__total';

type ItemOf<D extends ResourceDecl> = z.output<D['item']>;
type CreateOf<D extends ResourceDecl> = z.output<NonNullable<D['create']>>;
type UpdateOf<D extends ResourceDecl> = z.output<NonNullable<D['update']>>;

/** How a resource's fields meet its drizzle table (supplied by the module). */
export interface TableMapping<D extends ResourceDecl> {
  table: PgTable;
  /** The primary key column (an integer id). */
  id: AnyColumn;
  /** `store_id` of a store-owned resource (required when `decl.storeScoped`). */
  storeColumn?: AnyColumn;
  /** Field name → column, for filters and sorting (only mapped fields filter or sort). */
  columns: Readonly<Record<string, AnyColumn>>;
  toItem: (row: Row) => ItemOf<D>;
  /** Create payload → column values (drizzle property names); may check and throw. */
  toInsert?: (input: CreateOf<D>, ctx: ServiceContext, tx: Tx) => Row | Promise<Row>;
  /** Update payload → column values; defaults to `toInsert`. */
  toUpdate?: (input: UpdateOf<D>, ctx: ServiceContext, before: Row, tx: Tx) => Row | Promise<Row>;
  /** Business checks before a delete (throw `conflict(...)`); references are refused anyway (409). */
  beforeDelete?: (tx: Tx, row: Row, ctx: ServiceContext) => Promise<void>;
}

/** A caller-given field name → its column, only for names the mapping itself declares. */
const columnOf = (columns: Readonly<Record<string, AnyColumn>>, name: string): AnyColumn | undefined =>
  Object.hasOwn(columns, name) ? columns[name] : undefined;

function filtersFor<D extends ResourceDecl>(decl: D, map: TableMapping<D>, q: Row): SQL[] {
  const out: SQL[] = [];
  for (const f of decl.fields) {
    const col = columnOf(map.columns, f.name);
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
 * The default service of a declared resource: one table, read and written through the store
 * scope (row-level security plus the `store_id` condition), one audit row per change
 * (`add` / `edit` / `delete`, module = the declaration's name). Modules with more to do write
 * their own `ResourceService` and may still start from this one.
 */
export function tableService<D extends ResourceDecl>(decl: D, map: TableMapping<D>): ResourceService<D> {
  if (decl.storeScoped && !map.storeColumn) throw new Error(`${decl.name}: a store-owned resource needs storeColumn`);
  const { table } = map;
  const idProp = propertyOf(table, map.id);
  const storeProp = decl.storeScoped && map.storeColumn ? propertyOf(table, map.storeColumn) : undefined;
  const scope = (ctx: ServiceContext) => (map.storeColumn && decl.storeScoped ? storeScope(ctx, map.storeColumn) : undefined);
  const byId = (ctx: ServiceContext, id: number) => and(eq(map.id, id), scope(ctx));
  // Rows of no store need no transaction to be read; store-owned rows only show inside one that
  // carries the caller's store scope.
  const reading = <T>(ctx: ServiceContext, fn: (db: DbOrTx) => Promise<T>): Promise<T> => (decl.storeScoped ? withReadTx(ctx, fn) : fn(ctx.db));
  const read = async (tx: DbOrTx, ctx: ServiceContext, id: number, lock = false) => {
    const q = tx.select().from(table).where(byId(ctx, id));
    const rows = (lock ? await q.for('update') : await q) as Row[];
    return found(rows[0]);
  };
  const sortable = Object.fromEntries(
    decl.fields.flatMap((f) => {
      const col = f.sortable ? columnOf(map.columns, f.name) : undefined;
      return col ? [[f.name, col] as const] : [];
    }),
  );
  const toUpdate = map.toUpdate ?? (map.toInsert as TableMapping<D>['toUpdate']);
  /** A store-owned row's store, for its audit rows' visibility. */
  const storesOf = (row: Row) => (storeProp ? [row[storeProp] as number] : null);

  const service: ResourceService<D> = {
    list: (ctx, query) =>
      reading(ctx, async (tx) => {
        const q = query as Row & { page: number; pageSize: number; sort?: string };
        const where = and(...filtersFor(decl, map, q), scope(ctx));
        const rows = (await tx
          .select({ ...getTableColumns(table), [TOTAL]: totalCount })
          .from(table)
          .where(where)
          .orderBy(...orderBy(q.sort, sortable, decl.defaultSort, map.id))
          .limit(q.pageSize)
          .offset(offsetOf(q.page, q.pageSize))) as Row[];
        let total = Number(rows[0]?.[TOTAL] ?? 0);
        if (rows.length === 0 && q.page > 1) {
          // A page past the end carries no total; count separately.
          const [c] = (await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(where)) as { n: number }[];
          total = c?.n ?? 0;
        }
        const items = rows.map(({ [TOTAL]: _t, ...row }) => map.toItem(row));
        return pageOfRows(items, total, q.page, q.pageSize) as Page<ItemOf<D>>;
      }),
    get: (ctx, id) => reading(ctx, async (tx) => map.toItem(await read(tx, ctx, id))),
  };

  if (decl.create && map.toInsert) {
    const toInsert = map.toInsert;
    service.create = (ctx, input) =>
      withTx(ctx, async (tx) => {
        const values = await toInsert(input, ctx, tx);
        const store = storeProp ? { [storeProp]: currentStore(ctx) } : {};
        const [row] = (await tx
          .insert(table)
          .values({ ...values, ...store, createdBy: ctx.auth?.staffId ?? null } as never)
          .returning()) as Row[];
        const item = map.toItem(row!);
        await audit(tx, { action: 'add', module: decl.name, reference: String(row![idProp]), after: item, recordStores: storesOf(row!) });
        return item;
      });
  }

  if (decl.update && toUpdate) {
    service.update = (ctx, id, input) =>
      withTx(ctx, async (tx) => {
        const before = await read(tx, ctx, id, true);
        const values = await toUpdate(input, ctx, before, tx);
        const [row] = (await tx
          .update(table)
          .set({ ...values, updatedAt: new Date() } as never)
          .where(byId(ctx, id))
          .returning()) as Row[];
        const item = map.toItem(row!);
        await audit(tx, { action: 'edit', module: decl.name, reference: id, before: map.toItem(before), after: item, recordStores: storesOf(row!) });
        return item;
      });
  }

  if (decl.permissions.delete) {
    service.remove = (ctx, id) =>
      withTx(ctx, async (tx) => {
        const before = await read(tx, ctx, id, true);
        await map.beforeDelete?.(tx, before, ctx);
        await tx.delete(table).where(byId(ctx, id));
        await audit(tx, { action: 'delete', module: decl.name, reference: id, before: map.toItem(before), recordStores: storesOf(before) });
      });
  }
  return service;
}
