import { Button } from 'antd';
import { AuditOutlined, FormOutlined, PayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PermissionKey } from '@harbour/contracts';
import { Permission } from '../components/Permission.js';
import { useShellNavigate } from './shell-navigate.js';

/** Spec §2: the top navigation's apply / approval / payout links, each only for staff who may open it. */
const LINKS: { need: PermissionKey; path: string; label: string; icon: React.ReactNode }[] = [
  { need: 'loan.create', path: '/loan/create', label: 'loans:nav.apply', icon: <FormOutlined aria-hidden /> },
  { need: 'approval.list', path: '/approval/list', label: 'loans:nav.approval', icon: <AuditOutlined aria-hidden /> },
  { need: 'payout.list', path: '/payout/list', label: 'loans:nav.payout', icon: <PayCircleOutlined aria-hidden /> },
];

export function QuickLinks() {
  const { t } = useTranslation();
  const navigate = useShellNavigate();
  return (
    <nav aria-label={t('loans:nav.title')} style={{ display: 'flex', gap: 2 }}>
      {LINKS.map((l) => (
        <Permission key={l.path} need={l.need}>
          <Button type="text" icon={l.icon} onClick={() => navigate(l.path)}>
            {t(l.label)}
          </Button>
        </Permission>
      ))}
    </nav>
  );
}
