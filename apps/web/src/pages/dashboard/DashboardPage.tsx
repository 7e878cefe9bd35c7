/**
 * /dashboard: a welcome with who and where the staff member is working today, the loan book's
 * figures (`Figures`, for a role with `dashboard.view`), and quick links to the menu pages their
 * roles open.
 */
import { Link } from 'react-router';
import { useEffect, useState } from 'react';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/DateText.js';
import { useSession } from '../../stores/session.js';
import { menuIcon } from '../../shell/icons.js';
import { menuLeaves } from '../../shell/menu.js';
import { DASHBOARD_PATH } from '../../shell/fixed-routes.js';
import { storeLabel } from '../../shell/StoreSwitcher.js';
import { routeTitle } from '../../shell/title.js';
import { useShellRoutes } from '../../shell/use-shell-routes.js';
import { usePermission } from '../../components/Permission.js';
import { Figures } from './Figures.js';
import { afterPaint } from '../../shell/after-paint.js';
import { useRoleName } from '../../components/role-name.js';

export default function DashboardPage() {
  const { t, i18n } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const roleName = useRoleName().name;
  const { menu } = useShellRoutes();
  const links = menuLeaves(menu).filter((n) => n.key !== DASHBOARD_PATH && !n.key.includes(':'));
  const store = user?.visitStore;
  // Everyone's home: the figures need the page's key (the fixed route shows the dashboard without it).
  const mayView = usePermission('dashboard.view');
  const tipsAllowed = usePermission('repayment.tipsList');

  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 22 }}>
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 3 }}
          items={[
            { key: 'store', label: t('dashboard.store'), children: store ? storeLabel(store, i18n.language) : t('dashboard.noStore') },
            { key: 'today', label: t('dashboard.today'), children: <DateText value={new Date()} /> },
            {
              key: 'roles',
              label: t('dashboard.roles'),
              children: (user?.roles ?? []).map((r) => <Tag key={r}>{roleName(r)}</Tag>),
            },
          ]}
        />
      </Card>
      {mayView && <Figures tipsAllowed={tipsAllowed} />}
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('dashboard.quickLinks')}</h2>}>
        {links.length === 0 ? <Typography.Text type="secondary">{t('dashboard.noLinks')}</Typography.Text> : <QuickLinks links={links} />}
      </Card>
    </div>
  );
}

/**
 * The quick links, one per menu page the roles open: most of the dashboard's boxes, below the fold
 * on a laptop. A plain CSS grid (`.harbour-quick-links`: no component per cell) mounted after the
 * dashboard's first paint, and laid out and painted only when scrolled into view
 * (`content-visibility: auto`), so neither logging in nor showing the dashboard's tab again waits
 * for them.
 */
function QuickLinks({ links }: { links: ReturnType<typeof menuLeaves> }) {
  const { t } = useTranslation('shell');
  const [mounted, setMounted] = useState(false);
  useEffect(() => afterPaint(() => setMounted(true)), []);
  if (!mounted) return <div className="harbour-quick-links harbour-below-fold" />;
  return (
    <div className="harbour-quick-links harbour-below-fold">
      {links.map((n) => (
        <Link key={n.key} to={n.key} className="harbour-quick-link">
          <span aria-hidden style={{ fontSize: 18 }}>
            {menuIcon(n.icon ?? 'menu')}
          </span>
          <span>{routeTitle(t, n.title)}</span>
        </Link>
      ))}
    </div>
  );
}
