import { Button } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoanItem } from '@harbour/contracts';
import { usePermission } from '../../../components/Permission.js';

/** The loan operation page's way to the early settlement of a repaying loan, for holders of `repayment.settlement`. */
export function SettlementButton({ loan }: { loan: Pick<LoanItem, 'id' | 'status'> }) {
  const { t } = useTranslation('settlement');
  const navigate = useNavigate();
  const allowed = usePermission('repayment.settlement');
  if (!allowed || loan.status !== 'repaying') return null;
  return (
    <Button icon={<CheckCircleOutlined />} onClick={() => navigate(`/repayment/settlement?loanId=${loan.id}`)}>
      {t('title')}
    </Button>
  );
}
