import type { Page } from '@harbour/contracts';
import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `sort=field:asc` → ORDER BY over the columns a list allows (unknown fields — including
 * inherited names such as `__proto__` — fall back to the default, never reach SQL). The id breaks ties so pages never repeat or skip rows.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  tieBreaker?: AnyColumn,
): SQL[] {
  const pick = (s: string | undefined) => {
    if (!s) return undefined;
    const [field, dir] = s.split(':');
    // Own properties only: `__proto__`, `constructor` and friends are unknown fields, not columns.
    const col = field && Object.hasOwn(columns, field) ? columns[field] : undefined;
    return col ? (dir === 'desc' ? desc(col) : asc(col)) : undefined;
  };
  const first = pick(sort) ?? pick(fallback);
  return [...(first ? [first] : []), ...(tieBreaker ? [asc(tieBreaker)] : [])];
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

export const pageOfRows = <T>(items: T[], total: number, page: number, pageSize: number): Page<T> => ({
  items,
  total,
  page,
  pageSize,
});

/** `%text%` for ILIKE with the pattern characters of the user's text escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `count(*) over ()` next to the rows, so a page and its total come from one query. */
export const totalCount = sql<number>`cast(count(*) over () as integer)`;

/** Start of a Hong Kong business day as an instant, for date-range filters on timestamps. */
export const hkDayStart = (date: string | SQLWrapper) => sql`(${date}::date)::timestamp AT TIME ZONE 'Asia/Hong_Kong'`;
export const hkDayEnd = (date: string | SQLWrapper) => sql`((${date}::date) + 1)::timestamp AT TIME ZONE 'Asia/Hong_Kong'`;
