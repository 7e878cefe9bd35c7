/**
 * Turns the server's `asyncRouterMap` (spec §3 route records, nested, child paths relative to
 * their parent) into what the shell needs: a flat list of addressable routes with their full
 * path pattern and ancestry (for matching, breadcrumbs and tags) and the visible menu tree.
 */
import { matchPath } from 'react-router';
import type { FlatRoute, RouteRecord } from '../api/types.js';
import { canAccess } from './access.js';

export function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return normalise(path);
  return normalise(`${base.replace(/\/+$/, '')}/${path}`);
}

const normalise = (p: string) => {
  const s = p.replace(/\/{2,}/g, '/');
  return s.length > 1 ? s.replace(/\/+$/, '') : s;
};

/** Every record that has a page of its own (a component other than the `Layout` container). */
export function flattenRoutes(records: readonly RouteRecord[], base = '/', parents: RouteRecord[] = [], parentPaths: string[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const record of records) {
    const pattern = joinPath(base, record.path);
    if (record.component && record.component !== 'Layout') {
      out.push({ pattern, record, parents, parentPaths });
    }
    if (record.children?.length) {
      out.push(...flattenRoutes(record.children, pattern, [...parents, record], [...parentPaths, pattern]));
    }
  }
  return out;
}

/** Paths of container records (menu sections) that send their visitors on: `/loan` → `/loan/list`. */
export function collectRedirects(records: readonly RouteRecord[], base = '/'): Map<string, string> {
  const out = new Map<string, string>();
  for (const record of records) {
    const path = joinPath(base, record.path);
    if (record.redirect && record.redirect !== path) out.set(path.toLowerCase(), record.redirect);
    for (const [k, v] of collectRedirects(record.children ?? [], path)) out.set(k, v);
  }
  return out;
}

export interface RouteMatch {
  route: FlatRoute;
  params: Record<string, string | undefined>;
}

/** The route whose pattern matches `pathname`; static patterns win over ones with parameters. */
export function matchRoute(routes: readonly FlatRoute[], pathname: string): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const m = matchPath({ path: route.pattern, end: true, caseSensitive: false }, pathname);
    if (!m) continue;
    const score = route.pattern.split('/').filter((s) => s && !s.startsWith(':') && s !== '*').length;
    if (score > bestScore) {
      best = { route, params: m.params };
      bestScore = score;
    }
  }
  return best;
}

/**
 * A form page: its last static segment is `create` / `detail` / `edit`, or contains the
 * capitalised word (`loanEdit`). Whole words only, so `/masterdata/credit` is not an "edit" page.
 */
const FORM_SEGMENT = /^(create|detail|edit)$/i;
const FORM_WORD = /(Create|Detail|Edit)(?![a-z])/;

function listPatternFor(pattern: string): string | undefined {
  const segments = pattern.split('/:')[0]!.split('/');
  const last = segments.at(-1) ?? '';
  if (FORM_SEGMENT.test(last)) segments[segments.length - 1] = last[0] === last[0]!.toUpperCase() ? 'List' : 'list';
  else if (FORM_WORD.test(last)) segments[segments.length - 1] = last.replace(FORM_WORD, 'List');
  else return undefined;
  return segments.join('/');
}

/**
 * Spec §2: a page whose path contains Create, Detail or Edit takes the breadcrumb and sidebar
 * highlight of the matching List page: the same path with the word replaced by List
 * (`/loan/loanEdit/:id` → `/loan/loanList`, `/approval/detail` → `/approval/list`), else the first
 * List page under the same parent.
 */
export function listRouteFor(routes: readonly FlatRoute[], route: FlatRoute): FlatRoute | undefined {
  if (route.record.meta?.activeMenu) {
    return routes.find((r) => r.pattern === route.record.meta?.activeMenu);
  }
  const candidate = listPatternFor(route.pattern);
  if (!candidate) return undefined;
  const exact = routes.find((r) => r.pattern.toLowerCase() === candidate.toLowerCase());
  if (exact) return exact;
  const parent = route.parentPaths.at(-1);
  return routes.find(
    (r) => r !== route && r.parentPaths.at(-1) === parent && /list$/i.test(r.pattern) && !listPatternFor(r.pattern),
  );
}

export interface MenuNode {
  key: string;
  title?: string;
  icon?: string;
  children?: MenuNode[];
}

/**
 * The sidebar tree: hidden records and those the roles do not allow are left out; a container
 * with a single visible child shows that child directly unless `alwaysShow`.
 */
export function buildMenu(records: readonly RouteRecord[], roles: readonly string[], base = '/'): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const record of records) {
    if (record.hidden || !canAccess(roles, record.meta?.roles)) continue;
    const path = joinPath(base, record.path);
    const children = record.children ? buildMenu(record.children, roles, path) : [];
    if (record.children && record.children.length > 0) {
      if (children.length === 0) continue;
      if (children.length === 1 && !record.alwaysShow) {
        const only = children[0]!;
        nodes.push({ ...only, icon: only.icon ?? record.meta?.icon });
        continue;
      }
      nodes.push({ key: path, title: record.meta?.title, icon: record.meta?.icon, children });
    } else {
      nodes.push({ key: path, title: record.meta?.title, icon: record.meta?.icon });
    }
  }
  return nodes;
}

/** Leaves of the menu tree in display order (the dashboard's quick links). */
export function menuLeaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children ? menuLeaves(n.children) : [n]));
}
