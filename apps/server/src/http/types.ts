import type { Language } from '@harbour/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AuthContext } from '../platform/auth-context.js';

/** A route's declared permission: a catalogue key, or `public` / `authenticated`. */
import type { ResourceDecl, RoutePermission } from '@harbour/contracts';
export type { RoutePermission };

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
  audit: boolean;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every API route (checked when the route is registered). */
    permission?: RoutePermission;
    /** A POST/PUT/PATCH/DELETE that changes nothing (a calculation) says `audit: false`. */
    audit?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    lang: Language;
    /** Audit rows written by this request (each mutating request writes exactly one). */
    auditCount: number;
    /** Message code added to a success answer. */
    successMessage: string | undefined;
    /** The success message's parameters (`{{name}}` in its template). */
    successParams: Record<string, string | number> | undefined;
  }
  interface FastifyInstance {
    db: Db;
    /** The reports' database: the standby of `HARBOUR_REPLICA_URL`, or `db` itself. */
    reportDb: Db;
    config: Config;
    /** Every API route with its declared permission (the authorization matrix test reads this). */
    apiRoutes: RegisteredRoute[];
    /** Every declared resource registered with `registerResource` (the store matrix test reads this). */
    resources: ResourceDecl[];
    /** Counters of this server process since it started (System → monitor). */
    processStats: { serverErrors: number };
  }
}
