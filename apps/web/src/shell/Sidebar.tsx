/** The sidebar: optional logo and the menu built from the server's routes (spec §2, §3). */
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.js';
import { menuIcon } from './icons.js';
import type { MenuNode } from './menu.js';
import { afterPaint } from './after-paint.js';
import { routeTitle } from './title.js';
import { useCurrentRoute } from './use-current-route.js';
import { useShellRoutes } from './use-shell-routes.js';
import { useCompanyName } from './use-document-title.js';
import { useCompany } from '../stores/company.js';
import { useShellNavigate } from './shell-navigate.js';

type Item = Required<MenuProps>['items'][number];

const NO_KEYS: string[] = [];

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useShellNavigate();
  const { menu } = useShellRoutes();
  const { display } = useCurrentRoute();
  const showLogo = useSettings((s) => s.sidebarLogo);
  const company = useCompanyName();
  const logo = useCompany((s) => s.company?.logoUrl);

  const items = useMemo(() => {
    const toItem = (n: MenuNode): Item =>
      n.children
        ? { key: n.key, icon: menuIcon(n.icon), label: routeTitle(t, n.title), children: n.children.map(toItem) }
        : { key: n.key, icon: menuIcon(n.icon), label: routeTitle(t, n.title) };
    return menu.map(toItem);
  }, [menu, t]);

  // The menu highlights the page once the page is painted: the menu renders all its items again for
  // a new selection, which need not hold up showing the page (a tab switch, a link followed).
  const [shown, setShown] = useState(display);
  useEffect(() => afterPaint(() => setShown(display)), [display]);
  const selected = shown?.pattern;
  // read on the menu's first render only (and again when collapsing remounts it)
  const openKeys = shown?.parentPaths ?? NO_KEYS;

  // The menu itself is mounted once the first page is painted: antd's menu renders all its items
  // several times while it mounts (motion and inline sub-menus settling), and after logging in that
  // work would otherwise come before the dashboard is shown.
  const [menuMounted, setMenuMounted] = useState(false);
  useEffect(() => afterPaint(() => setMenuMounted(true)), []);

  const menuElement = useMemo(
    () => (
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={openKeys}
        key={collapsed ? 'collapsed' : 'open'}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 0, flex: 1, overflowY: 'auto' }}
      />
    ),
    [collapsed, items, selected, openKeys, navigate, onNavigate],
  );

  return (
    <nav aria-label={t('shell:nav.mainMenu')} style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {showLogo && (
        <a
          href="/dashboard"
          onClick={(e) => {
            e.preventDefault();
            navigate('/dashboard');
            onNavigate?.();
          }}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            height: 56,
            padding: collapsed ? '0 20px' : '0 20px',
            color: '#fff',
            fontWeight: 600,
            fontSize: 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textDecoration: 'none',
          }}
        >
          <img src={logo || '/favicon.svg'} alt="" width={28} height={28} style={{ objectFit: 'contain', flexShrink: 0 }} />
          {!collapsed && (
            // A long registered name ("… Finance Limited") takes two lines rather than being cut.
            <span
              title={company}
              style={{
                whiteSpace: 'normal',
                lineHeight: 1.25,
                fontSize: company.length > 18 ? 14 : 16,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {company}
            </span>
          )}
        </a>
      )}
      {menuMounted ? menuElement : <div style={{ flex: 1 }} />}
    </nav>
  );
}
