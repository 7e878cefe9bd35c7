import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Row, Skeleton, Space, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTIONS, SYSTEM_SETTING_KEYS, settingsSaveIsRequest, type SystemSettings } from '@harbour/contracts';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { SettingControl, SWITCHES } from './SettingControl';
import { settingsApi } from './settings-api';
import { isApprovalRequested } from '../../api/four-eyes';
import { FourEyesReasonDialog } from './FourEyesReasonDialog';

const KEY = ['settings', 'systemPresets'] as const;

/**
 * System → default settings (spec §9): one card per section, each setting with its label and a
 * line of help. Saved together; the server checks every value and audits what changed. A save
 * that changes a setting under four eyes asks the maker's reason first (`settingsSaveIsRequest`).
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<SystemSettings>();
  const formName = useId();
  const current = useQuery({ queryKey: KEY, queryFn: ({ signal }) => settingsApi.get(signal) });
  // the values waiting for the maker's reason (a save under four eyes), null when none
  const [asking, setAsking] = useState<SystemSettings | null>(null);

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      setAsking(null);
      // under four eyes (rates, fees, the controlled actions' list) the change waits for a second
      // person: the form goes back to the values in force
      if (isApprovalRequested(saved as unknown)) {
        void qc.invalidateQueries({ queryKey: KEY });
        message.info(t('approvals:success.requested'));
        return;
      }
      qc.setQueryData(KEY, saved);
      form.setFieldsValue(saved);
      message.success(t('success:saved'));
    },
    onError: (err) => {
      setAsking(null);
      const unmatched = applyServerErrors(form, err, SYSTEM_SETTING_KEYS);
      message.error(unmatched[0]?.message ?? err.message);
    },
  });

  if (current.isError) return <Alert type="error" showIcon title={current.error.message} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 12 }} />;

  const actions = (
    <Space>
      <Button icon={<UndoOutlined />} onClick={() => form.setFieldsValue(current.data)} disabled={save.isPending}>
        {t('reset')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} htmlType="submit" form="system-settings" loading={save.isPending}>
        {t('save')}
      </Button>
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
          {actions}
        </Flex>
      </Card>
      <Form<SystemSettings>
        id="system-settings"
        name={formName}
        form={form}
        layout="vertical"
        initialValues={current.data}
        onFinish={(values) => {
          const body = { ...current.data, ...values };
          if (settingsSaveIsRequest(current.data, body)) setAsking(body);
          else save.mutate(body);
        }}
        scrollToFirstError
      >
        <Row gutter={[16, 16]}>
          {SETTINGS_SECTIONS.map((section) => (
            <Col key={section.key} xs={24} xl={12}>
              <Card title={t(`sections.${section.key}`)} style={{ height: '100%' }}>
                {section.fields.map((name) => (
                  <Form.Item
                    key={name}
                    name={name}
                    label={t(`fields.${name}`)}
                    extra={t(`help.${name}`)}
                    valuePropName={SWITCHES.has(name) ? 'checked' : 'value'}
                  >
                    <SettingControl name={name} />
                  </Form.Item>
                ))}
              </Card>
            </Col>
          ))}
        </Row>
      </Form>
      <Flex justify="flex-end">{actions}</Flex>
      <FourEyesReasonDialog open={asking !== null} pending={save.isPending} onConfirm={(reason) => asking && save.mutate({ ...asking, reason })} onCancel={() => setAsking(null)} />
    </Flex>
  );
}
