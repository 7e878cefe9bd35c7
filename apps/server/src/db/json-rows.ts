/**
 * Rows that travel as jsonb: a server-side function answers a table's row (its numbers as text,
 * `harbour_text_numbers`, migration 0063) or takes one in its payload. The table's drizzle columns
 * say how each value is read and named, so a row read this way is the row drizzle would answer.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './client.js';

/** A table's row from its jsonb (keys are column names, numbers as text), as drizzle reads it. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [prop, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    if (value === null || value === undefined) {
      out[prop] = null;
      continue;
    }
    const read: unknown = column.mapFromDriverValue(value);
    // a serial or integer column the driver would have answered as a number (not every column type parses text)
    out[prop] = column.dataType === 'number' && typeof read === 'string' ? Number(read) : read;
  }
  return out as T['$inferSelect'];
}

/** A row to insert as jsonb (keys are column names) for `jsonb_populate_record(null::<table>, …)`; left-out columns are left out. */
export function jsonOfRow<T extends PgTable>(table: T, row: Partial<T['$inferInsert']>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [prop, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[prop];
    if (value === undefined) continue;
    out[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/**
 * Runs one fixed statement as a named prepared statement on the transaction's connection
 * (`{ name, text, values }`): parsed and planned once per connection, no query built per request.
 */
export async function prepared<R extends pg.QueryResultRow>(tx: DbOrTx, q: { name: string; text: string; values: unknown[] }): Promise<R[]> {
  const session = (tx as unknown as { session?: { client?: pg.PoolClient | pg.Pool } }).session;
  const client = session?.client;
  if (!client) throw new Error('prepared() needs a drizzle node-postgres database or transaction');
  const result = await client.query<R>(q);
  return result.rows;
}
