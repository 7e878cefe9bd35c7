import { LAYOUT_COMPONENT, PERMISSION_GROUPS, type RouteRecord } from '@harbour/contracts';

export interface MenuEntry {
  key: string;
  name: string;
  group: string;
  sort: number;
  icon: string | null;
  menuUrl: string;
  pageKey: string;
  menuHidden: boolean;
}

/**
 * Spec §3 route records from the menu pages a staff member holds, grouped as the sidebar shows
 * them (PERMISSION_GROUPS order). Each group is a `Layout` parent with its pages as children
 * (children carry full paths); the dashboard sits alone under `/`.
 */
export function buildRouterMap(entries: readonly MenuEntry[], roles: string[]): RouteRecord[] {
  const order = new Map<string, number>(PERMISSION_GROUPS.map((g, i) => [g.key, i]));
  const byGroup = new Map<string, MenuEntry[]>();
  for (const e of entries) byGroup.set(e.group, [...(byGroup.get(e.group) ?? []), e]);
  const groups = [...byGroup.keys()].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b));

  const child = (e: MenuEntry): RouteRecord => ({
    path: e.menuUrl,
    name: e.key,
    component: e.pageKey,
    ...(e.menuHidden ? { hidden: true } : {}),
    meta: { title: e.name, roles, ...(e.icon ? { icon: e.icon } : {}), noCache: false, breadcrumb: true },
  });

  return groups.map((group) => {
    const pages = byGroup.get(group)!.sort((a, b) => a.sort - b.sort || a.key.localeCompare(b.key));
    const visible = pages.filter((p) => !p.menuHidden);
    const first = visible[0] ?? pages[0]!;
    const icon = PERMISSION_GROUPS.find((g) => g.key === group)?.icon;
    if (group === 'dashboard') {
      return {
        path: '/',
        name: 'dashboard',
        component: LAYOUT_COMPONENT,
        redirect: first.menuUrl,
        meta: { title: 'shell:menu.group.dashboard', roles, ...(icon ? { icon } : {}) },
        children: pages.map(child),
      };
    }
    return {
      path: `/${group}`,
      name: group,
      component: LAYOUT_COMPONENT,
      redirect: first.menuUrl,
      alwaysShow: true,
      ...(visible.length === 0 ? { hidden: true } : {}),
      meta: { title: `shell:menu.group.${group}`, roles, ...(icon ? { icon } : {}) },
      children: pages.map(child),
    };
  });
}
