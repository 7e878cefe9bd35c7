import { useId, useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_PERMISSIONS, type MemberItem } from '@harbour/contracts';
import { Permission } from '../../components/Permission';
import { applyServerErrors } from '../../generic/server-errors';
import { useFeedback } from '../../generic/use-feedback';
import { CustomerPicker } from '../loans/CustomerPicker';
import { membersApi, membersKey } from './members-api';

/**
 * Link the member to a customer record (or change the link): a dialog with the loan form's customer
 * picker, which searches the Persona list as typed (`GET /customers?q=`: part of a name or code, or
 * a whole ID number or phone; numbers come back masked). Shown only to holders of `member.link`.
 */
export function LinkCustomerButton({ member, onChanged }: { member: Pick<MemberItem, 'id' | 'displayName' | 'customerId'>; onChanged: (item: MemberItem) => void }) {
  const { t } = useTranslation('members');
  const { message } = useFeedback();
  const qc = useQueryClient();
  const formName = useId();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ customerId: number }>();
  const link = useMutation({
    mutationFn: (customerId: number) => membersApi.link(member.id, customerId),
    onSuccess: (item) => {
      void message.success(t('linked'));
      setOpen(false);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: membersKey });
      onChanged(item);
    },
    onError: (err) => {
      if (applyServerErrors(form, err, ['customerId']).length > 0 || !('errors' in err)) void message.error(err.message);
    },
  });
  const label = t(member.customerId === null ? 'link' : 'relink');
  return (
    <Permission need={MEMBER_PERMISSIONS.link}>
      <Button icon={<LinkOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={label}
        okText={t('link')}
        cancelText={t('admin:resource.cancel')}
        okButtonProps={{ htmlType: 'submit', form: formName, loading: link.isPending }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('linkConfirm', { name: member.displayName })}</Typography.Paragraph>
        <Form form={form} name={formName} layout="vertical" onFinish={(v) => link.mutate(v.customerId)}>
          <Form.Item name="customerId" label={t('pickCustomer')} extra={t('pickCustomerHint')} rules={[{ required: true, message: t('customerRequired') }]}>
            <CustomerPicker />
          </Form.Item>
        </Form>
      </Modal>
    </Permission>
  );
}
