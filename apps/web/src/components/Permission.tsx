import type { ReactNode } from 'react';
import { useSession } from '../stores/session.js';
import { canAccess } from '../shell/access.js';

interface PermissionProps {
  /** The element shows when the staff has at least one of these roles (spec §5). */
  roles: readonly string[];
  children: ReactNode;
  /** Rendered instead when not allowed (default: nothing — the element is removed). */
  fallback?: ReactNode;
}

/** Element-level permission: follows the session, so it reappears as soon as the roles allow it. */
export function Permission({ roles, children, fallback = null }: PermissionProps) {
  const userRoles = useSession((s) => s.user?.roles);
  return <>{canAccess(userRoles, roles) ? children : fallback}</>;
}
