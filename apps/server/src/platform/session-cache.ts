import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/client.js';

/**
 * Sessions as the authentication query read them, kept per process so that a request of a
 * signed-in staff member needs no database round trip before its handler's own query.
 *
 * A cached session is only ever a shortcut to "yes": every check of the authentication hook
 * (state, password change, store, idle time, expiry, address) runs on it for every request, and
 * when one fails the hook reads the session afresh from the database before it ends the session
 * or refuses. What could make a cached "yes" wrong is a change in the database, and every such
 * change empties the cache:
 * - on this instance, before any answer to a POST/PUT/PATCH/DELETE is sent (`forgetSessions`,
 *   installed by `installSessionCache`), so a change made through this instance applies to the
 *   next request whatever its timing;
 * - on every instance, by PostgreSQL's `NOTIFY harbour_auth`, which triggers send in the
 *   transaction of any change to a session (other than its last-seen time), to a staff member's
 *   state, password or profile, or to the `access` counter (roles, grants, stores, settings,
 *   the allowlist; migrations 0004 and 0006) — also for changes made by hand in `psql`.
 * While the listening connection is down nothing is cached and every request reads the
 * database, so a lost notification can never leave a revoked session usable.
 */

/** The columns of the authentication query (`http/auth-hook.ts`). */
export interface SessionRow extends Record<string, unknown> {
  id: number;
  staff_id: number;
  store_id: number | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  access_expires_at: Date | string;
  revoked_at: Date | string | null;
  state: string;
  password_changed_at: Date | string | null;
  password_must_change: boolean;
  username: string;
  name: string;
  avatar: string | null;
  introduction: string | null;
  default_language: string;
  access_version: string | number | null;
}

export const AUTH_CHANNEL = 'harbour_auth';
/** A bound on cached sessions (each is small); past it the cache starts afresh. */
const MAX_SESSIONS = 10_000;
const RECONNECT_MS = 1_000;

interface State {
  /** Whether notifications are being received: nothing is cached otherwise. */
  listening: boolean;
  /** Moves on every change, so a read that raced with one is not kept. */
  generation: number;
  sessions: Map<string, SessionRow>;
  listener: pg.Client | undefined;
  /** Apps using this database handle (tests may run several); the last to close stops listening. */
  users: number;
  /** Markers of `notificationsSettled` calls, resolved when their notification arrives. */
  waiters: Map<string, () => void>;
}

const states = new WeakMap<object, State>();

function stateOf(db: Db): State {
  let s = states.get(db);
  if (!s) {
    s = { listening: false, generation: 0, sessions: new Map(), listener: undefined, users: 0, waiters: new Map() };
    states.set(db, s);
  }
  return s;
}

/** A cached session for the token hash, if any. */
export function cachedSession(db: Db, accessHash: string): SessionRow | undefined {
  const s = stateOf(db);
  return s.listening ? s.sessions.get(accessHash) : undefined;
}

/** The generation to pass to `keepSession` for a read that starts now. */
export function sessionGeneration(db: Db): number {
  return stateOf(db).generation;
}

/** Keeps a session that passed every check, unless something changed since its read began. */
export function keepSession(db: Db, accessHash: string, row: SessionRow, readAt: number): void {
  const s = stateOf(db);
  if (!s.listening || s.generation !== readAt) return;
  if (s.sessions.size >= MAX_SESSIONS) s.sessions.clear();
  s.sessions.set(accessHash, row);
}

/** Drops one session (a check failed on it: the database decides). */
export function dropSession(db: Db, accessHash: string): void {
  stateOf(db).sessions.delete(accessHash);
}

/** Empties the cache: something that sessions depend on may have changed. */
export function forgetSessions(db: Db): void {
  const s = stateOf(db);
  s.generation += 1;
  s.sessions.clear();
}

/**
 * Starts listening for `harbour_auth` on a connection of its own (not one of the pool's, so it
 * never holds the pool back), reconnecting when it is lost. Answers once the first LISTEN is in
 * place or has failed; sessions are cached only while listening.
 */
export async function startListening(db: Db): Promise<void> {
  const s = stateOf(db);
  s.users += 1;
  await listen(db, s);
}

async function listen(db: Db, s: State): Promise<void> {
  if (s.listener || s.users === 0) return;
  const client = new pg.Client(db.$client.options);
  s.listener = client;
  const lost = () => {
    if (s.listener !== client) return;
    s.listening = false;
    s.listener = undefined;
    forgetSessions(db);
    client.end().catch(() => undefined);
    setTimeout(() => void listen(db, s), RECONNECT_MS).unref();
  };
  client.on('notification', (msg) => {
    const waiter = msg.payload ? s.waiters.get(msg.payload) : undefined;
    if (waiter) waiter();
    else forgetSessions(db);
  });
  client.on('error', lost);
  client.on('end', lost);
  try {
    await client.connect();
    await client.query(`LISTEN ${AUTH_CHANNEL}`);
    if (s.listener !== client) return;
    // Whatever changed before the LISTEN was in place is not known: start empty.
    forgetSessions(db);
    s.listening = true;
  } catch {
    lost();
  }
}

/** One app stops using the cache (it is closing); the last one ends the listening connection. */
export async function stopListening(db: Db): Promise<void> {
  const s = stateOf(db);
  s.users = Math.max(0, s.users - 1);
  if (s.users > 0) return;
  s.listening = false;
  forgetSessions(db);
  const client = s.listener;
  s.listener = undefined;
  await client?.end().catch(() => undefined);
}

const SETTLE_MARKER = 'settled:';
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Resolves once this process has heard every notification committed before the call: it sends a
 * marker through `via` (any connection to the same database) and waits for it, since PostgreSQL
 * delivers notifications in commit order. Tests call it after changing the database behind the
 * app's back, so "another instance changed it" applies deterministically to their next request.
 */
export async function notificationsSettled(db: Db, via: { query: (text: string, values: unknown[]) => Promise<unknown> }): Promise<void> {
  const s = stateOf(db);
  if (!s.listening) return;
  const marker = `${SETTLE_MARKER}${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  const heard = new Promise<void>((resolve) => {
    s.waiters.set(marker, resolve);
    timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
  });
  try {
    await via.query('select pg_notify($1, $2)', [AUTH_CHANNEL, marker]);
    await heard;
  } finally {
    clearTimeout(timer);
    s.waiters.delete(marker);
  }
}
