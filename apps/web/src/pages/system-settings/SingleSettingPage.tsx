import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, InputNumber, Skeleton, Space, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RATE_SETTINGS, type SystemSettingKey } from '@harbour/contracts';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { isApprovalRequested } from '../../api/four-eyes';
import { FourEyesReasonDialog } from './FourEyesReasonDialog';

type One<K extends SystemSettingKey> = Record<K, number>;
/** A save's body: the setting, and the maker's reason when it goes to a second person. */
type OneSave<K extends SystemSettingKey> = One<K> & { reason?: string };

/**
 * A System page for one numeric default setting (active period, visible tel. no.): what it does,
 * its input, and a preview of its effect for the value being typed, saved through the page's own
 * route. The default settings page shows the same setting among the others. A rate setting (the
 * active period: four eyes) asks the maker's reason before a changed value is sent.
 */
export function SingleSettingPage<K extends SystemSettingKey>(props: {
  setting: K;
  queryKey: readonly string[];
  api: { get: (signal?: AbortSignal) => Promise<One<K>>; save: (body: OneSave<K>) => Promise<One<K>> };
  intro: string;
  help: string;
  min: number;
  max: number;
  preview: (value: number) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, number>>();
  // Field ids derive from the form's name: unique, so the default settings page's field of the
  // same setting, kept alive in another tab, does not take this label.
  const formName = useId();
  const current = useQuery({ queryKey: props.queryKey, queryFn: ({ signal }) => props.api.get(signal) });
  const typed = Form.useWatch(props.setting as string, form) as number | null | undefined;
  // the value waiting for the maker's reason (a rate setting changed), null when none
  const [asking, setAsking] = useState<One<K> | null>(null);

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = useMutation({
    mutationFn: props.api.save,
    onSuccess: (saved) => {
      setAsking(null);
      // under four eyes (rates, fees, the active period) the change waits for a second person: the
      // form goes back to the value in force
      if (isApprovalRequested(saved as unknown)) {
        void qc.invalidateQueries({ queryKey: props.queryKey });
        void message.info(t('approvals:success.requested'));
        return;
      }
      qc.setQueryData(props.queryKey, saved);
      // The default settings page shows the same value.
      void qc.invalidateQueries({ queryKey: ['settings'] });
      form.setFieldsValue(saved);
      void message.success(t('success:saved'));
    },
    onError: (err) => {
      setAsking(null);
      const unmatched = applyServerErrors(form, err, [props.setting]);
      if (unmatched.length > 0 || fieldErrorsOf(err).length === 0) void message.error(unmatched[0]?.message ?? err.message);
    },
  });

  if (current.isError) return <Alert type="error" showIcon title={current.error.message} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const value = typeof typed === 'number' && Number.isInteger(typed) && typed >= props.min && typed <= props.max ? typed : current.data[props.setting];
  const formId = `setting-${props.setting}`;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <Card size="small">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {props.intro}
        </Typography.Paragraph>
      </Card>
      <Card>
        <Form<Record<string, number>>
          id={formId}
          name={formName}
          form={form}
          layout="vertical"
          initialValues={current.data}
          onFinish={(values) => {
            const body = { [props.setting]: values[props.setting] } as One<K>;
            if (RATE_SETTINGS.includes(props.setting) && body[props.setting] !== current.data?.[props.setting]) setAsking(body);
            else save.mutate(body);
          }}
        >
          <Form.Item
            name={props.setting as string}
            label={t(`fields.${props.setting}`)}
            extra={props.help}
            rules={[{ required: true, type: 'integer', min: props.min, max: props.max, message: t('validation:range', { min: props.min, max: props.max }) }]}
          >
            <InputNumber min={props.min} max={props.max} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Form>
        {props.preview(value)}
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Space wrap>
            <Button icon={<UndoOutlined />} onClick={() => current.data && form.setFieldsValue(current.data)} disabled={save.isPending}>
              {t('reset')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} htmlType="submit" form={formId} loading={save.isPending}>
              {t('save')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <FourEyesReasonDialog open={asking !== null} pending={save.isPending} onConfirm={(reason) => asking && save.mutate({ ...asking, reason })} onCancel={() => setAsking(null)} />
    </Flex>
  );
}
