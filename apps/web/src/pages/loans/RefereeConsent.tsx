import { useId, useState } from 'react';
import { Alert, Button, DatePicker, Form, Modal, Radio, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LockOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { LOANS_PATH, CONSENT_METHODS, type LoanItem } from '@harbour/contracts';
import { DateText } from '../../components/DateText.js';
import { hongKongToday } from '../../components/format.js';
import { usePermission } from '../../components/Permission.js';
import { fieldErrorsOf } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { resourceKeys } from '../../generic/use-resource';
import { loansApi } from './loans-api';

type Partaker = LoanItem['partakers'][number];
const DATE = 'YYYY-MM-DD';

/**
 * A partaker's phone as the loan shows it. A referee's phone is withheld by the server until
 * their consent to be contacted is recorded (licensing condition 2021): "consent not recorded"
 * stands in its place, with the action to record it for whoever may edit the application.
 */
export function PartakerPhone({ loan, p }: { loan: LoanItem; p: Partaker }) {
  const { t } = useTranslation('loans');
  const mayRecord = usePermission('loan.edit');
  const [open, setOpen] = useState(false);
  if (!p.phoneWithheld) return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{p.customer.mobile1 || '—'}</span>;
  return (
    <Space size={8} wrap>
      <span style={{ whiteSpace: 'nowrap' }}>
        <LockOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
        {t('op.consentNotRecorded')}
      </span>
      {mayRecord && (
        <Button size="small" onClick={() => setOpen(true)}>
          {t('actions.refereeConsent')}
        </Button>
      )}
      {open && <RefereeConsentDialog loan={loan} p={p} onClose={() => setOpen(false)} />}
    </Space>
  );
}

/** What a referee's consent says: date and how, or nothing for other roles. */
export function ConsentText({ p }: { p: Partaker }) {
  const { t } = useTranslation('loans');
  // not recorded: the phone's cell says so, with the action
  if (p.role !== 'referee' || !p.consent) return <>—</>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <DateText value={p.consent.consentOn} /> · {t(`enums:consentMethod.${p.consent.method}`)}
    </span>
  );
}

/** Records the referee's consent (date not later than today, and how it was given); audited by the server. */
function RefereeConsentDialog({ loan, p, onClose }: { loan: LoanItem; p: Partaker; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const name = useId();
  const [form] = Form.useForm<{ consentOn: Dayjs; method: string }>();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const [error, setError] = useState<string>();
  const today = dayjs(hongKongToday());
  const save = useMutation({
    mutationFn: (v: { consentOn: Dayjs; method: string }) =>
      loansApi.refereeConsent(loan.id, { partakerId: p.id, consentOn: v.consentOn.format(DATE), method: v.method as (typeof CONSENT_METHODS)[number] }),
    onSuccess: async (saved) => {
      qc.setQueryData(resourceKeys.item(LOANS_PATH, loan.id), saved);
      await qc.invalidateQueries({ queryKey: resourceKeys.all(LOANS_PATH) });
      message.success(t('success.refereeConsent'));
      onClose();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      form.setFields(fields.map((e) => ({ name: e.field as 'consentOn' | 'method', errors: [e.message] })));
      setError(fields.length ? undefined : err instanceof Error ? err.message : String(err));
    },
  });
  return (
    <Modal
      open
      title={t('op.recordConsentTitle', { name: p.customer.name })}
      okText={t('actions.refereeConsent')}
      cancelText={t('common:actions.close')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('op.consentHint')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} name={name} layout="vertical" initialValues={{ consentOn: today, method: 'written' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="consentOn" label={t('fields.consentOn')} rules={[{ required: true, message: t('validation:required') }]}>
          <DatePicker format={DATE} style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.isAfter(today, 'day')} />
        </Form.Item>
        <Form.Item name="method" label={t('fields.consentMethod')} rules={[{ required: true, message: t('validation:required') }]}>
          <Radio.Group options={CONSENT_METHODS.map((m) => ({ value: m, label: t(`enums:consentMethod.${m}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
