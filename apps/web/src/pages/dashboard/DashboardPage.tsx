/**
 * /dashboard: a welcome with who and where the staff member is working today, the loan book's
 * figures (`Figures`, for a role with `dashboard.view`), and quick links to the menu pages their
 * roles open.
 */
import { Link } from 'react-router';
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
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
        {links.length === 0 ? (
          <Typography.Text type="secondary">{t('dashboard.noLinks')}</Typography.Text>
        ) : (
          // Laid out and painted only when scrolled into view (`content-visibility: auto`): the
          // links of a full menu are most of the dashboard's boxes, below the fold on a laptop, and
          // showing the dashboard's tab again would otherwise lay them all out first.
          <Row gutter={[12, 12]} className="harbour-below-fold">
            {links.map((n) => (
              <Col key={n.key} xs={12} sm={8} md={6} xl={4}>
                <Link
                  to={n.key}
                  className="harbour-quick-link"
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 8,
                    padding: '12px 14px',
                    border: '1px solid var(--harbour-border)',
                    borderRadius: 6,
                    height: '100%',
                    boxSizing: 'border-box',
                  }}
                >
                  <span aria-hidden style={{ fontSize: 18 }}>
                    {menuIcon(n.icon ?? 'menu')}
                  </span>
                  <span>{routeTitle(t, n.title)}</span>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
