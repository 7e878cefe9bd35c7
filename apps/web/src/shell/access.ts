/**
 * Spec §5 access rule: a route (or element) is allowed when it requires no roles, or when the
 * staff's roles share at least one entry with the required ones.
 */
export function canAccess(userRoles: readonly string[] | undefined, required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (!userRoles || userRoles.length === 0) return false;
  return required.some((r) => userRoles.includes(r));
}
