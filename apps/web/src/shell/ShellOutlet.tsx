/**
 * The main area: resolves the URL against the staff's routes (unknown → /404, roles not allowed
 * → /401), records the tab, and keeps up to 20 visited pages alive (spec §2): each cached page
 * stays mounted inside React's <Activity> — hidden pages keep their state (a half-filled form
 * survives switching tabs) while their effects pause. One tab per page: a `replace` navigation to
 * another query of the page shown (list pages keeping page, sort and filters in the URL) renames
 * that tab in place and keeps its mounted page (`mounts` in the tags store); any other navigation
 * to other parameters of a page with a tab (another loan at the counter) moves that tab to them and
 * mounts the page afresh for them. Refresh bumps the page's generation so it mounts afresh. The
 * dashboard's tab is pinned in front from the start, a reload included.
 */
import { Activity, Suspense, memo, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  NavigationType,
  Navigate,
  Route,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
  useNavigationType,
  type Location,
} from 'react-router';
import { Spin } from 'antd';
import { resolvePage } from '../app/pages.js';
import { useSession } from '../stores/session.js';
import { useTags, type CachedPage } from '../stores/tags.js';
import { canAccess } from './access.js';
import { AFFIX_PATHS, DASHBOARD_PATH, MOVED_PAGES } from './fixed-routes.js';
import { matchRoute } from './menu.js';
import { dropFromCache, mountKeyOf, pathnameOf, renameInCache, tabOfPage, touchCache } from '../stores/tag-rules.js';
import { useShellRoutes } from './use-shell-routes.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { RedirectPage } from './RedirectPage.js';
import { useDocumentTitle } from './use-document-title.js';
import { isKnownPagePath } from './known-pages.js';

/**
 * The kept entry of a page when the visit is to the same URL and state on the same route: a tab
 * shown again gets the very object it was mounted with, so its frame (memoized) does not render
 * again; only its Activity turns visible.
 */
function sameVisit(stored: CachedPage | undefined, location: Location, route: CachedPage['route']): stored is CachedPage {
  if (!stored || stored.route !== route) return false;
  const was = stored.location;
  return (
    was.pathname === location.pathname &&
    was.search === location.search &&
    was.hash === location.hash &&
    JSON.stringify(was.state ?? null) === JSON.stringify(location.state ?? null)
  );
}

/** The kept entry when it is the same visit as `fresh`, else `fresh`. */
const keptEntry = (stored: CachedPage | undefined, fresh: CachedPage): CachedPage =>
  sameVisit(stored, fresh.location, fresh.route) ? stored : fresh;

/**
 * Holds a kept page's router context still. The shell's own route match and location change on
 * every navigation, and a page's <Routes> reads both: without this, every kept page (hidden ones
 * too) built new route and location contexts on each tab switch, and so rendered everything in it
 * again — every link, table cell and form field. With it, the page's hooks that read the router
 * are asked again (React still reaches them) but find their values unchanged, and nothing below
 * them renders. The page sees its own location (`entry.location`) and the shell's route as it was
 * when the page mounted (only the splat parameter, which names the page itself, differs).
 */
function SteadyRouter({ location, children }: { location: Location; children: ReactNode }) {
  const route = useContext(RouteContext);
  const [kept] = useState(route);
  const own = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
  return (
    <RouteContext.Provider value={kept}>
      <LocationContext.Provider value={own}>{children}</LocationContext.Provider>
    </RouteContext.Provider>
  );
}

const PageFrame = memo(function PageFrame({ entry }: { entry: CachedPage }) {
  const Page = resolvePage(entry.route.record.component);
  if (!Page) return null;
  // The registry hands out the same lazy component for a key every time, so this is not a new
  // component per render (which the lint rule cannot know).
  // eslint-disable-next-line react-hooks/static-components
  const element = <Page />;
  return (
    <SteadyRouter location={entry.location}>
      <ErrorBoundary>
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <Routes location={entry.location}>
            <Route path={entry.route.pattern} element={element} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </SteadyRouter>
  );
});

