/** Breadcrumbs of the current page; Create/Detail/Edit pages show their List page's trail (spec §2). */
import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PATH } from './fixed-routes.js';
import { routeTitle } from './title.js';
import { useCurrentRoute } from './use-current-route.js';

export function Breadcrumbs() {
  const { t } = useTranslation();
  const { match, display } = useCurrentRoute();
  if (!match || !display) return null;

  const trail = [
    ...display.parents.map((r, i) => ({ title: r.meta?.title, path: r.redirect ?? display.parentPaths[i], link: !!r.redirect })),
    { title: display.record.meta?.title, path: display.pattern, link: display !== match.route && !display.pattern.includes(':') },
  ].filter((c) => c.title && c.path !== DASHBOARD_PATH);

  const items = [
    { title: <Link to={DASHBOARD_PATH}>{routeTitle(t, 'shell:menu.dashboard.view')}</Link> },
    ...trail
      .filter((c) => c.title)
      .map((c) => ({ title: c.link && c.path ? <Link to={c.path}>{routeTitle(t, c.title)}</Link> : routeTitle(t, c.title) })),
  ];

  return (
    <nav aria-label={t('shell:breadcrumb.label')}>
      <Breadcrumb items={items} />
    </nav>
  );
}
