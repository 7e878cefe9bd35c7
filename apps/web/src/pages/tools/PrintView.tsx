import { createPortal } from 'react-dom';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CalculatorResult, RepayCycle } from '@harbour/contracts';
import type { DecimalPlaces } from '@harbour/domain';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { PRINT_ROOT_CLASS, usePrintOnMount } from '../../components/use-print-on-mount';
import { ScreenPaperHeader } from '../../components/LenderHeader';
import { CalculatorSummary } from './CalculatorSummary';
import { ScheduleTable } from './ScheduleTable';

interface Props {
  result: CalculatorResult;
  terms: { loanAmount: string; totalTenor: number | null | undefined; loanDate: string | undefined; repayCycle: RepayCycle };
  decimalPlaces: DecimalPlaces;
  onDone: () => void;
}

/**
 * The printout: title, terms, summary and schedule, rendered under <body> so no shell layout
 * narrows or offsets it. It opens the print dialog once mounted and closes itself after.
 */
export function PrintView({ result, terms, decimalPlaces, onDone }: Props) {
  const { t } = useTranslation('tools');
  usePrintOnMount(onDone);

  return createPortal(
    <div className={`${PRINT_ROOT_CLASS} calc-print-root`}>
      <ScreenPaperHeader title={t('calculator.printTitle')} />
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'amount', label: t('calculator.fields.loanAmount'), children: <Money value={terms.loanAmount} decimals={decimalPlaces} /> },
          { key: 'tenor', label: t('calculator.fields.totalTenor'), children: terms.totalTenor },
          { key: 'date', label: t('calculator.fields.loanDate'), children: <DateText value={terms.loanDate} /> },
        ]}
      />
      <Typography.Text type="secondary">
        {t('calculator.printedAt')}: {dayjs().format('YYYY-MM-DD HH:mm')}
      </Typography.Text>
      <CalculatorSummary result={result} repayCycle={terms.repayCycle} decimalPlaces={decimalPlaces} confirmed onConfirm={() => undefined} />
      <ScheduleTable result={result} loanAmount={terms.loanAmount} decimalPlaces={decimalPlaces} />
    </div>,
    document.body,
  );
}
