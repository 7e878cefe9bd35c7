import { useEffect, useId, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Tag, TimePicker, Typography } from 'antd';
import { EditOutlined, PlayCircleOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { SMS_PROVIDERS, type SmsGateway, type SmsGatewayInput, type SmsProviderName } from '@harbour/contracts';
import { DateText } from '../../components/DateText';
import { applyServerErrors, fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { smsApi } from './sms-api';

const KEY = ['sms', 'gateway'] as const;
const TIME = 'HH:mm';
type Secret = 'password' | 'token';
/** A write-only secret: kept as saved, replaced by a new value, or removed. */
type SecretMode = 'keep' | 'change' | 'clear';

interface Values {
  provider: SmsProviderName;
  url?: string | null;
  username?: string | null;
  password?: string;
  token?: string;
  senderId?: string | null;
  timeoutMs: number;
  ratePerSecond: number;
  scheduleEnabled: boolean;
  scheduleTime: Dayjs;
}
const FIELDS = ['provider', 'url', 'username', 'password', 'token', 'senderId', 'timeoutMs', 'ratePerSecond', 'scheduleEnabled', 'scheduleTime'];

const valuesOf = (g: SmsGateway): Values => ({
  provider: g.provider,
  url: g.url ?? '',
  username: g.username ?? '',
  senderId: g.senderId ?? '',
  timeoutMs: g.timeoutMs,
  ratePerSecond: g.ratePerSecond,
  scheduleEnabled: g.scheduleEnabled,
  scheduleTime: dayjs(g.scheduleTime, TIME),
});

/**
 * One write-only secret of the gateway: the saved value is never answered, so a saved one shows as
 * a "set" tag with a "change" control (and "remove"); a new one is typed in a password field.
 */
function SecretField({ name, isSet, mode, setMode }: { name: Secret; isSet: boolean; mode: SecretMode; setMode: (m: SecretMode) => void }) {
  const { t } = useTranslation('reminders');
  const label = t(`gateway.${name}`);
  if (isSet && mode !== 'change') {
    return (
      <Form.Item label={label}>
        <Space wrap>
          {mode === 'clear' ? <Tag color="#ad4e00">{t('gateway.willClear')}</Tag> : <Tag color="#237804">{t('gateway.secretSet')}</Tag>}
          <Button size="small" icon={<EditOutlined />} aria-label={`${t('gateway.change')} ${label}`} onClick={() => setMode('change')}>
            {t('gateway.change')}
          </Button>
          {mode === 'clear' ? (
            <Button size="small" type="link" onClick={() => setMode('keep')}>
              {t('gateway.keep')}
            </Button>
          ) : (
            <Button size="small" type="link" aria-label={`${t('gateway.remove')} ${label}`} onClick={() => setMode('clear')}>
              {t('gateway.remove')}
            </Button>
          )}
        </Space>
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} extra={isSet ? t('gateway.replaceHint') : undefined}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[{ max: 256, message: t('validation:tooLong', { max: 256 }) }]}>
          <Input.Password autoComplete="new-password" maxLength={256} aria-label={label} />
        </Form.Item>
        {isSet && (
          <Button onClick={() => setMode('keep')} aria-label={`${t('gateway.keep')} ${label}`}>
            {t('gateway.keep')}
          </Button>
        )}
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * SendSmsList → "Gateway and schedule" (key `sms.gateway`): the provider (outbox, or an HTTP
 * gateway with its URL, write-only credentials, sender id, timeout and send rate), the daily
 * schedule (on/off, Hong Kong time, the last run) and "queue today's reminders now".
 */
export function SmsGatewayTab() {
  const { t } = useTranslation('reminders');
  const { message, confirm } = useFeedback();
  const qc = useQueryClient();
  const formName = useId();
  const [form] = Form.useForm<Values>();
  const [secrets, setSecrets] = useState<Record<Secret, SecretMode>>({ password: 'keep', token: 'keep' });
  const current = useQuery({ queryKey: KEY, queryFn: ({ signal }) => smsApi.gateway(signal) });
  const provider = Form.useWatch('provider', form);

  useEffect(() => {
    if (current.data) form.setFieldsValue(valuesOf(current.data));
  }, [current.data, form]);

  const reset = (g: SmsGateway) => {
    form.resetFields(['password', 'token']);
    form.setFieldsValue(valuesOf(g));
    setSecrets({ password: 'keep', token: 'keep' });
  };
  const save = useMutation({
    mutationFn: smsApi.saveGateway,
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      reset(saved);
      void message.success(t('success:saved'));
    },
    onError: (err) => {
      const unmatched = applyServerErrors(form, err, FIELDS);
      if (unmatched.length > 0 || fieldErrorsOf(err).length === 0) void message.error(unmatched[0]?.message ?? err.message);
    },
  });
  const run = useMutation({
    mutationFn: smsApi.runSchedule,
    onSuccess: (r) => {
      void message.success(t('gateway.runDone', { upcoming: r.queued.upcoming ?? 0, overdue: r.queued.overdue ?? 0 }));
      void qc.invalidateQueries({ queryKey: ['sms'] });
    },
  });

  if (current.isError) return <Alert type="error" showIcon title={current.error.message} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const g = current.data;
  const secretOf = (name: Secret, typed: string | undefined): string | undefined => {
    const mode = g[name === 'password' ? 'hasPassword' : 'hasToken'] ? secrets[name] : 'change';
    if (mode === 'clear') return '';
    if (mode === 'change' && typed) return typed;
    return undefined;
  };
  const submit = (v: Values) => {
    const body: SmsGatewayInput = {
      provider: v.provider,
      url: v.url || null,
      username: v.username || null,
      senderId: v.senderId || null,
      timeoutMs: v.timeoutMs,
      ratePerSecond: v.ratePerSecond,
      scheduleEnabled: v.scheduleEnabled,
      scheduleTime: v.scheduleTime ? v.scheduleTime.format(TIME) : '',
    };
    const password = secretOf('password', v.password);
    const token = secretOf('token', v.token);
    if (password !== undefined) body.password = password;
    if (token !== undefined) body.token = token;
    save.mutate(body);
  };
  const confirmRun = () =>
    confirm({
      title: t('gateway.runConfirmTitle'),
      content: t('gateway.runConfirmText'),
      okText: t('gateway.runOk'),
      cancelText: t('send.cancel'),
      onOk: () => run.mutateAsync(),
    });
  const http = provider === 'http';

  return (
    <Form<Values> name={formName} form={form} layout="vertical" initialValues={valuesOf(g)} onFinish={submit} scrollToFirstError>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('gateway.providerTitle')} style={{ height: '100%' }}>
            <Form.Item name="provider" label={t('gateway.provider')} extra={t(`gateway.providerHint.${provider ?? g.provider}`)}>
              <Select aria-label={t('gateway.provider')} options={SMS_PROVIDERS.map((p) => ({ value: p, label: t(`gateway.providers.${p}`) }))} style={{ maxWidth: 320 }} />
            </Form.Item>
            {http && (
              <>
                <Form.Item
                  name="url"
                  label={t('gateway.url')}
                  required
                  rules={[
                    { required: true, whitespace: true, message: t('gatewayUrl') },
                    { type: 'url', message: t('gatewayUrl') },
                    { max: 500, message: t('validation:tooLong', { max: 500 }) },
                  ]}
                >
                  <Input inputMode="url" maxLength={500} />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item name="username" label={t('gateway.username')} rules={[{ max: 128, message: t('validation:tooLong', { max: 128 }) }]}>
                      <Input maxLength={128} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <SecretField name="password" isSet={g.hasPassword} mode={secrets.password} setMode={(m) => setSecrets((s) => ({ ...s, password: m }))} />
                  </Col>
                  <Col xs={24} md={12}>
                    <SecretField name="token" isSet={g.hasToken} mode={secrets.token} setMode={(m) => setSecrets((s) => ({ ...s, token: m }))} />
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="senderId" label={t('gateway.senderId')} extra={t('gateway.senderIdHint')} rules={[{ max: 11, message: t('validation:tooLong', { max: 11 }) }]}>
                      <Input maxLength={11} />
                    </Form.Item>
                  </Col>
                </Row>
              </>
            )}
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="timeoutMs" label={t('gateway.timeoutMs')} rules={[{ required: true, type: 'integer', min: 1000, max: 60000, message: t('gateway.timeoutRange') }]}>
                  <InputNumber min={1000} max={60000} step={1000} precision={0} style={{ width: '100%' }} suffix={t('gateway.ms')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="ratePerSecond" label={t('gateway.ratePerSecond')} rules={[{ required: true, type: 'integer', min: 1, max: 100, message: t('gateway.rateRange') }]}>
                  <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} suffix={t('gateway.perSecond')} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('gateway.scheduleTitle')} style={{ height: '100%' }}>
            <Typography.Paragraph type="secondary">{t('gateway.scheduleHint')}</Typography.Paragraph>
            <Form.Item name="scheduleEnabled" label={t('gateway.scheduleEnabled')} valuePropName="checked">
              <Switch checkedChildren={t('gateway.on')} unCheckedChildren={t('gateway.off')} />
            </Form.Item>
            <Form.Item name="scheduleTime" label={t('gateway.scheduleTime')} rules={[{ required: true, message: t('scheduleTime') }]}>
              <TimePicker format={TIME} minuteStep={5} allowClear={false} needConfirm={false} aria-label={t('gateway.scheduleTime')} />
            </Form.Item>
            <Descriptions size="small" column={1} items={[{ key: 'last', label: t('gateway.lastRun'), children: g.scheduleLastRun ? <DateText value={g.scheduleLastRun} /> : t('gateway.never') }]} />
            <Flex vertical gap={4} style={{ marginTop: 16 }}>
              <Button icon={<PlayCircleOutlined />} loading={run.isPending} onClick={confirmRun} style={{ width: 'fit-content' }}>
                {t('gateway.runNow')}
              </Button>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('gateway.runNowHint')}
              </Typography.Text>
            </Flex>
          </Card>
        </Col>
      </Row>
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button icon={<UndoOutlined />} onClick={() => reset(g)} disabled={save.isPending}>
          {t('gateway.reset')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('gateway.save')}
        </Button>
      </Flex>
    </Form>
  );
}
