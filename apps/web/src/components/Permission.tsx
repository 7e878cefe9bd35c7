import type { ReactNode } from 'react';
import type { PermissionKey } from '@harbour/contracts';
import { isSuperAdmin, useSession } from '../stores/session.js';

/** One key, or several of which any one is enough; none (undefined) needs nothing. */
export type PermissionNeed = PermissionKey | readonly PermissionKey[] | undefined;

/**
 * A key read from a resource declaration (typed `string` there). Every declaration's keys are
 * checked against the catalogue by `packages/contracts` (permissions/catalogue.test.ts).
 */
export const declaredKey = (key: string | undefined): PermissionKey | undefined => key as PermissionKey | undefined;

/**
 * True when the signed-in staff holds the permission key (`/userInfo` `jurisdiction`); staff id 1
 * holds them all. Follows the session, so it changes as soon as the permissions do.
 */
export function usePermission(need: PermissionNeed): boolean {
  return useSession((s) => {
    if (need === undefined) return true;
    if (isSuperAdmin(s.user)) return true;
    const held = s.user?.jurisdiction ?? [];
    return typeof need === 'string' ? held.includes(need) : need.some((k) => held.includes(k));
  });
}

interface PermissionProps {
  /** The catalogue key the element's action needs (`stores.create`); a typo fails to compile. */
  need: PermissionNeed;
  children: ReactNode;
  /** Rendered instead when not allowed (default: nothing — the element is removed). */
  fallback?: ReactNode;
}

/**
 * The one element-level gate of the web: removes buttons and links for an action the staff may
 * not take. The server checks the same key on the call, so this only spares people buttons
 * they cannot use.
 */
export function Permission({ need, children, fallback = null }: PermissionProps) {
  return <>{usePermission(need) ? children : fallback}</>;
}
