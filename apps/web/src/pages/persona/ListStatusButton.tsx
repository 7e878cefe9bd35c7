import { useId, useState } from 'react';
import { Button, Form, Input, Modal, Typography, theme } from 'antd';
import { StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_PERMISSIONS, type CustomerItem } from '@harbour/contracts';
import { Permission } from '../../components/Permission';
import { RowAction } from '../../generic/RowAction';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { personaApi } from './persona-api';

/**
 * Black / white list a customer (spec §4: add and remove with confirmation): a dialog that names
 * the customer, asks for the reason and confirms. Shown only to holders of `persona.listStatus`.
 */
export function ListStatusButton({
  customer,
  compact = false,
  onChanged,
}: {
  customer: Pick<CustomerItem, 'id' | 'name' | 'customerCode' | 'listStatus'>;
  compact?: boolean;
  onChanged?: (item: CustomerItem) => void;
}) {
  const { t } = useTranslation('customers');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const formName = useId();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const toBlack = customer.listStatus !== 'black';
  const { token } = theme.useToken();
  const change = useMutation({
    mutationFn: (reason: string) => personaApi.setListStatus(customer.id, toBlack ? 'black' : 'white', reason),
    onSuccess: (item) => {
      void message.success(t(toBlack ? 'success:blacklisted' : 'success:removedFromBlacklist'));
      setOpen(false);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: ['customers'] });
      onChanged?.(item);
    },
    onError: (err) => {
      if (applyServerErrors(form, err, ['reason']).length > 0 || !('errors' in err)) void message.error(err.message);
    },
  });
  const label = t(toBlack ? 'blacklist' : 'whitelist');
  const icon = toBlack ? <StopOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />;
  return (
    <Permission need={CUSTOMER_PERMISSIONS.listStatus}>
      {compact ? (
        <RowAction danger={toBlack} icon={icon} onClick={() => setOpen(true)}>
          {label}
        </RowAction>
      ) : (
        // The red icon marks the dangerous way; red text on white would not reach 4.5:1.
        <Button icon={<span style={{ color: toBlack ? token.colorError : token.colorSuccess, display: 'inline-flex' }}>{icon}</span>} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <Modal
        open={open}
        title={label}
        okText={label}
        cancelText={t('admin:resource.cancel')}
        okButtonProps={{ htmlType: 'submit', form: formName, loading: change.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(toBlack ? 'blacklistConfirm' : 'whitelistConfirm', { name: customer.name, code: customer.customerCode })}</Typography.Paragraph>
        <Form form={form} name={formName} layout="vertical" onFinish={(v) => change.mutate(v.reason)}>
          <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }, { max: 500, message: t('validation:tooLong', { max: 500 }) }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Permission>
  );
}
