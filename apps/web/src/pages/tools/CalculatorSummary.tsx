import { Alert, Button, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CalculatorResult, MloStatus, RepayCycle } from '@harbour/contracts';
import type { DecimalPlaces } from '@harbour/domain';
import { Money } from '../../components/Money';
import { Rate } from '../../components/Rate';
import { RateLabel } from '../../components/RateLabel';

/**
 * Colours of the Money Lenders Ordinance bands: green within 36 %, amber above 36 % (presumed
 * extortionate), red above 48 % (illegal). Solid and dark enough for white text (WCAG AA).
 */
const MLO_COLOR: Record<MloStatus, string> = { ok: '#237804', extortionate: '#ad4e00', illegal: '#a8071a' };

interface Props {
  result: CalculatorResult;
  repayCycle: RepayCycle;
  decimalPlaces: DecimalPlaces;
  confirmed: boolean;
  onConfirm: () => void;
}

/** Instalment, interest, the four rates with the MLO band, and what the maximum APR setting says. */
export function CalculatorSummary({ result, repayCycle, decimalPlaces, confirmed, onConfirm }: Props) {
  const { t } = useTranslation(['tools', 'loans']);
  const { excess } = result;
  // each rate with the glossary's name and what it is, as on the loan page and the papers
  const rate = (label: string, hint: string) => <RateLabel label={t(label)} hint={t(`loans:rateHints.${hint}`)} />;
  const excessText = t(`calculator.excess.${excess.outcome === 'none' ? 'warning' : excess.outcome}`, { maxApr: excess.maxApr ?? '' });
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 3, xxl: 3 }}
        title={t('calculator.summary.title')}
        items={[
          { key: 'instalment', label: t('calculator.summary.instalmentAmount'), children: <Money value={result.instalmentAmount} decimals={decimalPlaces} style={{ fontWeight: 600, fontSize: 16 }} /> },
          { key: 'interest', label: t('calculator.summary.totalInterest'), children: <Money value={result.totalInterest} decimals={decimalPlaces} /> },
          { key: 'repayment', label: t('calculator.summary.totalRepayment'), children: <Money value={result.totalRepayment} decimals={decimalPlaces} /> },
          // A first due date more than one cycle away adds interest for the extra days.
          ...(result.extendedDays > 0
            ? [
                {
                  key: 'extended',
                  label: t('calculator.summary.extendedInterest', { days: result.extendedDays }),
                  children: <Money value={result.extendedInterest} decimals={decimalPlaces} />,
                },
              ]
            : []),
          {
            key: 'flat',
            label: rate(repayCycle === 'monthly' ? 'calculator.summary.flatRateMonthly' : 'calculator.summary.flatRate', 'flatRate'),
            children: <Rate value={result.flatRate} decimals={4} />,
          },
          { key: 'effective', label: rate('calculator.summary.effectiveRate', 'effectiveRate'), children: <Rate value={result.effectiveRate} /> },
          { key: 'nominal', label: rate('calculator.summary.nominalRate', 'nominalRate'), children: <Rate value={result.nominalRate} /> },
          {
            key: 'mlo',
            label: rate('calculator.summary.mloRate', 'mloRate'),
            span: { xs: 1, sm: 2, md: 2, lg: 2, xl: 3, xxl: 3 },
            children: (
              <span data-testid="mlo">
                <Rate value={result.mloRate} />{' '}
                <Tag color={MLO_COLOR[result.mloStatus]} style={{ marginInlineStart: 8, whiteSpace: 'normal' }}>
                  {t(`calculator.mlo.${result.mloStatus}`)}
                </Tag>
              </span>
            ),
          },
        ]}
      />
      {excess.outcome !== 'none' && (
        <Alert
          className="calc-excess"
          style={{ marginTop: 12 }}
          showIcon
          type={excess.outcome === 'blocked' ? 'error' : 'warning'}
          title={excessText}
          action={
            excess.outcome === 'needs-confirmation' ? (
              <Button size="small" type={confirmed ? 'default' : 'primary'} disabled={confirmed} onClick={onConfirm}>
                {t(confirmed ? 'calculator.excess.confirmed' : 'calculator.excess.confirm')}
              </Button>
            ) : undefined
          }
        />
      )}
    </>
  );
}
