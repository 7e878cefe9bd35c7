/**
 * The workspace frame (spec §2, §4): sidebar (a drawer on mobile), navbar, tags view, main area
 * and footer, with the settings drawer and the inactivity logout.
 */
import { memo, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { Drawer, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session.js';
import { useSettings } from '../stores/settings.js';
import { useTags } from '../stores/tags.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { SettingsDrawer } from './SettingsDrawer.js';
import { ShellOutlet } from './ShellOutlet.js';
import { ShellNavigateProvider } from './shell-navigate.js';
import { Sidebar } from './Sidebar.js';
import { TagsView } from './TagsView.js';
import { useDevice } from './use-device.js';
import { useIdleLogout } from './use-idle-logout.js';

const SIDEBAR_WIDTH = 220;

// The frame's parts render on a navigation only when what they show changes: the navbar and the
// sidebar follow the route themselves (breadcrumbs, menu highlight), the frame does not.
const NavbarPart = memo(Navbar);
const SidebarPart = memo(Sidebar);
const TagsPart = memo(TagsView);
const FooterPart = memo(Footer);

/** Spec §4: on mobile the sidebar closes on route change (here, so the frame does not follow the route). */
function CloseSidebarOnNavigate() {
  const { pathname } = useLocation();
  const set = useSettings((s) => s.set);
  useEffect(() => {
    if (useSettings.getState().sidebarOpened) set({ sidebarOpened: false });
  }, [pathname, set]);
  return null;
}
const SIDEBAR_COLLAPSED = 64;

/**
 * The main area, naming the page it shows (`data-pathname`), which the router changes only once
 * the next page is ready; it follows the route as the page it holds does, the frame around it not.
 */
function MainArea({ mobile }: { mobile: boolean }) {
  const { pathname } = useLocation();
  return (
    <Layout.Content id="main-content" data-pathname={pathname} tabIndex={-1} style={{ padding: mobile ? 12 : 20, minWidth: 0 }}>
      <ShellOutlet />
    </Layout.Content>
  );
}

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const device = useDevice();
  const mobile = device === 'mobile';
  const sidebarOpened = useSettings((s) => s.sidebarOpened);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const set = useSettings((s) => s.set);
  const idleTimeout = useSession((s) => s.user?.idleTimeout);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Spec §4: on mobile the sidebar closes on route change (CloseSidebarOnNavigate) and on resize.
  useEffect(() => {
    if (!mobile) return;
    const onResize = () => useSettings.getState().sidebarOpened && set({ sidebarOpened: false });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [mobile, set]);

  const onLoggedOut = useCallback(() => {
    useSession.getState().setUser(null);
    useTags.getState().reset();
  }, []);
  useIdleLogout(idleTimeout, onLoggedOut);

  const vars = {
    '--harbour-header-bg': token.colorBgContainer,
    '--harbour-border': token.colorBorderSecondary,
    '--harbour-muted': token.colorTextSecondary,
    minHeight: '100vh',
  } as CSSProperties;

  const closeSidebar = useCallback(() => set({ sidebarOpened: false }), [set]);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const sidebar = <SidebarPart collapsed={!mobile && !sidebarOpened} onNavigate={mobile ? closeSidebar : undefined} />;

  return (
    <ShellNavigateProvider>
      <Layout style={vars}>
        {mobile && <CloseSidebarOnNavigate />}
        <a href="#main-content" className="harbour-skip-link">
          {t('skipToContent')}
        </a>
        {mobile ? (
          <Drawer
            placement="left"
            open={sidebarOpened}
            onClose={closeSidebar}
            size={SIDEBAR_WIDTH}
            closable={false}
            // The title names the dialog for screen readers; the menu itself says the rest.
            title={t('nav.mainMenu')}
            styles={{ header: { display: 'none' }, body: { padding: 0, background: '#001529' } }}
          >
            {sidebar}
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED}
            collapsed={!sidebarOpened}
            trigger={null}
            style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}
          >
            {sidebar}
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <div style={fixedHeader ? { position: 'sticky', top: 0, zIndex: 20 } : undefined}>
            <NavbarPart mobile={mobile} onOpenSettings={openSettings} />
            {tagsView && <TagsPart />}
          </div>
          <MainArea mobile={mobile} />
          <FooterPart />
        </Layout>
        <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </Layout>
    </ShellNavigateProvider>
  );
}
