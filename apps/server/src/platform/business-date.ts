import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';

/**
 * Today in Hong Kong as 'YYYY-MM-DD', by the database's clock (the one `created_at` and the list
 * filters' `hkDayStart` use), so every instance agrees on the business day — or the day a batch's
 * transaction was given (`ServiceContext.businessDate`, `applyBusinessDate`).
 */
export async function businessToday(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ today: string }>(
    sql`select coalesce(nullif(current_setting('harbour.business_date', true), ''), to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD')) as today`,
  );
  return rows[0]!.today;
}

/** Gives a batch's transaction its business day (transaction-local, like the store scope). */
export async function applyBusinessDate(tx: Tx, date: string | undefined): Promise<void> {
  if (!date) return;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a business date: ${date}`);
  await tx.execute(sql`select set_config('harbour.business_date', ${date}, true)`);
}
