import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { activePeriodEnd } from '@harbour/domain';
import { formatDate } from '../../components/format';
import { SingleSettingPage } from './SingleSettingPage';
import { activePeriodApi } from './system-pages-api';

/**
 * System → active period: how many days after posting repayments and payouts may still be edited
 * or voided (the servicing routes check it with `assertWithinActivePeriod`), with the last day
 * for something posted today.
 */
export default function ActivePeriodPage() {
  const { t } = useTranslation('settings');
  const today = formatDate(new Date());
  return (
    <SingleSettingPage
      setting="activePeriodDays"
      queryKey={['system', 'activePeriod']}
      api={activePeriodApi}
      intro={t('activePeriod.intro')}
      help={t('activePeriod.help')}
      min={0}
      max={3650}
      preview={(days) => (
        <Alert
          type="info"
          showIcon
          data-testid="active-period-example"
          title={
            days === 0
              ? t('activePeriod.exampleSameDay', { today })
              : t('activePeriod.example', { today, lastDate: activePeriodEnd(today, days) })
          }
        />
      )}
    />
  );
}
