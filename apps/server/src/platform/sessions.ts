import type { TokenAnswer } from '@harbour/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { sessionRotatedTokens, sessions, staff } from '../db/schema/index.js';
import { tokenInvalid } from './errors.js';
import { audit } from './audit.js';
import { readSettings } from './settings.js';
import { hashToken, newToken } from './tokens.js';
import { withTx } from './tx.js';
import { storesOfStaff } from './staff-guard.js';

/** Ends a session (logout, force logout, refresh re-use, idle, forbidden, password change). */
export async function revokeSession(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason, updatedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

async function lifetimes(tx: Tx) {
  const s = await readSettings(tx, ['accessTokenTtlSeconds', 'refreshTokenTtlDays', 'idleTimeoutMinutes']);
  return { access: s.accessTokenTtlSeconds, refresh: s.refreshTokenTtlDays * 86_400, idleMinutes: s.idleTimeoutMinutes };
}

const answer = (access: string, refresh: string, accessTtl: number, refreshTtl: number): TokenAnswer => ({
  access_token: access,
  expires_in: accessTtl,
  refresh_token: refresh,
  token_type: 'Bearer',
  refresh_expires_in: refreshTtl,
});

/** Opens a session for a staff member who just proved who they are. */
export async function openSession(
  tx: Tx,
  req: FastifyRequest,
  staffId: number,
  storeId: number,
  remember: boolean,
): Promise<{ tokens: TokenAnswer; sessionId: number }> {
  const ttl = await lifetimes(tx);
  const access = newToken();
  const refresh = newToken();
  const [row] = await tx
    .insert(sessions)
    .values({
      staffId,
      storeId,
      accessHash: hashToken(access),
      refreshHash: hashToken(refresh),
      remember,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      accessExpiresAt: sql`now() + make_interval(secs => ${ttl.access})`,
      refreshExpiresAt: sql`now() + make_interval(secs => ${ttl.refresh})`,
      createdBy: staffId,
    })
    .returning({ id: sessions.id });
  return { tokens: answer(access, refresh, ttl.access, ttl.refresh), sessionId: row!.id };
}

/**
 * Exchanges a refresh token for a new pair. The old refresh token is remembered: presenting it
 * again means someone else holds it, so the whole session ends (answer 50003).
 */
export async function refreshSession(req: FastifyRequest, refreshToken: string): Promise<TokenAnswer> {
  const hash = hashToken(refreshToken);
  const outcome = await withTx(req, async (tx) => {
    const ttl = await lifetimes(tx);
    const [row] = await tx
      .select({
        id: sessions.id,
        staffId: sessions.staffId,
        revokedAt: sessions.revokedAt,
        refreshExpiresAt: sessions.refreshExpiresAt,
        lastSeenAt: sessions.lastSeenAt,
        createdAt: sessions.createdAt,
        state: staff.state,
        passwordChangedAt: staff.passwordChangedAt,
      })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(eq(sessions.refreshHash, hash))
      .for('update', { of: sessions });
    if (!row) {
      const [reused] = await tx
        .select({ sessionId: sessionRotatedTokens.sessionId })
        .from(sessionRotatedTokens)
        .where(eq(sessionRotatedTokens.refreshHash, hash));
      if (!reused) return { error: true as const };
      const [s] = await tx.select({ staffId: sessions.staffId, revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, reused.sessionId));
      if (s && !s.revokedAt) {
        await revokeSession(tx, reused.sessionId, 'refresh_reuse');
        await audit(tx, {
          action: 'logout',
          module: 'auth.session',
          reference: reused.sessionId,
          after: { reason: 'refresh_reuse' },
          staffId: s.staffId,
          recordStores: await storesOfStaff(tx, s.staffId),
        });
      }
      return { error: true as const };
    }
    const now = Date.now();
    const ended =
      row.revokedAt !== null ||
      row.refreshExpiresAt.getTime() <= now ||
      row.state !== 'normal' ||
      (row.passwordChangedAt !== null && row.passwordChangedAt > row.createdAt) ||
      now - row.lastSeenAt.getTime() > ttl.idleMinutes * 60_000;
    if (ended) {
      if (!row.revokedAt) await revokeSession(tx, row.id, 'ended');
      return { error: true as const };
    }
    const access = newToken();
    const refresh = newToken();
    await tx.insert(sessionRotatedTokens).values({ refreshHash: hash, sessionId: row.id, createdBy: row.staffId });
    await tx
      .update(sessions)
      .set({
        accessHash: hashToken(access),
        refreshHash: hashToken(refresh),
        accessExpiresAt: sql`now() + make_interval(secs => ${ttl.access})`,
        refreshExpiresAt: sql`now() + make_interval(secs => ${ttl.refresh})`,
        lastSeenAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)));
    await audit(tx, { action: 'login', module: 'auth.refresh', reference: row.id, staffId: row.staffId, recordStores: await storesOfStaff(tx, row.staffId) });
    return { error: false as const, tokens: answer(access, refresh, ttl.access, ttl.refresh) };
  });
  if (outcome.error) throw tokenInvalid();
  return outcome.tokens;
}

/** Ends every live session of a staff member (forbidden, password changed); they see 50003 next. */
export async function endStaffSessions(tx: Tx, staffId: number, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason, updatedAt: sql`now()` })
    .where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
}
