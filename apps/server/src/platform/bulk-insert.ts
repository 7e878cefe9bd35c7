/**
 * Many rows into one table as ONE statement of one array parameter per column:
 * `insert into t (a, b, …) select * from unnest($1::integer[], $2::date[], …)`. The statement's
 * text is the same whatever the number of rows (so it is prepared once per connection) and the
 * query is built from a handful of parameters, where drizzle's multi-row `values` builds and
 * checks one parameter per cell — at an import's volume most of the commit's own time.
 */
import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';

/**
 * Inserts `rows` (the table's insert shape, every row giving the same columns: a column left out
 * takes its default, so a row may not leave out what another gives) and answers the `returning`
 * columns of each row, named by their keys (match them by a key, not by position).
 */
export async function insertUnnest<T extends PgTable, K extends keyof T['_']['columns'] & string = never>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: readonly K[] = [],
): Promise<Record<K, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, T['_']['columns'][string]>;
  const given = (r: Record<string, unknown>) => Object.keys(columns).filter((k) => r[k] !== undefined);
  const keys = given(rows[0]! as Record<string, unknown>);
  for (const r of rows) if (given(r as Record<string, unknown>).join() !== keys.join()) throw new Error(`insertUnnest: every row of ${getTableName(table)} must give the same columns`);
  const arrays: SQL[] = keys.map((k) => {
    const c = columns[k]!;
    const values = rows.map((r) => {
      const v = (r as Record<string, unknown>)[k];
      return v === null ? null : c.mapToDriverValue(v);
    });
    return sql`${sql.param(values)}::${sql.raw(c.getSQLType())}[]`;
  });
  const names = keys.map((k) => sql.identifier(columns[k]!.name));
  const back = returning.length > 0 ? sql` returning ${sql.join(returning.map((k) => sql`${sql.identifier(columns[k]!.name)} as ${sql.identifier(k)}`), sql`, `)}` : sql``;
  // `with ordinality … order by` keeps the rows' order, so the serial ids follow it
  const result = await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(keys.map((_, n) => sql.identifier(`c${n}`)), sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${sql.join([...keys.map((_, n) => sql.identifier(`c${n}`)), sql.identifier('n')], sql`, `)}) order by n${back}`,
  );
  return result.rows as Record<K, unknown>[];
}

/**
 * `insertUnnest` for rows that may leave out different columns (a column left out takes its
 * default, as drizzle's multi-row `values` writes `default` for it): each run of consecutive rows
 * giving the same columns is one statement, in the rows' order. Answers the `returning` columns of
 * every row, in that order.
 */
export async function insertUnnestRuns<T extends PgTable, K extends keyof T['_']['columns'] & string = never>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: readonly K[] = [],
): Promise<Record<K, unknown>[]> {
  const shape = (r: Record<string, unknown>) =>
    Object.keys(r)
      .filter((k) => r[k] !== undefined)
      .sort()
      .join();
  const out: Record<K, unknown>[] = [];
  let start = 0;
  while (start < rows.length) {
    const key = shape(rows[start]! as Record<string, unknown>);
    let end = start + 1;
    while (end < rows.length && shape(rows[end]! as Record<string, unknown>) === key) end++;
    out.push(...(await insertUnnest(tx, table, rows.slice(start, end), returning)));
    start = end;
  }
  return out;
}
