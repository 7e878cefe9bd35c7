import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Today in Hong Kong as 'YYYY-MM-DD', by the database's clock (the one `created_at` and the list
 * filters' `hkDayStart` use), so every instance agrees on the business day.
 */
export async function businessToday(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ today: string }>(sql`select to_char(now() at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD') as today`);
  return rows[0]!.today;
}
