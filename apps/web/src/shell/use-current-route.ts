import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { listRouteFor, matchRoute } from './menu.js';
import { useShellRoutes } from './use-shell-routes.js';

/** The route of the current URL, and the route whose breadcrumb and menu highlight it borrows. */
export function useCurrentRoute() {
  const { pathname } = useLocation();
  const { flat } = useShellRoutes();
  return useMemo(() => {
    const match = matchRoute(flat, pathname);
    const display = match ? (listRouteFor(flat, match.route) ?? match.route) : undefined;
    return { match, display };
  }, [flat, pathname]);
}
