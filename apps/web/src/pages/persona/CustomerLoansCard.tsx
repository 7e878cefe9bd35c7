import { Card, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoanListItem } from '@harbour/contracts';
import type { LoanStatus } from '@harbour/domain';
import { call } from '../../api/index.js';
import { endpoints } from '../../api/endpoints.js';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { usePermission } from '../../components/Permission';
import { LoanStatusTag } from '../loans/LoanListView';

/**
 * A customer's applications and loans (as borrower, guarantor, joint applicant or consultant), in
 * the stores the staff member reaches; a row opens the loan. Shown to holders of `loan.list` only.
 */
export function CustomerLoansCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customers');
  const allowed = usePermission('loan.list');
  const navigate = useNavigate();
  const loans = useQuery({
    queryKey: ['customerLoans', customerId],
    queryFn: ({ signal }) => call(endpoints.loans.list, { query: { customerId, pageSize: 100, sort: 'id:desc' }, signal }),
    enabled: allowed,
  });
  if (!allowed) return null;
  const columns: TableColumnsType<LoanListItem> = [
    { key: 'applyNo', dataIndex: 'applyNo', title: t('loans:fields.applyNo') },
    { key: 'loanNo', dataIndex: 'loanNo', title: t('loans:fields.loanNo'), render: (v: string | null) => v ?? '—' },
    { key: 'status', dataIndex: 'status', title: t('loans:fields.status'), render: (v: LoanStatus) => <LoanStatusTag status={v} /> },
    { key: 'role', title: t('loansCard.role'), render: (_, l) => (l.customer.id === customerId ? t('loansCard.borrower') : t('loansCard.partaker')) },
    { key: 'loanAmount', dataIndex: 'loanAmount', title: t('loans:fields.loanAmount'), align: 'right', render: (v: string) => <Money value={v} /> },
    { key: 'applyDate', dataIndex: 'applyDate', title: t('loans:fields.applyDate'), render: (v: string) => <DateText value={v} /> },
    { key: 'store', dataIndex: 'storeName', title: t('loansCard.store') },
  ];
  return (
    <Card size="small" title={t('loansCard.title')}>
      <Table<LoanListItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={loans.data?.items ?? []}
        loading={loans.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('loansCard.empty') }}
        onRow={(l) => ({ onClick: () => navigate(`/loan/operation?id=${l.id}`), style: { cursor: 'pointer' } })}
      />
    </Card>
  );
}
