import { Alert, Flex, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../generic/use-feedback';
import { adminApi } from './admin-api';

const KEY = ['accessIps', 'setting'] as const;
/** Reading and changing the switch take the same key (the page wraps the switch in it). */
export const ACCESS_IP_SETTING_KEY = 'system.accessIps.setting';

/**
 * The on/off setting of the access IP allowlist. Turning it on with an empty list would lock
 * everyone out, so the page says plainly what "on" means before the admin flips it.
 */
export function AccessIpSwitch() {
  const { t } = useTranslation('admin');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: ({ signal }) => adminApi.accessIpSetting(signal) });
  const change = useMutation({
    mutationFn: adminApi.setAccessIpSetting,
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      message.success(t('success:statusChanged'));
    },
  });
  const enabled = setting.data?.enabled ?? false;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={enabled ? 'success' : 'info'}
      showIcon
      title={
        <Flex align="center" gap={12} wrap>
          <Typography.Text strong id="access-ip-switch-label">
            {t('accessIps.switchLabel')}
          </Typography.Text>
          <Switch
            aria-labelledby="access-ip-switch-label"
            checked={enabled}
            loading={setting.isLoading || change.isPending}
            disabled={setting.isError}
            checkedChildren={t('accessIps.on')}
            unCheckedChildren={t('accessIps.off')}
            onChange={(v) => change.mutate(v)}
          />
        </Flex>
      }
      description={t(enabled ? 'accessIps.onHelp' : 'accessIps.offHelp')}
    />
  );
}
