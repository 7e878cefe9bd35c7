/**
 * Paths of every menu page Harbour has (the permission catalogue). A signed-in staff member who
 * opens one that their menu does not include lacks the permission: that is a 401, not a 404.
 */
import { matchPath } from 'react-router';
import { PERMISSION_CATALOGUE } from '@harbour/contracts';

const KNOWN_PATHS = PERMISSION_CATALOGUE.flatMap((p) => (p.menu ? [p.menu.path] : []));

export function isKnownPagePath(pathname: string): boolean {
  return KNOWN_PATHS.some((path) => matchPath({ path, end: true, caseSensitive: false }, pathname));
}
