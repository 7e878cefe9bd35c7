import { ACCESS_IP_SWITCH_KEY, AUTHENTICATED, DEFAULT_SYSTEM_SETTINGS, PUBLIC } from '@harbour/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { accessIps, sessions, settings } from '../db/schema/index.js';
import { forbidden, tokenExpired, tokenInvalid, unauthenticated } from './app-error.js';
import { ipAllowed } from './ip-match.js';
import { hashToken } from './tokens.js';
import type { AuthContext } from './types.js';
import { staffAccessFor } from '../platform/access-cache.js';

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

/**
 * The authentication query, a named prepared statement: every API request runs it, and planning
 * it afresh each time cost more than running it.
 */
const AUTHENTICATE_SQL = `
    select s.id, s.staff_id, s.store_id, s.created_at, s.last_seen_at, s.access_expires_at, s.revoked_at,
      st.state, st.password_changed_at, st.username, st.name, st.avatar, st.introduction, st.default_language,
      exists (select 1 from staff_stores ss where ss.staff_id = s.staff_id and ss.store_id = s.store_id) as store_allowed,
      (select value from settings where key = 'idleTimeoutMinutes') as idle_minutes,
      (select value from settings where key = '${ACCESS_IP_SWITCH_KEY}') as ips_switch,
      coalesce((select json_agg(json_build_object('address', a.address, 'own', a.staff_id is not null))
        from access_ips a where a.staff_id is null or a.staff_id = s.staff_id), '[]'::json) as ips,
      (select version from harbour_versions where name = 'access') as access_version
    from sessions s join staff st on st.id = s.staff_id
    where s.access_hash = $1`;

/**
 * Token → session → staff. Answers 401 with 50002 for an expired access token and 50003 for an
 * unknown, revoked, idle or otherwise ended one; ends the session when its staff member was
 * forbidden or changed password since it began.
 */
export async function authenticate(req: FastifyRequest): Promise<AuthContext> {
  const db = req.server.db;
  const token = bearerToken(req);
  if (!token) throw unauthenticated();
  // One round trip: the session, its staff member, store membership, the idle setting, the
  // allowlist entries that apply and the access counter. Roles, grants and stores come from the
  // per-process cache kept for that counter (platform/access-cache.ts).
  const result = await db.$client.query<SessionRow>({ name: 'harbour-authenticate', text: AUTHENTICATE_SQL, values: [hashToken(token)] });
  const row = result.rows[0];
  if (!row || row.revoked_at) throw tokenInvalid();
  const now = Date.now();
  const superAdmin = row.staff_id === SUPER_ADMIN_ID;
  const ended = async (reason: string, code?: string) => {
    await revokeSession(db, row.id, reason);
    return tokenInvalid(code);
  };
  if (row.state !== 'normal') throw await ended('forbidden');
  if (row.password_changed_at && new Date(row.password_changed_at) > new Date(row.created_at)) throw await ended('password_changed');
  if (!superAdmin && !row.store_allowed) throw await ended('store_removed');
  const idleMinutes = typeof row.idle_minutes === 'number' ? row.idle_minutes : DEFAULT_SYSTEM_SETTINGS.idleTimeoutMinutes;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now - lastSeen > idleMinutes * 60_000) throw await ended('idle', 'errors.sessionIdle');
  if (new Date(row.access_expires_at).getTime() <= now) throw tokenExpired();
  const global = row.ips.filter((e) => !e.own).map((e) => e.address);
  const own = row.ips.filter((e) => e.own).map((e) => e.address);
  const ipsOn = row.ips_switch !== false;
  if (ipsOn && ((global.length > 0 && !ipAllowed(req.ip, global)) || (own.length > 0 && !ipAllowed(req.ip, own)))) {
    throw forbidden('errors.ipNotAllowed');
  }
  if (now - lastSeen > LAST_SEEN_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
  }
  const access = await staffAccessFor(db, row.staff_id, superAdmin, Number(row.access_version ?? 0));
  return {
    staffId: row.staff_id,
    username: row.username,
    name: row.name,
    sessionId: Number(row.id),
    storeId: row.store_id,
    roleNames: superAdmin ? ['admin'] : access.roleNames,
    permissions: access.permissions,
    superAdmin,
    allStores: access.allStores,
    stores: access.stores,
    profile: { avatar: row.avatar, introduction: row.introduction, defaultLanguage: row.default_language },
    idleMinutes,
    accessVersion: Number(row.access_version ?? 0),
  };
}

interface SessionRow extends Record<string, unknown> {
  id: number;
  staff_id: number;
  store_id: number | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  access_expires_at: Date | string;
  revoked_at: Date | string | null;
  state: string;
  password_changed_at: Date | string | null;
  username: string;
  name: string;
  avatar: string | null;
  introduction: string | null;
  default_language: string;
  store_allowed: boolean;
  idle_minutes: unknown;
  ips_switch: unknown;
  ips: { address: string; own: boolean }[];
  access_version: string | number | null;
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
