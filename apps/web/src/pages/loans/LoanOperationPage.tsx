import { Button, Result } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoanOperationView } from './LoanOperationView';

/**
 * Loan → operation (spec §2), and the approval and payout detail pages: one loan by the id in
 * the path (`/approval/detail/7`) or the query (`/loan/operation?id=7`). Opened from the menu
 * without a loan, it points to the loan list.
 */
export default function LoanOperationPage() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.id ?? search.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  if (!id) {
    return (
      <Result
        status="info"
        title={t('op.chooseLoan')}
        extra={
          <Button type="primary" onClick={() => navigate('/loan/list')}>
            {t('op.toList')}
          </Button>
        }
      />
    );
  }
  return <LoanOperationView key={id} id={id} />;
}
