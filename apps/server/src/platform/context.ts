import { randomUUID } from 'node:crypto';
import type { Language, PermissionKey } from '@harbour/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { forbidden } from './errors.js';
import type { AuthContext } from './auth-context.js';

/**
 * Everything a service needs to know about who acts, independent of HTTP: an API request, a
 * scheduled job or a batch builds one and calls the same service, which still opens its own
 * transaction (`withTx(ctx, …)`), applies store scope and writes its audit row.
 */
export interface ServiceContext {
  db: Db;
  /**
   * Where this caller's report, export and dashboard reads run (`platform/report-reads.ts`): the
   * standby of `HARBOUR_REPLICA_URL` when set; unset → `db`.
   */
  reportDb?: Db;
  /** The signed-in staff member; null for a scheduled job or batch (then `system` names it). */
  auth: AuthContext | null;
  /** A job or batch acting on every store, e.g. `overdue-daily`; undefined for a person. */
  system?: string;
  /** The store a job's new store-owned rows belong to (a person's is their session's store). */
  storeId?: number;
  lang: Language;
  /** Joins the audit row and the log lines of one unit of work. */
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  /** Told of every audit row written (the HTTP layer checks each change writes exactly one). */
  onAudit?: () => void;
  /**
   * The business day a batch acts on, YYYY-MM-DD, when it is not today: the demo data's loan
   * history is made through the services on the days it happened. Never set for a request — a
   * person always works on today (`businessToday`).
   */
  businessDate?: string;
  /**
   * Set while a checker's approval runs a four-eyes request (`platform/four-eyes.ts`): the audit
   * rows of the action then name the requester and the checker.
   */
  fourEyes?: FourEyesTrail;
}

/** Who asked for and who approved a controlled action, as its audit row records them. */
export interface FourEyesTrail {
  approvalRequestId: number;
  requestedBy: number;
  requestedByName: string | null;
  approvedBy: number;
  approvedByName: string | null;
}

/**
 * The staff member acting. Services that decide by the caller's own grants, stores and rank
 * (staff and role administration: `assertMayManage`, grants no wider than one's own) refuse a
 * context without one (403): a job has no grants to compare.
 */
export function actingStaff(ctx: ServiceContext): AuthContext {
  if (!ctx.auth) throw forbidden();
  return ctx.auth;
}

/**
 * The one permission check of a service: the caller holds catalogue key `key`. The super
 * administrator holds every key; a job or batch (no staff member) holds none. A route's own
 * permission is checked by the auth hook before its handler; this is for what a service shows or
 * allows beyond it (a reveal, a blacklist override, search results of another area).
 */
export function may(source: { auth: AuthContext | null }, key: PermissionKey): boolean {
  return holdsGrant(source, key);
}

/**
 * `may` for a key read from the permissions table, which also holds the custom keys an
 * administrator made in the permission editor (not in the contracts' union): `/userInfo`'s menu.
 */
export function holdsGrant(source: { auth: AuthContext | null }, key: string): boolean {
  const auth = source.auth;
  return !!auth && (auth.superAdmin || auth.permissions.has(key));
}

/** What store scope reads: a request and a service context both have it. */
export interface ScopeSource {
  auth: AuthContext | null;
  system?: string;
  storeId?: number;
}

const contexts = new WeakMap<FastifyRequest, ServiceContext>();

/** The service context of an API request (one per request). */
export function contextOf(req: FastifyRequest): ServiceContext {
  let ctx = contexts.get(req);
  if (!ctx) {
    ctx = {
      db: req.server.db,
      reportDb: req.server.reportDb,
      auth: req.auth,
      lang: req.lang,
      requestId: String(req.id),
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
      onAudit: () => {
        req.auditCount++;
      },
    };
    contexts.set(req, ctx);
  }
  return ctx;
}

/** The context of a scheduled job or batch: no staff member, every store, its own request id. */
export function systemContext(db: Db, system: string, opts: { storeId?: number; lang?: Language } = {}): ServiceContext {
  return {
    db,
    auth: null,
    system,
    ...(opts.storeId === undefined ? {} : { storeId: opts.storeId }),
    lang: opts.lang ?? 'zh-TW',
    requestId: `${system}:${randomUUID()}`.slice(0, 64),
    ip: null,
    userAgent: null,
  };
}

/** A request or a context → the context. */
export function toContext(source: FastifyRequest | ServiceContext): ServiceContext {
  return isRequest(source) ? contextOf(source) : source;
}

function isRequest(source: FastifyRequest | ServiceContext): source is FastifyRequest {
  return 'server' in source && 'raw' in source;
}
