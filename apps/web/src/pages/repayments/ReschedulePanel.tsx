import { Alert, Descriptions, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReschedulePreview } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { Money } from '../../components/Money.js';

/**
 * The remaining schedule a partial principal repayment leaves (repay type principal): the rule
 * applied, the instalment and tenor before and after, the interest no longer due, and the new
 * lines — shown in the counter's preview before posting and with the posted receipt.
 */
export function ReschedulePanel({ r }: { r: ReschedulePreview }) {
  const { t } = useTranslation('repayments');
  const money = (v: string) => <Money value={v} />;
  return (
    <Flex vertical gap={12} data-testid="reschedule">
      <Alert
        type="info"
        showIcon
        title={t('reschedule.summary', {
          rule: t(`reschedule.rule.${r.rule}`),
          from: r.fromTenor,
          total: r.totalTenor,
        })}
      />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'outstanding', label: t('reschedule.outstandingPrincipal'), children: money(r.outstandingPrincipal) },
          { key: 'instalmentBefore', label: t('reschedule.instalmentBefore'), children: money(r.instalmentBefore) },
          { key: 'instalmentAfter', label: t('reschedule.instalmentAfter'), children: money(r.instalmentAfter) },
          { key: 'remainingBefore', label: t('reschedule.remainingBefore'), children: <div style={{ textAlign: 'right' }}>{r.remainingBefore}</div> },
          { key: 'remainingAfter', label: t('reschedule.remainingAfter'), children: <div style={{ textAlign: 'right' }}>{r.remainingAfter}</div> },
          { key: 'dropped', label: t('reschedule.droppedInterest'), children: money(r.droppedInterest) },
        ]}
      />
      <Table
        size="small"
        rowKey="tenor"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={r.lines}
        columns={[
          { key: 'tenor', title: t('fields.tenor'), align: 'right', dataIndex: 'tenor' },
          { key: 'dueDate', title: t('process.dueDate'), render: (_, l) => <DateText value={l.dueDate} /> },
          { key: 'principal', title: t('fields.principal'), align: 'right', render: (_, l) => money(l.principal) },
          { key: 'interest', title: t('fields.interest'), align: 'right', render: (_, l) => money(l.interest) },
          { key: 'instalment', title: t('reschedule.instalment'), align: 'right', render: (_, l) => money(l.instalment) },
          { key: 'balance', title: t('reschedule.balance'), align: 'right', render: (_, l) => money(l.balance) },
        ]}
      />
    </Flex>
  );
}
