import {
  customerOptionResource,
  loanOptionResource,
  OPTION_CATEGORIES,
  OPTION_GROUPS,
  OPTION_RESOURCES,
  type OptionCategory,
  type OptionChoice,
  type OptionChoices,
  type OptionGroup,
  type OptionItem,
  type OptionState,
  type Language,
} from '@harbour/contracts';
import { OPTION_STATUS } from '@harbour/domain';
import { and, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { optionItems } from '../../db/schema/index.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import type { ServiceContext } from '../../platform/context.js';
import type { ResourceService } from '../../platform/resource-service.js';
import { changeStatus } from '../../platform/status-change.js';
import { tableService } from '../../platform/table-service.js';
import { withTx } from '../../platform/tx.js';

type OptionRow = typeof optionItems.$inferSelect;
type Row = Record<string, unknown>;

export const toOptionItem = (row: OptionRow): OptionItem => ({
  id: row.id,
  category: row.category as OptionCategory,
  code: row.code,
  labelZhTw: row.labelZhTw,
  labelEn: row.labelEn,
  labelZhCn: row.labelZhCn,
  sortOrder: row.sortOrder,
  state: row.state as OptionState,
  builtin: row.builtin,
  updatedAt: row.updatedAt.toISOString(),
});

/** One code per category: said on the code field (the unique index still guards races with a 409). */
async function assertCodeFree(db: DbOrTx, category: string, code: string, exceptId?: number) {
  const [other] = await db
    .select({ id: optionItems.id })
    .from(optionItems)
    .where(and(eq(optionItems.category, category), eq(optionItems.code, code), exceptId === undefined ? undefined : ne(optionItems.id, exceptId)));
  if (other) throw fieldError('code', 'options.codeTaken');
}

/**
 * The service of one group's option list (customer related or loan related): the rows of the
 * group's categories only — another group's option answers 404, like a missing one.
 */
type OptionService = ResourceService<typeof customerOptionResource>;

function optionService(group: OptionGroup): OptionService {
  // Both groups' declarations have the same shape; only the category choices differ.
  const decl = OPTION_RESOURCES[group] as typeof customerOptionResource;
  const categories: readonly string[] = OPTION_GROUPS[group];
  const inGroup = (row: Row) => {
    if (!categories.includes(row.category as string)) throw notFound();
    return row as OptionRow;
  };
  const base = tableService(decl, {
    table: optionItems,
    id: optionItems.id,
    columns: { category: optionItems.category, code: optionItems.code, sortOrder: optionItems.sortOrder, state: optionItems.state },
    toItem: (row) => toOptionItem(row as OptionRow),
    toInsert: async (input, _ctx, tx) => {
      await assertCodeFree(tx, input.category, input.code);
      return { category: input.category, code: input.code, labelZhTw: input.labelZhTw, labelEn: input.labelEn, labelZhCn: input.labelZhCn, sortOrder: input.sortOrder };
    },
    toUpdate: async (input, _ctx, before, tx) => {
      const row = inGroup(before);
      if (input.code !== undefined && input.code !== row.code) {
        if (row.builtin) throw conflict('options.builtinCode', { code: row.code });
        await assertCodeFree(tx, row.category, input.code, row.id);
      }
      return { code: input.code, labelZhTw: input.labelZhTw, labelEn: input.labelEn, labelZhCn: input.labelZhCn, sortOrder: input.sortOrder };
    },
    beforeDelete: async (_tx, before) => {
      const row = inGroup(before);
      if (row.builtin) throw conflict('options.builtinDelete', { code: row.code });
    },
  });
  const sortable = { code: optionItems.code, sortOrder: optionItems.sortOrder, state: optionItems.state };
  const categoryOrder = sql`array_position(${sql.raw(`ARRAY[${categories.map((c) => `'${c}'`).join(',')}]::text[]`)}, ${optionItems.category})`;

  const status = (action: 'disable' | 'enable') => (ctx: ServiceContext, id: number) =>
    withTx(ctx, async (tx) => {
      inGroup((await tx.select().from(optionItems).where(eq(optionItems.id, id)))[0] ?? throwNotFound());
      const { after } = await changeStatus(tx, ctx, { table: optionItems, id: optionItems.id, status: optionItems.state, machine: OPTION_STATUS, module: decl.name }, id, action);
      return toOptionItem(after as OptionRow);
    });

  return {
    ...base,
    /** Filters: category (of the group), text in the code or any label, state; sorted in the group's category order. */
    list: async (ctx, q) => {
      const where: SQL[] = [inArray(optionItems.category, [...categories])];
      if (q.category) where.push(eq(optionItems.category, q.category));
      if (q.label) where.push(ilike(optionItems.searchText, likePattern(q.label)));
      if (q.state) where.push(eq(optionItems.state, q.state));
      const rows = await ctx.db
        .select({ row: optionItems, total: totalCount })
        .from(optionItems)
        .where(and(...where))
        .orderBy(...(q.sort ? orderBy(q.sort, sortable, decl.defaultSort) : []), categoryOrder, optionItems.sortOrder, optionItems.id)
        .limit(q.pageSize)
        .offset(offsetOf(q.page, q.pageSize));
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [counted] = await ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(optionItems).where(and(...where));
        total = counted?.n ?? 0;
      }
      return pageOfRows(rows.map((r) => toOptionItem(r.row)), total, q.page, q.pageSize);
    },
    get: async (ctx, id) => {
      const item = await base.get(ctx, id);
      if (!categories.includes(item.category)) throw notFound();
      return item;
    },
    actions: { disable: status('disable'), enable: status('enable') },
  };
}

