import type { LoginUserItem, Page } from '@harbour/contracts';
import { and, eq, gt, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { SUPER_ADMIN_ID } from '../../platform/auth-context.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { staffInScope } from '../staff/scope.js';
import type { FastifyRequest } from 'fastify';
import { sessions, staff, stores } from '../../db/schema/index.js';
import { likePattern, offsetOf, orderBy, pageOfRows, totalCount } from '../../platform/list.js';
import { readSettings } from '../../platform/settings.js';

export interface LoginUserQuery {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  staffId?: number | undefined;
  storeId?: number | undefined;
  username?: string | undefined;
}

/**
 * The sessions a caller may see and end: those of staff in the caller's store scope (all with an
 * all-stores role), never the super administrator's unless the caller is the super administrator.
 * The query must join `staff`.
 */
export function visibleSessions(auth: AuthContext, db: DbOrTx): SQL | undefined {
  return and(staffInScope({ auth }, db), auth.superAdmin ? undefined : ne(sessions.staffId, SUPER_ADMIN_ID));
}

/** `GET /loginUserList`: sessions still alive (not revoked, not expired, not idle) that the caller may see. */
export async function liveSessions(req: FastifyRequest, q: LoginUserQuery): Promise<Page<LoginUserItem>> {
  const db = req.server.db;
  const { idleTimeoutMinutes } = await readSettings(db, ['idleTimeoutMinutes']);
  const where: SQL[] = [
    isNull(sessions.revokedAt),
    gt(sessions.refreshExpiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleTimeoutMinutes})`),
  ];
  const scope = visibleSessions(req.auth!, db);
  if (scope) where.push(scope);
  if (q.staffId) where.push(eq(sessions.staffId, q.staffId));
  if (q.storeId) where.push(eq(sessions.storeId, q.storeId));
  if (q.username) where.push(ilike(staff.username, likePattern(q.username)));
  const rows = await db
    .select({
      id: sessions.id,
      staffId: sessions.staffId,
      username: staff.username,
      staffName: staff.name,
      storeId: sessions.storeId,
      storeName: stores.nameZh,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      total: totalCount,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .leftJoin(stores, eq(stores.id, sessions.storeId))
    .where(and(...where))
    .orderBy(
      ...orderBy(
        q.sort,
        { id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, staffId: sessions.staffId },
        'lastSeenAt:desc',
        sessions.id,
      ),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q.page, q.pageSize));
  const items = rows.map(({ total: _total, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === req.auth?.sessionId,
  }));
  // A page past the end has no rows to carry the total; count separately then.
  const total = rows[0]?.total ?? (q.page > 1 ? await countLive(req, where) : 0);
  return pageOfRows(items, total, q.page, q.pageSize);
}

async function countLive(req: FastifyRequest, where: SQL[]): Promise<number> {
  const [row] = await req.server.db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(...where));
  return row?.n ?? 0;
}
