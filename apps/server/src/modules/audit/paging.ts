import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQueryBase } from '@harbour/contracts';
import { badRequest } from '../../http/app-error.js';

/**
 * Paging and sorting of the administration lists. `sort=field:dir` may only name a column the
 * list offers (anything else is a 400 on `sort`, never SQL); ties break on the id so pages are stable.
 */
export function orderOf(
  sort: string | undefined,
  fallback: string,
  columns: Record<string, AnyColumn | SQL>,
  id: AnyColumn,
): SQL[] {
  const [field = '', dir = 'asc'] = (sort ?? fallback).split(':');
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw badRequest('errors.validation', [{ field: 'sort', message: 'validation.choice' }]);
  const order = dir === 'desc' ? desc : asc;
  return column === id ? [order(id)] : [order(column), order(id)];
}

export const offsetOf = (q: ListQueryBase) => (q.page - 1) * q.pageSize;

export const pageAnswer = <T>(items: T[], total: number, q: ListQueryBase) => ({
  items,
  total,
  page: q.page,
  pageSize: q.pageSize,
});

/** `%` and `_` typed into a filter are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Hong Kong business dates: a `dateTo` filter includes the whole day. */
export const hkDayStart = (date: string) => new Date(`${date}T00:00:00+08:00`);
export const hkDayEnd = (date: string) => new Date(new Date(`${date}T00:00:00+08:00`).getTime() + 86_400_000);
