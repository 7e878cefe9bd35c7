/**
 * Top bar (spec §2): menu toggle, breadcrumbs, the global search, store switcher, error log, language, full screen,
 * theme, global size, settings and the user menu (/, /adminModify, log out).
 */
import { useEffect, useState } from 'react';
import { App, Avatar, Button, Dropdown, Flex, Layout, Tooltip } from 'antd';
import {
  BulbFilled,
  BulbOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/auth.js';
import { useSession } from '../stores/session.js';
import { useSettings, type SizeName } from '../stores/settings.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { ErrorLogButton } from './ErrorLog.js';
import { GlobalSearch } from './GlobalSearch.js';
import { LanguageMenu } from './LanguageMenu.js';
import { QuickLinks } from './QuickLinks.js';
import { StoreSwitcher } from './StoreSwitcher.js';
import { useShellNavigate } from './shell-navigate.js';

const SIZES: SizeName[] = ['small', 'middle', 'large'];

function useFullscreen() {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return [on, toggle] as const;
}

export function Navbar({ mobile, onOpenSettings }: { mobile: boolean; onOpenSettings: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useShellNavigate();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const { sidebarOpened, toggleSidebar, theme, size, set } = useSettings();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const collapsedIcon = sidebarOpened && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />;

  return (
    <Layout.Header
      style={{
        height: 50,
        lineHeight: '50px',
        padding: '0 8px',
        background: 'var(--harbour-header-bg)',
        borderBottom: '1px solid var(--harbour-border)',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
      }}
    >
      <Button
        type="text"
        icon={collapsedIcon}
        onClick={toggleSidebar}
        aria-label={t('nav.toggleSidebar')}
        aria-expanded={sidebarOpened}
      />
      {!mobile && (
        <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}>
          <Breadcrumbs />
        </div>
      )}
      {mobile && <div style={{ flex: 1 }} />}
      <Flex align="center" gap={2} style={{ flexShrink: 0 }}>
        <GlobalSearch mobile={mobile} />
        {!mobile && <QuickLinks />}
        <StoreSwitcher compact={mobile} />
        <ErrorLogButton />
        <LanguageMenu />
        {!mobile && (
          <Tooltip title={fullscreen ? t('nav.exitFullscreen') : t('nav.fullscreen')}>
            <Button
              type="text"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              aria-label={fullscreen ? t('nav.exitFullscreen') : t('nav.fullscreen')}
              onClick={toggleFullscreen}
            />
          </Tooltip>
        )}
        <Tooltip title={theme === 'dark' ? t('nav.themeLight') : t('nav.theme')}>
          <Button
            type="text"
            icon={theme === 'dark' ? <BulbFilled /> : <BulbOutlined />}
            aria-label={theme === 'dark' ? t('nav.themeLight') : t('nav.theme')}
            aria-pressed={theme === 'dark'}
            onClick={() => set({ theme: theme === 'dark' ? 'light' : 'dark' })}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [size],
            items: SIZES.map((s) => ({ key: s, label: t(`nav.sizes.${s}`) })),
            onClick: ({ key }) => {
              set({ size: key as SizeName });
              void message.success(t('nav.sizeChanged'));
            },
          }}
        >
          <Button type="text" icon={<FontSizeOutlined />} aria-label={t('nav.size')} />
        </Dropdown>
        <Tooltip title={t('nav.settings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('nav.settings')} onClick={onOpenSettings} />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: '/', label: t('nav.home') },
              { key: '/adminModify', label: t('nav.profile') },
              { type: 'divider' },
              { key: 'logout', label: t('nav.logout') },
            ],
            onClick: async ({ key }) => {
              if (key === 'logout') {
                await logout();
                location.assign('/login');
              } else navigate(key);
            },
          }}
        >
          <Button type="text" aria-label={t('nav.userMenu', { name: user?.name ?? '' })} style={{ paddingInline: 6, height: 40 }}>
            <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} alt={user?.name ?? ''} />
            {!mobile && <span style={{ marginInlineStart: 6, maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}>{user?.name}</span>}
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
