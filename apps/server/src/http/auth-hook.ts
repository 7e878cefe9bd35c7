import { ACCESS_IP_SWITCH_KEY, AUTHENTICATED, PUBLIC } from '@harbour/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { accessIps, permissions, rolePermissions, roles, sessions, settings, staff, staffRoles, staffStores } from '../db/schema/index.js';
import { forbidden, tokenExpired, tokenInvalid, unauthenticated } from './app-error.js';
import { ipAllowed } from './ip-match.js';
import { readSettings } from './settings.js';
import { hashToken } from './tokens.js';
import type { AuthContext } from './types.js';

export const SUPER_ADMIN_ID = 1;
/** last_seen_at is written at most this often, so reads stay reads. */
const LAST_SEEN_EVERY_MS = 60_000;

/** Ends a session (logout, force logout, refresh re-use, idle, forbidden, password change). */
export async function revokeSession(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason, updatedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The allowlist's switch (`POST /accessIps/setting`); on unless a stored value says otherwise. */
export async function accessIpsEnabled(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, ACCESS_IP_SWITCH_KEY));
  return row?.value !== false;
}

/** The global allowlist applies to every API call while switched on; an empty list allows all. */
export async function checkGlobalIp(db: Db, ip: string, staffId?: number): Promise<void> {
  const rows = await db
    .select({ address: accessIps.address, staffId: accessIps.staffId })
    .from(accessIps)
    .where(staffId === undefined ? isNull(accessIps.staffId) : or(isNull(accessIps.staffId), eq(accessIps.staffId, staffId)));
  if (rows.length === 0 || !(await accessIpsEnabled(db))) return;
  const global = rows.filter((r) => r.staffId === null).map((r) => r.address);
  const own = rows.filter((r) => r.staffId !== null).map((r) => r.address);
  if (global.length > 0 && !ipAllowed(ip, global)) throw forbidden('errors.ipNotAllowed');
  if (own.length > 0 && !ipAllowed(ip, own)) throw forbidden('errors.ipNotAllowed');
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** Staff permissions through their roles (disabled roles and catalogue entries grant nothing). */
export async function loadGrants(db: Db, staffId: number) {
  const rows = await db
    .select({ role: roles.name, allStores: roles.allStores, key: permissions.key })
    .from(staffRoles)
    .innerJoin(roles, and(eq(roles.id, staffRoles.roleId), eq(roles.state, 'normal')))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, and(eq(permissions.key, rolePermissions.permissionKey), eq(permissions.state, 'normal')))
    .where(eq(staffRoles.staffId, staffId));
  const roleNames = [...new Set(rows.map((r) => r.role))];
  const keys = new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  return { roleNames, permissions: keys, allStores: rows.some((r) => r.allStores) };
}

/**
 * Token → session → staff. Answers 401 with 50002 for an expired access token and 50003 for an
 * unknown, revoked, idle or otherwise ended one; ends the session when its staff member was
 * forbidden or changed password since it began.
 */
export async function authenticate(req: FastifyRequest): Promise<AuthContext> {
  const db = req.server.db;
  const token = bearerToken(req);
  if (!token) throw unauthenticated();
  const [row] = await db
    .select({
      id: sessions.id,
      staffId: sessions.staffId,
      storeId: sessions.storeId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      accessExpiresAt: sessions.accessExpiresAt,
      revokedAt: sessions.revokedAt,
      state: staff.state,
      passwordChangedAt: staff.passwordChangedAt,
      username: staff.username,
      name: staff.name,
      // The session's store must still be one the staff member may work in.
      storeAllowed: sql<boolean>`exists (select 1 from ${staffStores} where ${staffStores.staffId} = ${sessions.staffId} and ${staffStores.storeId} = ${sessions.storeId})`,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(eq(sessions.accessHash, hashToken(token)));
  if (!row || row.revokedAt) throw tokenInvalid();
  const now = Date.now();
  if (row.state !== 'normal') {
    await revokeSession(db, row.id, 'forbidden');
    throw tokenInvalid();
  }
  if (row.passwordChangedAt && row.passwordChangedAt > row.createdAt) {
    await revokeSession(db, row.id, 'password_changed');
    throw tokenInvalid();
  }
  if (row.staffId !== SUPER_ADMIN_ID && !row.storeAllowed) {
    await revokeSession(db, row.id, 'store_removed');
    throw tokenInvalid();
  }
  const { idleTimeoutMinutes } = await readSettings(db, ['idleTimeoutMinutes']);
  if (now - row.lastSeenAt.getTime() > idleTimeoutMinutes * 60_000) {
    await revokeSession(db, row.id, 'idle');
    throw tokenInvalid('errors.sessionIdle');
  }
  if (row.accessExpiresAt.getTime() <= now) throw tokenExpired();
  await checkGlobalIp(db, req.ip, row.staffId);
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
  }
  const grants = await loadGrants(db, row.staffId);
  const superAdmin = row.staffId === SUPER_ADMIN_ID;
  return {
    staffId: row.staffId,
    username: row.username,
    name: row.name,
    sessionId: row.id,
    storeId: row.storeId,
    roleNames: superAdmin ? ['admin'] : grants.roleNames,
    permissions: grants.permissions,
    superAdmin,
    allStores: superAdmin || grants.allStores,
  };
}

/** Whether the caller may use a route declared with `permission`. */
export function allows(auth: AuthContext | null, permission: string): boolean {
  if (permission === PUBLIC) return true;
  if (!auth) return false;
  if (permission === AUTHENTICATED || auth.superAdmin) return true;
  return auth.permissions.has(permission);
}

/**
 * The check every API request passes before its handler: the route's declared permission,
 * the IP allowlist and, for non-public routes, a live session.
 */
export async function authorize(req: FastifyRequest): Promise<void> {
  const permission = req.routeOptions.config.permission;
  if (permission === undefined) return; // not an API route (404, static files)
  if (permission === PUBLIC) {
    await checkGlobalIp(req.server.db, req.ip);
    return;
  }
  req.auth = await authenticate(req);
  if (!allows(req.auth, permission)) throw forbidden();
}
