/**
 * Tabs of visited pages (spec §2, §4): click to switch, × or middle click to close, right click
 * for refresh / close / close others / close all / refresh permissions.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Dropdown } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/auth.js';
import { useSession } from '../stores/session.js';
import { useSettings } from '../stores/settings.js';
import { useTags } from '../stores/tags.js';
import { pathAfterClosing, type TagView } from '../stores/tag-rules.js';
import { routeTitle, tabTitle } from './title.js';
import { accessiblePrimary } from '../components/theme-color.js';

export function TagsView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname + location.search;
  const visited = useTags((s) => s.visited);
  const { close, closeOthers, closeAll } = useTags.getState();
  const color = accessiblePrimary(useSettings((s) => s.themeColor));
  const activeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const closeTab = (tag: TagView) => {
    const remaining = close(tag.fullPath);
    if (tag.fullPath === current) navigate(pathAfterClosing(remaining));
  };

  const act = async (action: string, tag: TagView) => {
    switch (action) {
      case 'refresh':
        navigate(`/redirect${tag.fullPath}`);
        break;
      case 'close':
        closeTab(tag);
        break;
      case 'closeOthers':
        closeOthers(tag.fullPath);
        if (tag.fullPath !== current) navigate(tag.fullPath);
        break;
      case 'closeAll': {
        const remaining = closeAll();
        if (!remaining.some((r) => r.fullPath === current)) navigate(pathAfterClosing(remaining));
        break;
      }
      case 'refreshPermissions': {
        const info = await getUserInfo({ startup: false });
        useSession.getState().setUser(info);
        void message.success(t('admin:permissionsRefreshed'));
        break;
      }
    }
  };

  return (
    <nav
      aria-label={t('shell:tags.label')}
      className="harbour-tags"
      style={{
        display: 'flex',
        gap: 4,
        padding: '4px 8px',
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        background: 'var(--harbour-header-bg)',
        borderBottom: '1px solid var(--harbour-border)',
        boxShadow: '0 1px 3px rgba(0,21,41,.08)',
      }}
    >
      {visited.map((tag) => {
        const active = tag.fullPath === current;
        const title = tabTitle(routeTitle(t, tag.title) || tag.name, tag.detail);
        return (
          <Dropdown
            key={tag.fullPath}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('shell:tags.refresh') },
                { key: 'close', label: t('shell:tags.close'), disabled: !!tag.affix },
                { key: 'closeOthers', label: t('shell:tags.closeOthers') },
                { key: 'closeAll', label: t('shell:tags.closeAll') },
                { type: 'divider' },
                { key: 'refreshPermissions', label: t('shell:tags.refreshPermissions') },
              ],
              onClick: ({ key }) => void act(key, tag),
            }}
          >
            <div
              ref={active ? activeRef : undefined}
              className="harbour-tag"
              data-active={active || undefined}
              data-path={tag.fullPath}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                height: 26,
                padding: '0 8px',
                fontSize: 12,
                border: `1px solid ${active ? color : 'var(--harbour-border)'}`,
                background: active ? color : 'transparent',
                color: active ? '#fff' : 'inherit',
                borderRadius: 3,
                flexShrink: 0,
              }}
              onAuxClick={(e) => {
                if (e.button === 1 && !tag.affix) {
                  e.preventDefault();
                  closeTab(tag);
                }
              }}
              onMouseDown={(e) => {
                // Stop the browser's auto-scroll on middle click so the close feels instant.
                if (e.button === 1) e.preventDefault();
              }}
            >
              <a
                href={tag.fullPath}
                aria-current={active ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(tag.fullPath);
                }}
                style={{ color: 'inherit', textDecoration: 'none' }}
              >
                {active && <span aria-hidden style={{ display: 'inline-block', width: 6, height: 6, borderRadius: 3, background: '#fff', marginInlineEnd: 4, verticalAlign: 'middle' }} />}
                {title}
              </a>
              {!tag.affix && (
                <button
                  type="button"
                  aria-label={t('shell:tags.closeTab', { title })}
                  onClick={() => closeTab(tag)}
                  style={{ border: 0, background: 'none', color: 'inherit', cursor: 'pointer', padding: 0, fontSize: 10, display: 'inline-flex' }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </nav>
  );
}
