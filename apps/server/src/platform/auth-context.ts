import type { StoreName } from './access-cache.js';

/** Staff id 1, the super admin: holds every permission and every store. */
export const SUPER_ADMIN_ID = 1;

/** Who is calling: filled by the auth hook from the session behind the access token. */
export interface AuthContext {
  staffId: number;
  username: string;
  name: string;
  sessionId: number;
  /** The session's current store. */
  storeId: number | null;
  roleNames: string[];
  permissions: ReadonlySet<string>;
  /** Staff id 1: passes every permission check. */
  superAdmin: boolean;
  /** A role grants every store (no store filter on store-owned rows). */
  allStores: boolean;
  /** Stores the staff member may log into (all for the super admin), in menu order. */
  stores: readonly StoreName[];
  /** Shown by `/userInfo`; read with the session, so no second query. */
  profile: { avatar: string | null; introduction: string | null; defaultLanguage: string };
  /** The idle timeout setting in force, in minutes. */
  idleMinutes: number;
  /** The `access` counter the cached roles, grants and stores belong to. */
  accessVersion: number;
  /** The password was set by an administrator and must be changed before anything else. */
  passwordMustChange?: boolean;
}