const throwNotFound = (): never => {
  throw notFound();
};

export const customerOptionService = optionService('customer');
export const loanOptionService = optionService('loan') as unknown as ResourceService<typeof loanOptionResource>;

/** Which option a record names: its id, or (for rules and imports) its code. */
export type OptionRef = { id: number } | { code: string };

/** The option of `category` that `ref` names, whatever its state; undefined when there is none. */
export async function findOption(db: DbOrTx, category: OptionCategory, ref: OptionRef): Promise<OptionItem | undefined> {
  const [row] = await db
    .select()
    .from(optionItems)
    .where(and(eq(optionItems.category, category), 'id' in ref ? eq(optionItems.id, ref.id) : eq(optionItems.code, ref.code)));
  return row ? toOptionItem(row) : undefined;
}

/**
 * For the modules whose records take a value from an option list (a customer's marital status, a
 * loan's repayment cycle): the option `ref` of `category` exists and is normal, else a 400 on
 * `field` (`options.unavailable`). `keep` is the id the record already has: it passes even if it
 * has been disabled since, so editing other fields of an old record does not fail.
 */
export async function assertOption(
  db: DbOrTx | Tx,
  category: OptionCategory,
  ref: OptionRef,
  field: string,
  opts: { keep?: number | null } = {},
): Promise<OptionItem> {
  const option = await findOption(db, category, ref);
  if (!option || (option.state !== 'normal' && option.id !== opts.keep)) throw fieldError(field, 'options.unavailable');
  return option;
}

/** Every category's enabled options in their order (`GET /optionChoices`), for other screens' drop-downs. */
export async function listOptionChoices(db: DbOrTx): Promise<OptionChoices> {
  const rows = await db
    .select({ category: optionItems.category, code: optionItems.code, labelZhTw: optionItems.labelZhTw, labelEn: optionItems.labelEn, labelZhCn: optionItems.labelZhCn })
    .from(optionItems)
    .where(eq(optionItems.state, 'normal' satisfies OptionState))
    .orderBy(optionItems.category, optionItems.sortOrder, optionItems.id);
  const choices = Object.fromEntries(OPTION_CATEGORIES.map((c) => [c, [] as OptionChoice[]])) as OptionChoices;
  for (const { category, ...choice } of rows) choices[category as OptionCategory]?.push(choice);
  return choices;
}

/** An option's label in `lang`. */
export const optionLabelIn = (option: OptionChoice, lang: Language): string =>
  lang === 'en' ? option.labelEn : lang === 'zh-CN' ? option.labelZhCn : option.labelZhTw;
