import { Button, Dropdown } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAPER_NAMES, PAPER_ORDER, printablePapers, type LoanItem } from '@harbour/contracts';
import { usePermission } from '../../../components/Permission.js';

/** The loan operation page's "Print papers" menu: the papers the loan has in its status, for holders of `loan.print`. */
export function PrintMenu({ loan }: { loan: LoanItem }) {
  const { t } = useTranslation('papers');
  const navigate = useNavigate();
  const allowed = usePermission('loan.print');
  if (!allowed) return null;
  const available = printablePapers(loan);
  const names = PAPER_ORDER.filter((n) => available.includes(PAPER_NAMES[n]));
  const items = [...names, ...(names.length > 1 ? (['all'] as const) : [])].map((n) => ({ key: n, label: t(`names.${n}`) }));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => navigate(`/loan/papers?id=${loan.id}&paper=${key}`) }} trigger={['click']}>
      <Button icon={<PrinterOutlined />}>
        {t('printMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
