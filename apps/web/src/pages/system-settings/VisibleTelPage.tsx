import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskTail } from '@harbour/domain';
import { SingleSettingPage } from './SingleSettingPage';
import { visibleTelApi } from './system-pages-api';

/** The numbers the preview masks: a Hong Kong mobile number and an HKID (fictitious, with a valid check digit). */
const SAMPLES = [
  { key: 'phone', value: '9123 4567' },
  { key: 'hkid', value: 'K987654(5)' },
] as const;

/**
 * System → visible tel. no.: how many last characters of phone and ID numbers staff without
 * `staff.reveal` see, with the masked sample numbers (the server's own `maskTail`) for the value
 * being typed.
 */
export default function VisibleTelPage() {
  const { t } = useTranslation('settings');
  return (
    <SingleSettingPage
      setting="visibleTelDigits"
      queryKey={['system', 'visibleTel']}
      api={visibleTelApi}
      intro={t('visibleTel.intro')}
      help={t('visibleTel.help')}
      min={0}
      max={8}
      preview={(digits) => (
        <Descriptions
          title={t('visibleTel.preview')}
          size="small"
          bordered
          column={1}
          items={SAMPLES.map((s) => ({
            key: s.key,
            label: t(`visibleTel.${s.key}`),
            children: (
              <Typography.Text data-testid={`masked-${s.key}`} style={{ fontFamily: 'monospace' }}>
                {s.value} → {maskTail(s.value, digits)}
              </Typography.Text>
            ),
          }))}
        />
      )}
    />
  );
}
