/**
 * Tabs of visited pages (spec §2, §4): click to switch, × or middle click to close, right click
 * for refresh / close / close others / close all / refresh permissions.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Dropdown } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/auth.js';
import { useSession } from '../stores/session.js';
import { useSettings } from '../stores/settings.js';
import { useTags } from '../stores/tags.js';
import { pathAfterClosing, type TagView } from '../stores/tag-rules.js';
import { afterPaint } from './after-paint.js';
import { useShellNavigate } from './shell-navigate.js';
import { routeTitle, tabTitle } from './title.js';
import { accessiblePrimary } from '../components/theme-color.js';

/**
 * One tab. Memoized: a switch renders only the tab that was active and the one that now is, not
 * every tab with its dropdown.
 */
const Tag = memo(function Tag({
  tag,
  active,
  color,
  onAct,
}: {
  tag: TagView;
  active: boolean;
  color: string;
  onAct: (action: string, tag: TagView) => void;
}) {
  const { t } = useTranslation();
  const navigate = useShellNavigate();
  const title = tabTitle(routeTitle(t, tag.title) || tag.name, tag.detail);
  return (
    <Dropdown
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
        onClick: ({ key }) => onAct(key, tag),
      }}
    >
      <div
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
            onAct('close', tag);
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
            onClick={() => onAct('close', tag)}
            style={{ border: 0, background: 'none', color: 'inherit', cursor: 'pointer', padding: 0, fontSize: 10, display: 'inline-flex' }}
          >
            <CloseOutlined />
          </button>
        )}
      </div>
    </Dropdown>
  );
});

export function TagsView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname + location.search;
  const visited = useTags((s) => s.visited);
  const color = accessiblePrimary(useSettings((s) => s.themeColor));
  const navRef = useRef<HTMLElement>(null);

  // The active tab scrolled into view once the page it shows is painted: scrolling reads the
  // layout, which the newly shown page has just changed, and would hold up its first paint.
  useEffect(
    () =>
      afterPaint(() => {
        navRef.current?.querySelector('.harbour-tag[data-active]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      }),
    [current],
  );

  // What a tab's menu, close button and middle click do; the same function for every render, so
  // the tabs (memoized) render again only when their own tab changes.
  const latest = useRef({ current, navigate, message, t });
  useLayoutEffect(() => {
    latest.current = { current, navigate, message, t };
  });
  const onAct = useCallback(async (action: string, tag: TagView) => {
    const { current, navigate, message, t } = latest.current;
    const { close, closeOthers, closeAll } = useTags.getState();
    switch (action) {
      case 'refresh':
        navigate(`/redirect${tag.fullPath}`);
        break;
      case 'close': {
        const remaining = close(tag.fullPath);
        if (tag.fullPath === current) navigate(pathAfterClosing(remaining));
        break;
      }
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
  }, []);
  const act = useCallback((action: string, tag: TagView) => void onAct(action, tag), [onAct]);

  return (
    <nav
      ref={navRef}
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
      {visited.map((tag) => (
        <Tag key={tag.fullPath} tag={tag} active={tag.fullPath === current} color={color} onAct={act} />
      ))}
    </nav>
  );
}
