import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';

/** Failed logins from one address within the window before it must wait (kept in PostgreSQL). */
export const IP_FAILURE_LIMIT = 30;
export const IP_WINDOW_MINUTES = 15;

export async function ipThrottled(db: DbOrTx, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, sql`now() - make_interval(mins => ${IP_WINDOW_MINUTES})`),
      ),
    );
  return (row?.n ?? 0) >= IP_FAILURE_LIMIT;
}
