import { ACCESS_IP_SWITCH_KEY, API_BASE, AUTHENTICATED, CHANGE_PASSWORD_PATH, PUBLIC, type RoutePermission } from '@harbour/contracts';
import { eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { accessIps, sessions, settings } from '../db/schema/index.js';
import { forbidden, tokenExpired, tokenInvalid, unauthenticated } from '../platform/errors.js';
import { ipAllowed } from './ip-match.js';
import { hashToken } from '../platform/tokens.js';
import { SUPER_ADMIN_ID, type AuthContext } from '../platform/auth-context.js';
import { revokeSession } from '../platform/sessions.js';
import { accessSettingsFor, staffAccessFor, type StaffAccess } from '../platform/access-cache.js';
import { may } from '../platform/context.js';
import { cachedSession, dropSession, forgetSessions, keepSession, sessionGeneration, type SessionRow } from '../platform/session-cache.js';

/** What a session whose password must change may call: change it, see who it is, log out. */
const WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set(
  [`POST ${CHANGE_PASSWORD_PATH}`, 'GET /userInfo', 'POST /login/logout', 'POST /revokeToken'].map((r) => r.replace(' ', ` ${API_BASE}`)),
);

/** last_seen_at is written at most this often, so reads stay reads. */
const LAST_SEEN_EVERY_MS = 60_000;

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
 * it afresh each time cost more than running it. Everything else the hook needs (roles, grants,
 * stores, the idle timeout, the allowlist) is cached per process for the `access` counter it reads.
 */
const AUTHENTICATE_SQL = `
    select s.id, s.staff_id, s.store_id, s.created_at, s.last_seen_at, s.access_expires_at, s.revoked_at,
      st.state, st.password_changed_at, st.password_must_change, st.username, st.name, st.avatar, st.introduction, st.default_language,
      (select version from harbour_versions where name = 'access') as access_version
    from sessions s join staff st on st.id = s.staff_id
    where s.access_hash = $1`;

/**
 * Token → session → staff. Answers 401 with 50002 for an expired access token and 50003 for an
 * unknown, revoked, idle or otherwise ended one; ends the session when its staff member was
 * forbidden or changed password since it began. A session that passed before is taken from the
 * session cache (platform/session-cache.ts) and checked again in full; if a check fails on it, the
 * database is asked, and only its answer ends a session or refuses.
 */
export async function authenticate(req: FastifyRequest): Promise<AuthContext> {
  const db = req.server.db;
  const token = bearerToken(req);
  if (!token) throw unauthenticated();
  const accessHash = hashToken(token);
  const cached = cachedSession(db, accessHash);
  if (cached) {
    const verdict = await checkSession(req, cached);
    if (verdict.auth) return verdict.auth;
    dropSession(db, accessHash);
  }
  // One round trip: the session, its staff member and the access counter. Roles, grants, stores,
  // the idle timeout and the allowlist come from the per-process cache kept for that counter
  // (platform/access-cache.ts); on a hit nothing else is read.
  const readAt = sessionGeneration(db);
  const result = await db.$client.query<SessionRow>({ name: 'harbour-authenticate', text: AUTHENTICATE_SQL, values: [accessHash] });
  const row = result.rows[0];
  if (!row || row.revoked_at) throw tokenInvalid();
  const verdict = await checkSession(req, row);
  if (!verdict.auth) throw await verdict.refuse();
  keepSession(db, accessHash, row, readAt);
  return verdict.auth;
}

type Verdict = { auth: AuthContext } | { auth?: undefined; refuse: () => Promise<Error> };

/** Every check of a live session, on a row read now or taken from the cache. */
async function checkSession(req: FastifyRequest, row: SessionRow): Promise<Verdict> {
  const db = req.server.db;
  const version = Number(row.access_version ?? 0);
  const superAdmin = row.staff_id === SUPER_ADMIN_ID;
  const [access, settings] = await Promise.all([staffAccessFor(db, row.staff_id, superAdmin, version), accessSettingsFor(db, version)]);
  const now = Date.now();
  const ended = (reason: string, code?: string): Verdict => ({
    refuse: async () => {
      await revokeSession(db, row.id, reason);
      forgetSessions(db);
      return tokenInvalid(code);
    },
  });
  const refused = (err: Error): Verdict => ({ refuse: () => Promise.resolve(err) });
  if (row.state !== 'normal') return ended('forbidden');
  if (row.password_changed_at && new Date(row.password_changed_at) > new Date(row.created_at)) return ended('password_changed');
  if (!superAdmin && !access.stores.some((s) => s.id === row.store_id)) return ended('store_removed');
  const idleMinutes = settings.idleMinutes;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now - lastSeen > idleMinutes * 60_000) return ended('idle', 'errors.sessionIdle');
  if (new Date(row.access_expires_at).getTime() <= now) return refused(tokenExpired());
  if (settings.ipsOn && settings.ips.length > 0) {
    const global = settings.ips.filter((e) => e.staffId === null).map((e) => e.address);
    const own = settings.ips.filter((e) => e.staffId === row.staff_id).map((e) => e.address);
    if ((global.length > 0 && !ipAllowed(req.ip, global)) || (own.length > 0 && !ipAllowed(req.ip, own))) {
      return refused(forbidden('errors.ipNotAllowed'));
    }
  }
  // Throttled, so reads stay reads. A cached row learns the new time too (a last-seen write does
  // not empty the cache: its trigger ignores it).
  if (now - lastSeen > LAST_SEEN_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
    row.last_seen_at = new Date(now);
  }
  return { auth: authContextOf(row, access, idleMinutes, version) };
}

/** The session's staff member as services see them, with the roles, grants and stores of `access`. */
export function authContextOf(
  row: Pick<SessionRow, 'id' | 'staff_id' | 'store_id' | 'username' | 'name' | 'avatar' | 'introduction' | 'default_language'> & { password_must_change?: boolean },
  access: StaffAccess,
  idleMinutes: number,
  version: number,
): AuthContext {
  const superAdmin = row.staff_id === SUPER_ADMIN_ID;
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
    accessVersion: version,
    ...(row.password_must_change ? { passwordMustChange: true } : {}),
  };
}

/** Whether the caller may use a route declared with `permission`. */
export function allows(auth: AuthContext | null, permission: RoutePermission): boolean {
  if (permission === PUBLIC) return true;
  if (!auth) return false;
  if (permission === AUTHENTICATED) return true;
  return (typeof permission === 'string' ? [permission] : permission).some((key) => may({ auth }, key));
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
  // A password an administrator set must be changed before anything else (ASVS 5.0 6.4.x).
  if (req.auth.passwordMustChange && !WHILE_PASSWORD_MUST_CHANGE.has(`${req.method} ${req.routeOptions.url}`)) throw forbidden('auth.passwordChangeRequired');
  if (!allows(req.auth, permission)) throw forbidden();
}
