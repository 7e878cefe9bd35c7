import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../generic/DateTimeText';

/** Last change: who and when, or "never changed". */
export function LastChange({ at, by }: { at: string | null; by: string | null }) {
  const { t } = useTranslation('params');
  if (!at) return <Typography.Text type="secondary">{t('never')}</Typography.Text>;
  return (
    <Flex vertical>
      <span>{by ?? t('bySystem')}</span>
      <Typography.Text type="secondary">
        <DateTimeText value={at} />
      </Typography.Text>
    </Flex>
  );
}

