/**
 * Shell pages that exist for every staff member whatever the server's menu says (spec §2).
 * Only the dashboard shows in the menu; the others are hidden.
 */
import type { RouteRecord } from '../api/types.js';

export const DASHBOARD_PATH = '/dashboard';
/** The first-login screen of a password an administrator set (outside the shell: nothing else answers yet). */
export const CHANGE_PASSWORD_PAGE = '/change-password';

export const FIXED_SHELL_ROUTES: RouteRecord[] = [
  {
    path: DASHBOARD_PATH,
    name: 'Dashboard',
    component: 'dashboard',
    meta: { title: 'shell:menu.dashboard.view', icon: 'dashboard' },
  },
  { path: '/adminModify', name: 'AdminModify', component: 'adminModify', hidden: true, meta: { title: 'shell:menu.fixed.adminModify' } },
  { path: '/test', name: 'Test', component: 'test', hidden: true, meta: { title: 'shell:menu.fixed.test' } },
  // The test page again under a number of its own: as many distinct pages as the shell's tab and
  // page-cache tests open (one tab per page).
  { path: '/test/:n', name: 'TestN', component: 'test', hidden: true, meta: { title: 'shell:menu.fixed.test' } },
];

/**
 * Addresses of pages that were folded into another, kept so old bookmarks and links land on the
 * page that replaced them: the read-only staff summaries are the one staff list now.
 */
export const MOVED_PAGES: ReadonlyMap<string, string> = new Map([
  ['/staff/list', '/admin/list'],
  ['/masterdata/staffinfo', '/admin/list'],
]);

/** The dashboard tab is always there (it cannot be closed). */
export const AFFIX_PATHS = new Set([DASHBOARD_PATH]);

/** The server's menu plus the fixed pages; a server entry for the same path wins. */
export function withFixedRoutes(serverRoutes: readonly RouteRecord[] | undefined): RouteRecord[] {
  const server = serverRoutes ?? [];
  const serverPaths = new Set(collectPaths(server));
  return [...FIXED_SHELL_ROUTES.filter((r) => !serverPaths.has(r.path)), ...server];
}

function collectPaths(records: readonly RouteRecord[], base = ''): string[] {
  return records.flatMap((r) => {
    const full = r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
    return [full, ...collectPaths(r.children ?? [], full)];
  });
}
