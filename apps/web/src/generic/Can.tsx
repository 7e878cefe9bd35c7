import type { ReactNode } from 'react';
import { isSuperAdmin, useSession } from '../stores/session.js';

/**
 * Renders its children only when the signed-in staff holds the permission key (`stores.create`).
 * The keys come from `/userInfo` `jurisdiction`; staff id 1 holds them all. The server checks the
 * same key on the call, so this only spares users buttons they cannot use.
 */
export function Can({ perm, children }: { perm: string | undefined; children: ReactNode }) {
  const allowed = useSession((s) => !perm || isSuperAdmin(s.user) || !!s.user?.jurisdiction?.includes(perm));
  return allowed ? <>{children}</> : null;
}
