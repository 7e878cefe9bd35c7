import { useTranslation } from 'react-i18next';
import type { ReportColumnDecl, ReportDecl } from '@harbour/contracts';
import { Money } from '../../components/Money';
import { DateText } from '../../components/DateText';
import { compactMoney, formatRate, moneyDisplay } from '../../components/format';
import { Tooltip } from 'antd';
import { DateTimeText } from '../../generic/DateTimeText';

export type CellValue = string | number | null | undefined;

/** Right-aligned kinds (amounts and counts), in the table, the print view and the export. */
export const isNumeric = (c: ReportColumnDecl) => c.kind === 'money' || c.kind === 'integer' || c.kind === 'percent';

/**
 * One cell by its column's kind: money with separators, dates YYYY-MM-DD, enums translated.
 * `compact` (the screen table of a column declared compact): a shortened amount, the exact one on hover.
 */
export function ReportCell({ column, value, compact = false }: { column: ReportColumnDecl; value: CellValue; compact?: boolean }) {
  const { t } = useTranslation('enums');
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'money': {
      const short = compact ? compactMoney(String(value)) : null;
      if (short === null || short === moneyDisplay(String(value))) return <Money value={String(value)} />;
      return (
        <Tooltip title={moneyDisplay(String(value))}>
          <span className="harbour-money report-compact" style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {short}
          </span>
        </Tooltip>
      );
    }
    case 'integer':
      return <span style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{Number(value).toLocaleString('en-US')}</span>;
    case 'percent':
      return <span style={{ display: "block", textAlign: "right", fontVariantNumeric: "tabular-nums" }}>{formatRate(String(value))}</span>;
    case 'date':
      return <DateText value={String(value)} />;
    case 'datetime':
      return <DateTimeText value={String(value)} />;
    case 'enum':
      return <>{column.enumNs ? t(`${column.enumNs}.${String(value)}`) : String(value)}</>;
    default:
      return <>{String(value)}</>;
  }
}

/** The column headers of a report in the caller's language. */
export function useColumnTitle(decl: ReportDecl) {
  const { t } = useTranslation('reports');
  return (c: ReportColumnDecl) => t(`${decl.name}.columns.${c.key}`);
}
