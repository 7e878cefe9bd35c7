import { Table, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReconciliation, ImportReconciliationLoan } from '@harbour/contracts';
import { IMPORT_RECONCILED_FIGURES } from '@harbour/contracts';
import { HARBOUR_ONLY_FIGURES as HARBOUR_ONLY } from '@harbour/domain';
import { Money } from '../../../components/Money';
import { useFocusableScroll } from '../../../generic/use-focusable-scroll';

type Figure = (typeof IMPORT_RECONCILED_FIGURES)[number];

/**
 * A figure both systems state: Harbour's amount, and under it in red the previous system's where
 * the two differ (the legend above the table says so; a screen reader hears it named), so a
 * difference is seen without reading every pair and the column stays as narrow as its amounts.
 */
function FigureCell({ loan, figure }: { loan: ImportReconciliationLoan; figure: Figure }) {
  const { t } = useTranslation('tools');
  const differs = loan.differences.includes(figure);
  return (
    <>
      <Money value={loan.harbour[figure]} />
      {differs && (
        <Typography.Text type="danger" className="harbour-reconciliation-previous">
          <span className="visually-hidden">{t('importPage.reconciliation.previous')}: </span>
          <Money value={loan.file![figure]} style={{ display: 'inline' }} />
        </Typography.Text>
      )}
    </>
  );
}

/**
 * What the previous system's figures say against Harbour's: they match, they differ on so many
 * (named on hover and to a screen reader; each is red in its own column), or the file gave
 * receipts only.
 */
function Verdict({ loan }: { loan: ImportReconciliationLoan }) {
  const { t } = useTranslation('tools');
  if (loan.file === null) return <Typography.Text type="secondary">{t('importPage.reconciliation.fromReceipts')}</Typography.Text>;
  if (loan.differences.length === 0) return <Typography.Text type="success">{t('importPage.reconciliation.matches')}</Typography.Text>;
  const names = loan.differences.map((k) => t(`importPage.reconciliation.figures.${k}`)).join('、');
  return (
    <Typography.Text type="danger" title={names}>
      <span aria-hidden>{t('importPage.reconciliation.differCount', { count: loan.differences.length })}</span>
      <span className="visually-hidden">{names}</span>
    </Typography.Text>
  );
}

/** The loan's number, and under it the file row it came from. */
function LoanCell({ loan }: { loan: ImportReconciliationLoan }) {
  const { t } = useTranslation('tools');
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{loan.loanNo}</span>
      <Typography.Text type="secondary" className="harbour-reconciliation-row">
        {t('importPage.reconciliation.row')} {loan.row}
      </Typography.Text>
    </>
  );
}

interface Props {
  items: ImportReconciliationLoan[];
  totals: ImportReconciliation['totals'];
  loading?: boolean;
  pagination: TablePaginationConfig | false;
}

/** The reconciliation's loans with the store's totals under them (on screen paged, printed whole). */
export function ReconciliationTable({ items, totals, loading, pagination }: Props) {
  const { t } = useTranslation('tools');
  const r = (key: string) => t(`importPage.reconciliation.${key}`);
  const figures = IMPORT_RECONCILED_FIGURES.map((k) => ({
    title: r(`figures.${k}`),
    key: k,
    align: 'right' as const,
    render: (_: unknown, l: ImportReconciliationLoan) => <FigureCell loan={l} figure={k} />,
  }));
  const box = useFocusableScroll(r('title'));
  const harbourOnly = HARBOUR_ONLY.map((k) => ({
    title: r(`figures.${k}`),
    key: k,
    align: 'right' as const,
    render: (_: unknown, l: ImportReconciliationLoan) => <Money value={l.harbour[k]} />,
  }));
  return (
    <div ref={box}>
    <Table<ImportReconciliationLoan>
      className="harbour-reconciliation-table"
      size="small"
      rowKey="loanId"
      loading={loading}
      dataSource={items}
      pagination={pagination}
      // fits a 1440 desktop screen beside the menu; narrower, it scrolls sideways
      scroll={{ x: 1080 }}
      aria-label={r('title')}
      locale={{ emptyText: <Typography.Text type="secondary">{r('empty')}</Typography.Text> }}
      columns={[
        { title: r('loanNo'), dataIndex: 'loanNo', render: (_: string, l) => <LoanCell loan={l} /> },
        { title: r('customer'), dataIndex: 'customerName' },
        { title: r('status'), dataIndex: 'status', render: (s: string) => <Tag>{t(`enums:loanStatus.${s}`)}</Tag> },
        ...figures,
        ...harbourOnly,
        { title: r('figures.daysOverdue'), key: 'days', align: 'right', render: (_, l) => l.harbour.daysOverdue.toLocaleString('en') },
        { title: r('differences'), key: 'verdict', width: 110, render: (_, l) => <Verdict loan={l} /> },
      ]}
      summary={() =>
        items.length > 0 && (
          <>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>{t('importPage.reconciliation.totals', { store: totals.storeName })}</Typography.Text>
            </Table.Summary.Cell>
            {IMPORT_RECONCILED_FIGURES.map((k, n) => (
              <Table.Summary.Cell key={k} index={3 + n} align="right">
                <Money value={totals.harbour[k]} style={{ fontWeight: 600 }} />
              </Table.Summary.Cell>
            ))}
            {HARBOUR_ONLY.map((k, n) => (
              <Table.Summary.Cell key={k} index={7 + n} align="right">
                <Money value={totals.harbour[k]} style={{ fontWeight: 600 }} />
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={10} colSpan={2}>
              {t('importPage.reconciliation.loansCount', { count: totals.loans, differing: totals.differing })}
            </Table.Summary.Cell>
          </Table.Summary.Row>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text type="secondary">{r('previousTotals')}</Typography.Text>
            </Table.Summary.Cell>
            {IMPORT_RECONCILED_FIGURES.map((k, n) => (
              <Table.Summary.Cell key={k} index={3 + n} align="right">
                <Money value={totals.file[k]} />
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={7} colSpan={5} />
          </Table.Summary.Row>
          </>
        )
      }
    />
    </div>
  );
}
