import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CalculatorResult, ScheduleRow } from '@harbour/contracts';
import type { DecimalPlaces } from '@harbour/domain';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { useFocusableScroll } from '../../generic/use-focusable-scroll';

interface Props {
  /** A calculation, or a loan's persisted schedule with its totals. */
  result: Pick<CalculatorResult, 'schedule' | 'totalInterest' | 'totalRepayment'>;
  /** The table's caption (the calculator's "Repayment schedule" by default). */
  title?: string;
  loanAmount: string;
  decimalPlaces: DecimalPlaces;
}

/**
 * Every instalment, amounts right-aligned with separators. All rows on one page so the printout
 * is the whole schedule; the totals are the server's (principal sums to the loan amount).
 */
export function ScheduleTable({ result, loanAmount, decimalPlaces, title }: Props) {
  const { t } = useTranslation('tools');
  const box = useFocusableScroll(title ?? t('calculator.schedule.title'));
  const money = (v: string) => <Money value={v} decimals={decimalPlaces} />;
  const columns: TableColumnsType<ScheduleRow> = [
    { key: 'tenor', dataIndex: 'tenor', title: t('calculator.schedule.tenor'), align: 'right', width: 64 },
    { key: 'dueDate', dataIndex: 'dueDate', title: t('calculator.schedule.dueDate'), render: (v: string) => <DateText value={v} /> },
    { key: 'principal', dataIndex: 'principal', title: t('calculator.schedule.principal'), align: 'right', render: money },
    { key: 'interest', dataIndex: 'interest', title: t('calculator.schedule.interest'), align: 'right', render: money },
    { key: 'instalment', dataIndex: 'instalment', title: t('calculator.schedule.instalment'), align: 'right', render: money },
    { key: 'balance', dataIndex: 'balance', title: t('calculator.schedule.balance'), align: 'right', render: money },
  ];
  return (
    <div ref={box}>
      <Table<ScheduleRow>
        className="calc-schedule"
        size="small"
        rowKey="tenor"
        columns={columns}
        dataSource={result.schedule}
        pagination={false}
        scroll={{ x: 560 }}
        title={() => <strong>{title ?? t('calculator.schedule.title')}</strong>}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>{t('calculator.schedule.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">{money(loanAmount)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">{money(result.totalInterest)}</Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">{money(result.totalRepayment)}</Table.Summary.Cell>
            <Table.Summary.Cell index={5} />
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}
