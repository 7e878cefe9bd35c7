import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The drizzle property name of a column in its table (`storeId` for `store_id`). */
export function propertyOf(table: PgTable, column: AnyColumn): string {
  for (const [prop, col] of Object.entries(table as unknown as Record<string, unknown>)) if (col === column) return prop;
  throw new Error(`column ${(column as { name: string }).name} is not in the table`);
}
