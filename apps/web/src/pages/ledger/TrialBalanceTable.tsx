import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrialBalance, TrialBalanceRow } from '@harbour/contracts';
import { Money } from '../../components/Money';

/**
 * Every account of the chart in code order with its debits, credits and balance on its normal
 * side (amounts right-aligned with separators, as the server summed them), and the totals row.
 */
export function TrialBalanceTable({ tb }: { tb: TrialBalance }) {
  const { t } = useTranslation('ledger');
  const money = (v: string) => <Money value={v} />;
  const columns: TableColumnsType<TrialBalanceRow> = [
    { key: 'code', dataIndex: 'code', title: t('trialBalance.code'), width: 72 },
    { key: 'name', dataIndex: 'name', title: t('trialBalance.account') },
    { key: 'kind', dataIndex: 'kind', title: t('trialBalance.kind'), width: 90, render: (v: TrialBalanceRow['kind']) => t(`kinds.${v}`) },
    { key: 'debit', dataIndex: 'debit', title: t('trialBalance.debit'), align: 'right', width: 150, render: money },
    { key: 'credit', dataIndex: 'credit', title: t('trialBalance.credit'), align: 'right', width: 150, render: money },
    { key: 'balance', dataIndex: 'balance', title: t('trialBalance.balance'), align: 'right', width: 150, render: money },
  ];
  return (
    <Table<TrialBalanceRow>
      className="ledger-trial-balance"
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={tb.rows}
      pagination={false}
      scroll={{ x: 720 }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            <strong>{t('trialBalance.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <strong>{money(tb.totals.debit)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong>{money(tb.totals.credit)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} />
        </Table.Summary.Row>
      )}
    />
  );
}
