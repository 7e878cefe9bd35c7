import { Button, Dropdown } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAPER_NAMES, PAPER_ORDER, prescribedSummaryInForce, printablePapers, type LoanItem } from '@harbour/contracts';
import { usePermission } from '../../../components/Permission.js';
import { prescribedSummaryApi } from '../../company/company-api';

/**
 * The loan operation page's "Print papers" menu: the papers the loan has in its status, for holders
 * of `loan.print`. The summary's entry says so when the lender has not entered the official text
 * in force on the loan's agreement date (the paper then prints Harbour's own, marked).
 */
export function PrintMenu({ loan }: { loan: LoanItem }) {
  const { t } = useTranslation('papers');
  const navigate = useNavigate();
  const allowed = usePermission('loan.print');
  const summaries = useQuery({ queryKey: ['masterdata', 'prescribedSummaries'], queryFn: ({ signal }) => prescribedSummaryApi.list(signal), enabled: allowed });
  if (!allowed) return null;
  const available = printablePapers(loan);
  const names = PAPER_ORDER.filter((n) => available.includes(PAPER_NAMES[n]));
  const noOfficialSummary = summaries.data !== undefined && prescribedSummaryInForce(summaries.data, loan.loanDate) === null;
  const label = (n: string) => (n === 'summary' && noOfficialSummary ? `${t('names.summary')} (${t('summaryNotEntered')})` : t(`names.${n}`));
  const items = [...names, ...(names.length > 1 ? (['all'] as const) : [])].map((n) => ({ key: n, label: label(n) }));
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => navigate(`/loan/papers?id=${loan.id}&paper=${key}`) }} trigger={['click']}>
      <Button icon={<PrinterOutlined />}>
        {t('printMenu')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * "Print payout receipt" on a paid-out loan's page: the receipt the borrower signs at the counter,
 * one click after the payout (its page prints the receipt alone, by its Print button or Ctrl+P).
 */
export function PayoutReceiptButton({ loan }: { loan: LoanItem }) {
  const { t } = useTranslation('papers');
  const navigate = useNavigate();
  const allowed = usePermission('loan.print');
  if (!allowed || !printablePapers(loan).includes(PAPER_NAMES.receipt)) return null;
  return (
    <Button icon={<PrinterOutlined />} onClick={() => navigate(`/loan/papers?id=${loan.id}&paper=receipt`)}>
      {t('printReceipt')}
    </Button>
  );
}
