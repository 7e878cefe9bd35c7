import { useId, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, type ContactChannel, type ContactOutcome } from '@harbour/contracts';
import { DecimalInput } from '../../components/DecimalInput';
import { hongKongToday } from '../../components/format';
import { DATE_FORMAT } from '../../generic/form-values';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { DESK_KEY, contactsKey, deskApi } from './desk-api';

interface Values {
  channel: ContactChannel;
  outcome: ContactOutcome;
  promiseAmount?: string;
  promiseDate?: Dayjs;
  note?: string;
}
const FIELDS = ['channel', 'outcome', 'promiseAmount', 'promiseDate', 'note'] as const;
const past = (v: Dayjs) => v.format(DATE_FORMAT) < hongKongToday();

/**
 * Logging a contact on a loan in a small dialog: channel, outcome, and — when the borrower promised
 * to pay — the amount and the date (a promise opens it with `promised` chosen). The server's field
 * errors go under their fields; the desk's lists and the loan's log refresh after it.
 */
export function LogContactDialog({ loanId, loanNo, promise, open, onClose }: { loanId: number; loanNo: string; promise?: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('collection');
  const { message } = useFeedback();
  const client = useQueryClient();
  const formName = useId();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const outcome = Form.useWatch('outcome', form);
  const save = useMutation({
    mutationFn: (v: Values) =>
      deskApi.log({ loanId, channel: v.channel, outcome: v.outcome, note: v.note, promiseAmount: v.outcome === 'promised' ? v.promiseAmount : undefined, promiseDate: v.outcome === 'promised' ? v.promiseDate?.format(DATE_FORMAT) : undefined }),
    onSuccess: () => {
      void message.success(t('success.contactLogged'));
      void client.invalidateQueries({ queryKey: DESK_KEY });
      void client.invalidateQueries({ queryKey: contactsKey(loanId) });
      onClose();
    },
    onError: (err) => {
      applyServerErrors(form, err, FIELDS);
      setError(err.message);
    },
  });
  const required = [{ required: true, message: t('validation:required') }];
  return (
    <Modal
      open={open}
      title={t(promise ? 'desk.dialog.promiseTitle' : 'desk.dialog.logTitle', { loanNo })}
      okText={t('desk.actions.save')}
      cancelText={t('forms.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formName, loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <Form<Values>
        form={form}
        name={formName}
        layout="vertical"
        initialValues={{ channel: 'call', outcome: promise ? 'promised' : 'noAnswer' }}
        onFinish={(v) => {
          setError(null);
          save.mutate(v);
        }}
      >
        <Form.Item name="channel" label={t('desk.fields.channel')} rules={required}>
          <Select options={CONTACT_CHANNELS.map((c) => ({ value: c, label: t(`desk.channels.${c}`) }))} />
        </Form.Item>
        <Form.Item name="outcome" label={t('desk.fields.outcome')} rules={required}>
          <Select options={CONTACT_OUTCOMES.map((o) => ({ value: o, label: t(`desk.outcomes.${o}`) }))} />
        </Form.Item>
        {outcome === 'promised' && (
          <>
            <Form.Item name="promiseAmount" label={t('desk.fields.promiseAmount')} rules={required}>
              <DecimalInput grouped />
            </Form.Item>
            <Form.Item name="promiseDate" label={t('desk.fields.promiseDate')} rules={required}>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={past} />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('desk.fields.note')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
