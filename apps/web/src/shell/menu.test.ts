import { describe, expect, it } from 'vitest';
import type { RouteRecord } from '../api/types.js';
import { canAccess } from './access.js';
import { buildMenu, flattenRoutes, listRouteFor, matchRoute, menuLeaves } from './menu.js';

const routes: RouteRecord[] = [
  {
    path: '/loan',
    component: 'Layout',
    meta: { title: 'menu:loan', icon: 'loan' },
    children: [
      { path: 'loanList', name: 'LoanList', component: 'loanList', meta: { title: 'loanList' } },
      { path: 'loanCreate', name: 'LoanCreate', component: 'loanCreate', hidden: true, meta: { title: 'loanCreate' } },
      { path: 'loanEdit/:id', name: 'LoanEdit', component: 'loanEdit', hidden: true, meta: { title: 'loanEdit' } },
    ],
  },
  {
    path: '/approval',
    component: 'Layout',
    meta: { title: 'menu:approval', roles: ['manager'] },
    children: [
      { path: 'list', name: 'ApprovalList', component: 'approvalList', meta: { title: 'approvalList' } },
      { path: 'detail/:id', name: 'ApprovalDetail', component: 'approvalDetail', hidden: true, meta: { title: 'approvalDetail' } },
    ],
  },
  {
    path: '/system',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: 'menu:system' },
    children: [{ path: 'settings', name: 'Settings', component: 'settings', meta: { title: 'settings', roles: ['admin'] } }],
  },
];

describe('route guard rule', () => {
  it('allows when no roles are required', () => {
    expect(canAccess(['clerk'], undefined)).toBe(true);
    expect(canAccess(['clerk'], [])).toBe(true);
  });
  it('allows when the roles intersect, refuses otherwise', () => {
    expect(canAccess(['clerk', 'manager'], ['manager'])).toBe(true);
    expect(canAccess(['clerk'], ['manager', 'admin'])).toBe(false);
    expect(canAccess([], ['manager'])).toBe(false);
  });
});

describe('menu routes', () => {
  const flat = flattenRoutes(routes);

  it('flattens nested records to absolute patterns', () => {
    expect(flat.map((r) => r.pattern)).toEqual([
      '/loan/loanList',
      '/loan/loanCreate',
      '/loan/loanEdit/:id',
      '/approval/list',
      '/approval/detail/:id',
      '/system/settings',
    ]);
  });

  it('matches a URL with parameters', () => {
    const m = matchRoute(flat, '/loan/loanEdit/42');
    expect(m?.route.record.name).toBe('LoanEdit');
    expect(m?.params.id).toBe('42');
    expect(matchRoute(flat, '/nowhere')).toBeUndefined();
  });

  it('maps Create / Edit / Detail pages to their List page', () => {
    const edit = matchRoute(flat, '/loan/loanEdit/1')!.route;
    const create = matchRoute(flat, '/loan/loanCreate')!.route;
    const detail = matchRoute(flat, '/approval/detail/9')!.route;
    expect(listRouteFor(flat, edit)?.pattern).toBe('/loan/loanList');
    expect(listRouteFor(flat, create)?.pattern).toBe('/loan/loanList');
    expect(listRouteFor(flat, detail)?.pattern).toBe('/approval/list');
    expect(listRouteFor(flat, matchRoute(flat, '/loan/loanList')!.route)).toBeUndefined();
  });

  it('does not take words that merely contain "edit" for form pages', () => {
    const credit = flattenRoutes([
      { path: '/masterdata/credit', name: 'Credit', component: 'credit', meta: { title: 'c' } },
      { path: '/masterdata/list', name: 'List', component: 'list', meta: { title: 'l' } },
    ]);
    expect(listRouteFor(credit, credit[0]!)).toBeUndefined();
  });

  it('builds the menu by role: hidden and forbidden entries left out', () => {
    const clerk = buildMenu(routes, ['clerk']);
    expect(clerk.map((n) => n.key)).toEqual(['/loan/loanList']);
    const manager = buildMenu(routes, ['manager']);
    expect(menuLeaves(manager).map((n) => n.key)).toEqual(['/loan/loanList', '/approval/list']);
    const admin = buildMenu(routes, ['admin']);
    // alwaysShow keeps the section even with one child.
    expect(admin.find((n) => n.key === '/system')?.children?.map((c) => c.key)).toEqual(['/system/settings']);
  });
});

describe('section redirects', () => {
  it('sends a section path to its first page', async () => {
    const { collectRedirects } = await import('./menu.js');
    const map = collectRedirects([
      { path: '/', component: 'Layout', redirect: '/dashboard', children: [{ path: '/dashboard', component: 'd' }] },
      { path: '/loan', component: 'Layout', redirect: '/loan/list', children: [{ path: '/loan/list', component: 'l' }] },
    ]);
    expect(map.get('/loan')).toBe('/loan/list');
    expect(map.get('/')).toBe('/dashboard');
  });
});

describe('known page paths', async () => {
  const { isKnownPagePath } = await import('./known-pages.js');
  it('recognises catalogue pages (→ 401 when not in the menu) and nothing else (→ 404)', () => {
    expect(isKnownPagePath('/system/settings')).toBe(true);
    expect(isKnownPagePath('/loan/list')).toBe(true);
    expect(isKnownPagePath('/no/such/page')).toBe(false);
  });
});
