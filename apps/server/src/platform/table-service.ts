import type { Page, ResourceDecl } from '@harbour/contracts';
import { and, eq, fillPlaceholders, getTableColumns, gte, ilike, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client.js';
import { propertyOf } from '../db/property-of.js';
import { hkDayEnd, hkDayStart, likePattern, offsetOf, orderBy, pageOfRows, totalCount } from './list.js';
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

/**
 * The filters of a list query that have a value, each as its condition and its bound values.
 * Conditions take placeholders (`sql.placeholder`), so one shape of query — the same filters in
 * use, the same sort — is built once and run with other values (see `listShapes`).
 */
function filtersFor<D extends ResourceDecl>(decl: D, map: TableMapping<D>, q: Row): { key: string; conditions: SQL[]; values: Row } {
  const conditions: SQL[] = [];
  const values: Row = {};
  const keys: string[] = [];
  const bind = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  for (const f of decl.fields) {
    const col = columnOf(map.columns, f.name);
    if (!f.filter || !col) continue;
    if (f.filter === 'dateRange') {
      const from = q[`${f.name}From`];
      const to = q[`${f.name}To`];
      const isInstant = (col as { columnType?: string }).columnType === 'PgTimestamp';
      if (typeof from === 'string') {
        const p = bind(`${f.name}From`, from);
        conditions.push(isInstant ? gte(col, hkDayStart(p)) : gte(col, sql`${p}::date`));
        keys.push(`${f.name}From`);
      }
      if (typeof to === 'string') {
        const p = bind(`${f.name}To`, to);
        conditions.push(isInstant ? lt(col, hkDayEnd(p)) : lte(col, sql`${p}::date`));
        keys.push(`${f.name}To`);
      }
      continue;
    }
    const v = q[f.name];
    if (v === undefined || v === null || v === '') continue;
    conditions.push(f.filter === 'text' ? ilike(col, bind(f.name, likePattern(String(v)))) : eq(col, bind(f.name, v)));
    keys.push(f.name);
  }
  return { key: keys.join(','), conditions, values };
}

/** A bound on the list query shapes kept per resource; past it a shape is built for each call. */
const MAX_SHAPES = 200;

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
  /** A caller's sort, reduced to a declared field and a direction (or the default): never raw input in a cache key. */
  const resolvedSort = (requested: string | undefined): string => {
    const [field, dir] = (requested ?? '').split(':');
    return field && Object.hasOwn(sortable, field) ? `${field}:${dir === 'desc' ? 'desc' : 'asc'}` : decl.defaultSort;
  };
  const listShapes = new Map<string, { sql: string; params: unknown[] }>();
  /** A row of `execute` (keyed by column names, driver values) as drizzle's select gives it. */
  const columns = Object.entries(getTableColumns(table));
  const fromDriver = (row: Row): Row => {
    const out: Row = {};
    for (const [prop, col] of columns) {
      const v = row[col.name];
      out[prop] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
    }
    return out;
  };
  const toUpdate = map.toUpdate ?? (map.toInsert as TableMapping<D>['toUpdate']);
  /** A store-owned row's store, for its audit rows' visibility. */
  const storesOf = (row: Row) => (storeProp ? [row[storeProp] as number] : null);

  const service: ResourceService<D> = {
    list: (ctx, query) =>
      reading(ctx, async (tx) => {
        const q = query as Row & { page: number; pageSize: number; sort?: string };
        const filters = filtersFor(decl, map, q);
        const scoped = scope(ctx) !== undefined;
        const sort = resolvedSort(q.sort);
        const values: Row = { ...filters.values, limit: q.pageSize, offset: offsetOf(q.page, q.pageSize), ...(scoped ? { store: currentStore(ctx) } : {}) };
        const where = and(...filters.conditions, scoped && map.storeColumn ? eq(map.storeColumn, sql.placeholder('store')) : undefined);
        // The query is built by drizzle once per shape (which filters, which sort, scoped or not)
        // and kept as SQL text: building it cost more than running it.
        const key = `${filters.key}|${sort}|${scoped}`;
        let shape = listShapes.get(key);
        if (!shape) {
          shape = tx
            .select({ ...getTableColumns(table), [TOTAL]: totalCount.as(TOTAL) })
            .from(table)
            .where(where)
            .orderBy(...orderBy(sort, sortable, decl.defaultSort, map.id))
            .limit(sql.placeholder('limit') as unknown as number)
            .offset(sql.placeholder('offset') as unknown as number)
            .toSQL();
          if (listShapes.size < MAX_SHAPES) listShapes.set(key, shape);
        }
        const { rows } = await tx.execute(withParams(shape.sql, fillPlaceholders(shape.params, values)));
        let total = Number(rows[0]?.[TOTAL] ?? 0);
        if (rows.length === 0 && q.page > 1) {
          // A page past the end carries no total; count separately.
          const count = tx.select({ n: sql<number>`cast(count(*) as integer)`.as('n') }).from(table).where(where).toSQL();
          const counted = await tx.execute(withParams(count.sql, fillPlaceholders(count.params, values)));
          total = Number(counted.rows[0]?.n ?? 0);
        }
        const items = rows.map((row) => map.toItem(fromDriver(row)));
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
    const updateIn: NonNullable<ResourceService<D>['updateIn']> = async (tx, ctx, id, input) => {
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
    };
    service.updateIn = updateIn;
    service.update = (ctx, id, input) => withTx(ctx, (tx) => updateIn(tx, ctx, id, input));
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

/** SQL text with `$n` parameters and their values, as drizzle's `sql` (cheap: one chunk a part). */
function withParams(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1]))));
}