export function ShellOutlet() {
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const { flat, redirects } = useShellRoutes();
  const roles = useSession((s) => s.user?.roles);
  const cached = useTags((s) => s.cached);
  const generation = useTags((s) => s.generation);
  const visit = useTags((s) => s.visit);
  const entries = useTags((s) => s.entries);
  const mounts = useTags((s) => s.mounts);
  const active = useTags((s) => s.active);
  const visited = useTags((s) => s.visited);
  const pin = useTags((s) => s.pin);
  const navigationType = useNavigationType();

  const isRedirect = location.pathname.startsWith('/redirect/');
  const match = isRedirect ? undefined : matchRoute(flat, location.pathname);
  const route = match?.route;
  const allowed = !!route && [...route.parents, route.record].every((r) => canAccess(roles, r.meta?.roles));
  const page = route ? resolvePage(route.record.component) : undefined;
  const ok = allowed && !!page;
  const noCache = !!route?.record.meta?.noCache;
  // The page shown changed its own query with `replace`: same tab, same mounted page.
  const replaceFrom =
    navigationType === 'REPLACE' && active !== undefined && active !== fullPath && pathnameOf(active) === location.pathname
      ? active
      : undefined;

  const stored = entries[fullPath];
  const fresh = useMemo(() => (route ? { location, route } : undefined), [location, route]);
  const current = fresh && keptEntry(stored, fresh);

  const shownTab = ok && route.record.name ? tabOfPage(visited, fullPath) : undefined;
  useDocumentTitle(ok ? route.record.meta?.title : undefined, shownTab?.fullPath === fullPath ? shownTab.detail : undefined);

  // The dashboard's tab, there whatever page the shell opens on.
  const dashboard = matchRoute(flat, DASHBOARD_PATH)?.route.record;
  useEffect(() => {
    if (dashboard?.name) pin([{ fullPath: DASHBOARD_PATH, name: dashboard.name, title: dashboard.meta?.title, affix: true }]);
  }, [dashboard, pin]);

  useEffect(() => {
    if (!ok) return;
    const name = route.record.name;
    visit(
      name ? { fullPath, name, title: route.record.meta?.title, affix: AFFIX_PATHS.has(location.pathname) } : undefined,
      fullPath,
      // the entry the render above showed; read from the store here, so the visit runs on a
      // navigation only (a closed tab's entry leaving the store must not record its page again)
      noCache || !fresh ? undefined : keptEntry(useTags.getState().entries[fullPath], fresh),
      replaceFrom,
    );
  }, [ok, route, fullPath, noCache, visit, location, replaceFrom, fresh]);

  if (location.pathname === '/' || location.pathname === '') return <Navigate to={DASHBOARD_PATH} replace />;
  if (isRedirect) return <RedirectPage />;
  const moved = MOVED_PAGES.get(location.pathname.replace(/\/+$/, '').toLowerCase());
  if (moved) return <Navigate to={moved} replace />;
  if (!route) {
    const onward = redirects.get(location.pathname.replace(/\/+$/, '').toLowerCase());
    if (onward) return <Navigate to={onward} replace />;
    return <Navigate to={isKnownPagePath(location.pathname) ? '/401' : '/404'} replace />;
  }
  if (!page) return <Navigate to="/404" replace />;
  if (!allowed) return <Navigate to="/401" replace />;

  // The list the store will hold once the effect above ran, so the current page is in place
  // from its first render and never mounts twice.
  const left = replaceFrom === undefined && shownTab && shownTab.fullPath !== fullPath ? shownTab.fullPath : undefined;
  const kept = left === undefined ? cached : dropFromCache(cached, [left]);
  const before = replaceFrom === undefined ? kept : renameInCache(kept, replaceFrom, fullPath);
  const keys = noCache ? before : touchCache(before, fullPath);
  const reactKey = (key: string) => {
    const own = key === fullPath && replaceFrom !== undefined ? replaceFrom : key;
    return `${mountKeyOf(mounts, own)}#${generation[own] ?? 0}`;
  };

  return (
    <>
      {keys.map((key) => {
        const entry = key === fullPath ? current! : entries[key];
        if (!entry) return null;
        return (
          <Activity key={reactKey(key)} mode={key === fullPath ? 'visible' : 'hidden'}>
            <PageFrame entry={entry} />
          </Activity>
        );
      })}
      {noCache && <PageFrame key={reactKey(fullPath)} entry={current!} />}
    </>
  );
}
