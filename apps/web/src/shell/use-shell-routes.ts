import { useMemo } from 'react';
import { useSession } from '../stores/session.js';
import { withFixedRoutes } from './fixed-routes.js';
import { buildMenu, collectRedirects, flattenRoutes } from './menu.js';

/** The signed-in staff's routes (server menu + fixed pages), flattened and as a menu tree. */
export function useShellRoutes() {
  const user = useSession((s) => s.user);
  return useMemo(() => {
    const records = withFixedRoutes(user?.asyncRouterMap);
    return {
      records,
      flat: flattenRoutes(records),
      redirects: collectRedirects(records),
      menu: buildMenu(records, user?.roles ?? []),
    };
  }, [user]);
}
