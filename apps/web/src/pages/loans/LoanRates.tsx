import { Space } from 'antd';
import type { TFunction } from 'i18next';
import type { LoanItem } from '@harbour/contracts';
import { Rate } from '../../components/Rate.js';
import { RateLabel } from '../../components/RateLabel.js';

/**
 * The loan page's two annual rates side by side, each named and explained as on the papers: the
 * contract's nominal annual rate (before fees, the server's figure the papers print) and the
 * Ordinance's effective annual rate with its band. `t` is the `loans` namespace's.
 */
export function annualRateItems(l: Pick<LoanItem, 'nominalRate' | 'mloRate' | 'mloStatus'>, t: TFunction<'loans'>) {
  return [
    {
      key: 'nominal',
      label: <RateLabel label={t('fields.nominalRate')} hint={t('rateHints.nominalRate')} />,
      children: l.nominalRate === null ? '—' : <Rate value={l.nominalRate} />,
    },
    {
      key: 'mlo',
      label: <RateLabel label={t('fields.mloRate')} hint={t('rateHints.mloRate')} />,
      children: (
        <Space>
          <Rate value={l.mloRate} />
          {t(`tools:calculator.mlo.${l.mloStatus}`)}
        </Space>
      ),
    },
  ];
}
