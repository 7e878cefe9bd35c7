import { useId, useState } from 'react';
import { Flex, Form, Input, Modal, Switch, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerItem } from '@harbour/contracts';
import { usePermission } from '../../components/Permission';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { smsApi } from '../sms/sms-api';
import { customerKey } from './persona-api';

/**
 * The customer's SMS reminders: on or off. Everyone who sees the customer sees the state; holders
 * of `sms.optOut` get a switch that asks for a confirmation and an optional reason (kept in the
 * audit row) before `PUT /sms/preference`. An opted-out customer's loans stay on the SMS lists but
 * are never sent to.
 */
export function SmsOptOutSwitch({ customer }: { customer: Pick<CustomerItem, 'id' | 'name' | 'customerCode' | 'smsOptedOut' | 'smsLanguage'> }) {
  const { t } = useTranslation('reminders');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const formName = useId();
  const mayChange = usePermission('sms.optOut');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const on = !customer.smsOptedOut;
  const change = useMutation({
    mutationFn: (reason: string | undefined) =>
      smsApi.setPreference({ customerId: customer.id, optedOut: on, language: customer.smsLanguage, ...(reason ? { reason } : {}) }),
    onSuccess: (saved) => {
      void message.success(t(saved.optedOut ? 'optOut.doneOff' : 'optOut.doneOn'));
      setOpen(false);
      form.resetFields();
      qc.setQueryData<CustomerItem>(customerKey(customer.id), (c) => (c ? { ...c, smsOptedOut: saved.optedOut } : c));
      void qc.invalidateQueries({ queryKey: ['customers'] });
      void qc.invalidateQueries({ queryKey: ['sms'] });
    },
    onError: (err) => {
      if (applyServerErrors(form, err, ['reason']).length > 0 || !('errors' in err)) void message.error(err.message);
    },
  });
  const state = on ? <Tag color="#237804">{t('optOut.on')}</Tag> : <Tag color="#a8071a">{t('optOut.off')}</Tag>;
  if (!mayChange) return state;
  const title = t(on ? 'optOut.turnOff' : 'optOut.turnOn');
  return (
    <>
      <Flex align="center" gap={8} wrap>
        <Switch checked={on} aria-label={t('optOut.label')} loading={change.isPending} onChange={() => setOpen(true)} />
        {state}
      </Flex>
      <Modal
        open={open}
        title={title}
        okText={title}
        cancelText={t('send.cancel')}
        okButtonProps={{ htmlType: 'submit', form: formName, loading: change.isPending, danger: on }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(on ? 'optOut.confirmOff' : 'optOut.confirmOn', { name: customer.name, code: customer.customerCode })}</Typography.Paragraph>
        <Form form={form} name={formName} layout="vertical" onFinish={(v) => change.mutate(v.reason?.trim() || undefined)}>
          <Form.Item name="reason" label={t('optOut.reason')} rules={[{ max: 500, message: t('validation:tooLong', { max: 500 }) }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
